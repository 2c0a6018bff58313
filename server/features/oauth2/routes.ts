import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { session } from '../../../contract/session.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, customers } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import {
  accountInactive,
  openSession,
  originOf,
  PORTAL_REDIRECT_PATH,
  randomToken,
  redeemAuthorizationCode,
  resolveClient,
  storeAuthorizationRequest,
} from './oauth2.ts';

const malformedHost = () => badRequest('error.request.invalid', 'The request could not be understood.');

/** Where the sign-in page is, with the parameters it reads. */
const loginLocation = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;

/**
 * OAuth2 authorization code flow: applications send the user to the portal's sign-in page with an
 * authorization request; a sign-in (password or QR) issues a one-time code the application trades
 * for a session token at POST /auth/token.
 */
export const oauth2Routes: FastifyPluginAsyncTypebox<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  // The sign-in page opened without a client: it signs in for the portal itself.
  app.route({
    ...routeOf('', session.calls.authorizeCustom, 'session.authorizeCustom'),
    handler: async (request, reply) => {
      const origin = originOf(request.protocol, request.host);
      if (!origin) throw malformedHost();
      const state = randomToken(24);
      const redirectUri = `${origin}${PORTAL_REDIRECT_PATH}`;
      await storeAuthorizationRequest(db, {
        state,
        clientId: config.portalClientId,
        redirectUri,
        responseMode: 'query',
      });
      return reply.header('cache-control', 'no-store').redirect(
        loginLocation({
          client_id: config.portalClientId,
          redirect_uri: redirectUri,
          state,
          response_mode: 'query',
        }),
        302,
      );
    },
  });

  app.route({
    ...routeOf('', session.calls.authorize, 'session.authorize'),
    handler: async (request, reply) => {
      const { client_id, redirect_uri, state } = request.query;
      const client = await resolveClient(
        db,
        client_id,
        redirect_uri,
        originOf(request.protocol, request.host),
      );
      await storeAuthorizationRequest(db, {
        state,
        clientId: client.clientId,
        redirectUri: redirect_uri,
        responseMode: request.query.response_mode ?? 'form_post',
      });
      return reply
        .header('cache-control', 'no-store')
        .redirect(loginLocation({ client_id, redirect_uri, state }), 302);
    },
  });

  app.route({
    ...routeOf('', session.calls.token, 'session.token'),
    handler: async (request, reply) => {
      const now = new Date();
      const { code, client_id, redirect_uri } = request.body;
      const answer = await db.transaction(async (tx) => {
        const accountId = await redeemAuthorizationCode(
          tx,
          { code, clientId: client_id, redirectUri: redirect_uri },
          now,
        );
        const [account] = await tx
          .select({
            id: accounts.id,
            status: accounts.status,
            customerId: accounts.customerId,
            customerStatus: customers.status,
            forceChangePassword: accounts.forceChangePassword,
          })
          .from(accounts)
          .leftJoin(customers, eq(customers.id, accounts.customerId))
          .where(eq(accounts.id, accountId));
        const active =
          account?.status === 'ACTIVE' &&
          (account.customerId === null || account.customerStatus === 'ACTIVE');
        // The code stays used up: it is refused the same way on a second try.
        if (!account || !active) return undefined;
        return openSession(tx, config, account, now);
      });
      if (!answer) throw accountInactive();
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
};
