import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { session } from '../../../contract/session.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { recordSignInEvent } from '../../domain/signInEvents.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { invalidRealm, originOf, realmOf, resolveClient } from '../oauth2/oauth2.ts';
import {
  authenticateSeamlessSession,
  decideSeamlessSession,
  openSeamlessSession,
  seamlessStatus,
} from './seamless.ts';

/** QR sign-in ("seamless login"): the browser's calls, and the one the mobile app makes. */
export const seamlessRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  config: Config;
  /** The clock of the sessions' lifetimes (tests move it instead of waiting). */
  now: () => Date;
}> = async (app, { db, config, now }) => {
  app.route({
    ...routeOf('', session.calls.seamlessInit, 'session.seamlessInit'),
    handler: async (request, reply) => {
      const query = request.query;
      const client = await resolveClient(
        db,
        query.client_id,
        query.redirect_url,
        originOf(request.protocol, request.host),
      );
      const realm = realmOf(client.clientId);
      if (query.realm !== realm) throw invalidRealm();
      const opened = await openSeamlessSession(
        db,
        {
          client,
          realm,
          redirectUrl: query.redirect_url,
          responseMode: query.response_mode ?? 'form_post',
          state: query.state,
          ip: request.ip,
          ttlSec: config.seamlessSessionTtlSec,
          secret: config.jwtSecret,
        },
        now(),
      );
      return reply.header('cache-control', 'no-store').send(opened);
    },
  });

  app.route({
    ...routeOf('', session.calls.seamlessStatus, 'session.seamlessStatus'),
    handler: async (request, reply) => {
      const status = await seamlessStatus(db, request.params.sessionId, now());
      return reply.header('cache-control', 'no-store').send({ status });
    },
  });

  // The mobile app: its user signs in with POST /auth/signin, then approves or rejects with that token.
  app.route({
    ...routeOf('', session.calls.seamlessDecision, 'session.seamlessDecision'),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const at = now();
      await decideSeamlessSession(
        db,
        {
          sessionId: request.body.sessionId,
          decision: request.body.decision,
          account: caller.account,
        },
        at,
      );
      // A QR sign-in the app rejected (an approved one counts once the browser is granted its session).
      if (request.body.decision === 'REJECT') {
        await recordSignInEvent(db, request.log, {
          kind: 'sign-in',
          method: 'qr',
          outcome: 'failure',
          accountId: caller.account.id,
          customerId: caller.account.customerId,
          at,
        });
      }
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf('', session.calls.seamlessAuthenticate, 'session.seamlessAuthenticate'),
    handler: async (request, reply) => {
      const at = now();
      const { accountId, ...answer } = await authenticateSeamlessSession(
        db,
        {
          sessionId: request.body.sessionId,
          idSignature: request.body.idSignature,
          secret: config.jwtSecret,
        },
        at,
      );
      await recordSignInEvent(db, request.log, {
        kind: 'sign-in',
        method: 'qr',
        outcome: 'success',
        accountId,
        at,
      });
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
