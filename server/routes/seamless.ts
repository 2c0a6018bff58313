import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/guard.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { invalidRealm, originOf, realmOf, resolveClient } from '../domain/oauth2.ts';
import {
  authenticateSeamlessSession,
  decideSeamlessSession,
  openSeamlessSession,
  seamlessStatus,
} from '../domain/seamless.ts';

const ResponseMode = Type.Union([Type.Literal('form_post'), Type.Literal('query')]);

const InitSessionQuery = Type.Object({
  realm: Type.String({ minLength: 1, maxLength: 200 }),
  client_id: Type.String({ minLength: 1, maxLength: 200 }),
  redirect_url: Type.String({ minLength: 1, maxLength: 2048 }),
  response_type: Type.Optional(Type.Literal('code')),
  response_mode: Type.Optional(ResponseMode),
  state: Type.String({ minLength: 1, maxLength: 512 }),
});

const InitSessionAnswer = Type.Object({
  sessionId: Type.String(),
  idSignature: Type.String(),
  expiresInSec: Type.Integer(),
});

/** Any text: an id that is not a session's is answered 404, as an unknown one. */
const StatusParams = Type.Object({ sessionId: Type.String() });

const StatusAnswer = Type.Object({
  status: Type.Union([
    Type.Literal('INITIAL'),
    Type.Literal('APPROVE'),
    Type.Literal('REJECT'),
    Type.Literal('TIMEOUT'),
  ]),
});

const DecisionBody = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100 }),
  decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
});

const AuthenticateBody = Type.Object({
  sessionId: Type.String({ minLength: 1, maxLength: 100 }),
  idSignature: Type.String({ minLength: 1, maxLength: 200 }),
});

const AuthenticateAnswer = Type.Object({
  redirectUrl: Type.String(),
  responseMode: ResponseMode,
  fields: Type.Object({ code: Type.String(), state: Type.String() }),
});

/** QR sign-in ("seamless login"): the browser's calls, and the one the mobile app makes. */
export const seamlessRoutes: FastifyPluginAsyncTypebox<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/v-key-seamless/init-session',
    {
      config: { access: { public: true }, limit: 'public' },
      schema: { querystring: InitSessionQuery, response: { 200: InitSessionAnswer } },
    },
    async (request, reply) => {
      const query = request.query;
      const client = await resolveClient(
        db,
        query.client_id,
        query.redirect_url,
        originOf(request.protocol, request.host),
      );
      const realm = realmOf(client.clientId);
      if (query.realm !== realm) throw invalidRealm();
      const opened = await openSeamlessSession(db, {
        client,
        realm,
        redirectUrl: query.redirect_url,
        responseMode: query.response_mode ?? 'form_post',
        state: query.state,
        ip: request.ip,
        ttlSec: config.seamlessSessionTtlSec,
        secret: config.jwtSecret,
      });
      return reply.header('cache-control', 'no-store').send(opened);
    },
  );

  app.get(
    '/service-mgmt/seamless/get-request-status-by-id/:sessionId',
    {
      config: { access: { public: true }, limit: 'public' },
      schema: { params: StatusParams, response: { 200: StatusAnswer } },
    },
    async (request, reply) => {
      const status = await seamlessStatus(db, request.params.sessionId);
      return reply.header('cache-control', 'no-store').send({ status });
    },
  );

  // The mobile app: its user signs in with POST /auth/signin, then approves or rejects with that token.
  app.post(
    '/v-key-seamless/app/decision',
    { config: { access: {} }, schema: { body: DecisionBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      await decideSeamlessSession(db, {
        sessionId: request.body.sessionId,
        decision: request.body.decision,
        account: caller.account,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/v-key-seamless/authenticate',
    {
      config: { access: { public: true }, limit: 'public' },
      schema: { body: AuthenticateBody, response: { 200: AuthenticateAnswer } },
    },
    async (request, reply) => {
      const answer = await authenticateSeamlessSession(db, {
        sessionId: request.body.sessionId,
        idSignature: request.body.idSignature,
        secret: config.jwtSecret,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
