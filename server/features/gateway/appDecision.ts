import { and, eq, inArray } from 'drizzle-orm';
import { GATEWAY_ERRORS, type GatewayDecisionBody } from '../../../contract/gateway.ts';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { gatewayRequests, tokenPacks, userDevices, users } from '../../db/schema.ts';
import { checkCode, deviceCandidateFields, deviceWriter } from '../../domain/enrollment/codeCheck.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';
import type { Transactions } from '../session/sessions.ts';
import { waitingPushes } from './decision.ts';

/**
 * The app's answer to the sign-ins a gateway holds for its user (push mode, decision.ts): the user named by
 * the token pack and user name the activation gave the app, proved with the current code of an app the
 * user activated in that pack (a code works once; five wrong ones lock the apps for 15 minutes). Every
 * waiting push of the user in the pack takes the answer. An unknown pack or user, or one without an app,
 * is answered as a wrong code; nothing waiting, once the code is right: 404, and the code is not used up.
 */
export async function decideHeldPushes(
  transaction: Transactions,
  sealer: Sealer,
  body: GatewayDecisionBody,
  now: Date,
): Promise<{ answered: number; customerId: string; userId: string }> {
  const outcome = await transaction(async (tx) => {
    const packId = body.tokenPackId.toLowerCase();
    const [pack] = UUID_PATTERN.test(packId)
      ? await tx
          .select({ customerId: tokenPacks.customerId, directoryId: tokenPacks.primaryDirectoryId })
          .from(tokenPacks)
          .where(eq(tokenPacks.id, packId))
      : [];
    if (!pack?.directoryId) return { refused: 'wrong' as const, customerId: null, userId: null };
    return withinCustomer(tx, pack.customerId, async (inCustomer: Database) => {
      const named = await inCustomer
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.directoryId, pack.directoryId!),
            eq(users.username, body.username),
            eq(users.status, 'ACTIVE'),
          ),
        );
      const ids = named.map((user) => user.id);
      if (ids.length === 0) return { refused: 'wrong' as const, customerId: pack.customerId, userId: null };
      const devices = await inCustomer
        .select(deviceCandidateFields)
        .from(userDevices)
        .where(and(eq(userDevices.tokenPackId, packId), inArray(userDevices.userId, ids)))
        .orderBy(userDevices.activatedDate, userDevices.id)
        .for('update');
      const [waiting] = await inCustomer
        .select({ id: gatewayRequests.id })
        .from(gatewayRequests)
        .where(waitingPushes(packId, ids, now))
        .limit(1);
      // Nothing waiting: a right code is not used up (the app may answer the push that comes next with
      // it); a wrong one counts all the same, so that the answer does not tell whether one is waiting.
      const write = deviceWriter(inCustomer, now, false);
      const checked = await checkCode(sealer, devices, body.code, now, (candidate, values, matched) =>
        !waiting && values.failedAttempts === 0 ? Promise.resolve() : write(candidate, values, matched),
      );
      const userId = ids[0]!;
      if (checked.outcome === 'locked')
        return { refused: 'locked' as const, customerId: pack.customerId, userId };
      if (checked.outcome !== 'match')
        return { refused: 'wrong' as const, customerId: pack.customerId, userId };
      const answered = await inCustomer
        .update(gatewayRequests)
        .set({ status: body.decision })
        .where(waitingPushes(packId, ids, now))
        .returning({ id: gatewayRequests.id });
      return { answered: answered.length, customerId: pack.customerId, userId };
    });
  });
  if ('refused' in outcome) {
    throw fail(outcome.refused === 'locked' ? GATEWAY_ERRORS.locked : GATEWAY_ERRORS.wrongCode);
  }
  if (outcome.answered === 0) throw fail(GATEWAY_ERRORS.nothingWaiting);
  return outcome;
}
