import { session } from '../../../contract/session.ts';
import { recordSignInEvent } from '../../domain/signInEvents.ts';
import type { Kit } from '../../kit/kit.ts';
import { invalidRealm, originOf, realmOf, resolveClient } from '../oauth2/oauth2.ts';
import {
  authenticateSeamlessSession,
  decideSeamlessSession,
  openSeamlessSession,
  seamlessStatus,
} from './seamless.ts';

/**
 * QR sign-in ("seamless login"): the browser's calls, and the one the mobile app makes. The dashboard's
 * sign-ins are recorded in a transaction of their own, after the answer's: recording one never fails it.
 */
export function seamlessRoutes(kit: Kit): void {
  kit.route(session, 'seamlessInit', async (call) => {
    const { query, services } = call;
    const client = await resolveClient(
      call.tx,
      query.client_id,
      query.redirect_url,
      originOf(call.request.protocol, call.request.host),
    );
    const realm = realmOf(client.clientId);
    if (query.realm !== realm) throw invalidRealm();
    const opened = await openSeamlessSession(
      call.tx,
      {
        client,
        realm,
        redirectUrl: query.redirect_url,
        responseMode: query.response_mode ?? 'form_post',
        state: query.state,
        ip: call.request.ip,
        ttlSec: services.config.seamlessSessionTtlSec,
        secret: services.config.jwtSecret,
      },
      services.now(),
    );
    return call.reply.header('cache-control', 'no-store').send(opened);
  });

  kit.route(session, 'seamlessStatus', async (call) => {
    const status = await seamlessStatus(call.tx, call.params.sessionId, call.services.now());
    return call.reply.header('cache-control', 'no-store').send({ status });
  });

  // The mobile app: its user signs in with POST /auth/signin, then approves or rejects with that token.
  kit.route(session, 'seamlessDecision', { transaction: false }, async (call) => {
    const { account } = call.caller;
    const { sessionId, decision } = call.body;
    const at = call.services.now();
    await call.transaction((tx) => decideSeamlessSession(tx, { sessionId, decision, account }, at));
    // A QR sign-in the app rejected (an approved one counts once the browser is granted its session).
    if (decision === 'REJECT') {
      await call.transaction((tx) =>
        recordSignInEvent(tx, call.request.log, {
          kind: 'sign-in',
          method: 'qr',
          outcome: 'failure',
          accountId: account.id,
          customerId: account.customerId,
          at,
        }),
      );
    }
    return call.reply.status(204).send();
  });

  kit.route(session, 'seamlessAuthenticate', { transaction: false }, async (call) => {
    const at = call.services.now();
    const { sessionId, idSignature } = call.body;
    const { accountId, ...answer } = await call.transaction((tx) =>
      authenticateSeamlessSession(tx, { sessionId, idSignature, secret: call.services.config.jwtSecret }, at),
    );
    await call.transaction((tx) =>
      recordSignInEvent(tx, call.request.log, {
        kind: 'sign-in',
        method: 'qr',
        outcome: 'success',
        accountId,
        at,
      }),
    );
    return call.reply.header('cache-control', 'no-store').send(answer);
  });
}
