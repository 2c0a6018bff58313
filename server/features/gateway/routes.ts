import { gatewayApp } from '../../../contract/gateway.ts';
import { user } from '../../../contract/user.ts';
import { recordSignInEvent } from '../../domain/signInEvents.ts';
import type { Kit } from '../../kit/kit.ts';
import { userRows } from '../user/users.ts';
import { decideHeldPushes } from './appDecision.ts';
import { userSignIns } from './signInLog.ts';

/**
 * The gateway's calls over HTTP (its RADIUS server is radius/listener.ts): the app's answer to a held push,
 * and a user's sign-in log (the Troubleshooting log).
 */
export function gatewayRoutes(kit: Kit): void {
  kit.route(gatewayApp, 'decision', { transaction: false }, async (call) => {
    const at = call.services.now();
    const decided = await decideHeldPushes(call.transaction, call.services.sealer, call.body, at);
    await call.asCustomer(decided.customerId, (tx) =>
      recordSignInEvent(tx, call.request.log, {
        kind: 'approval',
        method: 'app',
        outcome: call.body.decision === 'APPROVE' ? 'success' : 'failure',
        userId: decided.userId,
        customerId: decided.customerId,
        at,
      }),
    );
    return { answered: decided.answered };
  });

  kit.route(user, 'gatewaySignIns', async (call) => {
    const found = await userRows.find(call, call.params.id);
    return userSignIns(call.tx, found.id);
  });
}
