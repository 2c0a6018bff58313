import { OAUTH2_ERRORS, session } from '../../../contract/session.ts';
import { fail } from '../../errors.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  accountInactive,
  authorizePortal,
  originOf,
  redeemForSession,
  resolveClient,
  storeAuthorizationRequest,
} from './oauth2.ts';

/** Where the sign-in page is, with the parameters it reads. */
const loginLocation = (params: Record<string, string>) => `/login?${new URLSearchParams(params).toString()}`;

/**
 * OAuth2 authorization code flow: applications send the user to the portal's sign-in page with an
 * authorization request; a sign-in (password or QR) issues a one-time code the application trades
 * for a session token at POST /auth/token.
 */
export function oauth2Routes(kit: Kit): void {
  // The sign-in page opened without a client: it signs in for the portal itself.
  kit.route(session, 'authorizeCustom', async (call) => {
    const origin = originOf(call.request.protocol, call.request.host);
    if (!origin) throw fail(OAUTH2_ERRORS.malformedHost);
    const clientId = call.services.config.portalClientId;
    const { state, redirectUri } = await authorizePortal(call.tx, clientId, origin);
    return call.reply
      .header('cache-control', 'no-store')
      .redirect(
        loginLocation({ client_id: clientId, redirect_uri: redirectUri, state, response_mode: 'query' }),
        302,
      );
  });

  kit.route(session, 'authorize', async (call) => {
    const { client_id, redirect_uri, state } = call.query;
    const origin = originOf(call.request.protocol, call.request.host);
    const client = await resolveClient(call.tx, client_id, redirect_uri, origin);
    await storeAuthorizationRequest(call.tx, {
      state,
      clientId: client.clientId,
      redirectUri: redirect_uri,
      responseMode: call.query.response_mode ?? 'form_post',
    });
    return call.reply
      .header('cache-control', 'no-store')
      .redirect(loginLocation({ client_id, redirect_uri, state }), 302);
  });

  // The code is used up in a transaction of its own, committed even when the session is refused.
  kit.route(session, 'token', { transaction: false }, async (call) => {
    const { code, client_id, redirect_uri } = call.body;
    const now = new Date();
    const answer = await call.transaction((tx) =>
      redeemForSession(
        tx,
        call.services.config,
        { code, clientId: client_id, redirectUri: redirect_uri },
        now,
      ),
    );
    if (!answer) throw accountInactive();
    return call.reply.header('cache-control', 'no-store').send(answer);
  });
}
