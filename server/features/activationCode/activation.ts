import { eq } from 'drizzle-orm';
import { ACTIVATION_ERRORS, type ActivateBody, type Activation } from '../../../contract/activationCode.ts';
import type { Database } from '../../db/client.ts';
import { activationCodes, retiredActivationCodes, userDevices, users } from '../../db/schema.ts';
import { normalizeCode, statusOf } from '../../domain/enrollment/codes.ts';
import { newTotpSeed, TOTP_SETTINGS } from '../../domain/enrollment/totp.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import type { AuditWriter, CallBase } from '../../kit/call.ts';

/**
 * The mobile app's activation (docs/requirements/billing-services-entities.md, docs/requirements/billing-services-states.md): a NEW code that has not expired activates once. The code
 * names its customer (found outside any customer: the call is public); then, in one transaction in that
 * customer's reach, the code turns ACTIVATED, the device is recorded with a new TOTP seed (sealed), and the
 * user is marked as having activated the app; the app receives the seed. A code that was used, has expired
 * or was replaced is refused with what happened to it; a deleted or unknown one is not found.
 */

/** A code that is no current one: replaced (re-generated), or not found (deleted, unknown). */
async function refusalOf(tx: Database, code: string): Promise<never> {
  const [retired] = await tx
    .select({ reason: retiredActivationCodes.reason })
    .from(retiredActivationCodes)
    .where(eq(retiredActivationCodes.code, code));
  throw fail(retired?.reason === 'REGENERATED' ? ACTIVATION_ERRORS.replaced : ACTIVATION_ERRORS.notFound);
}

/** The customer of a current code (read across customers), or the code's refusal. */
async function customerOfCode(tx: Database, code: string): Promise<string> {
  const [row] = await tx
    .select({ customerId: activationCodes.customerId })
    .from(activationCodes)
    .where(eq(activationCodes.code, code));
  return row ? row.customerId : refusalOf(tx, code);
}

/** Activates the code in its customer's transaction (the code locked until it ends). */
async function activateInCustomer(
  tx: Database,
  audit: AuditWriter,
  code: string,
  deviceName: string,
  options: { sealer: Sealer; issuer: string; now: Date },
): Promise<Activation> {
  const [row] = await tx
    .select({ code: activationCodes, username: users.username })
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.userId))
    .where(eq(activationCodes.code, code))
    .for('update', { of: activationCodes });
  // Deleted or re-generated since its customer was found.
  if (!row) return refusalOf(tx, code);
  const status = statusOf(row.code, options.now);
  if (status === 'ACTIVATED') throw fail(ACTIVATION_ERRORS.used);
  if (status === 'EXPIRED') throw fail(ACTIVATION_ERRORS.expired);

  const seed = newTotpSeed();
  await tx
    .update(activationCodes)
    .set({ status: 'ACTIVATED', activatedDate: options.now })
    .where(eq(activationCodes.id, row.code.id));
  await tx.insert(userDevices).values({
    customerId: row.code.customerId,
    userId: row.code.userId,
    tokenPackId: row.code.tokenPackId,
    deviceName,
    totpSeed: options.sealer.seal(seed),
    activatedDate: options.now,
  });
  await tx
    .update(users)
    .set({ appActivated: true, lastModifiedDate: options.now })
    .where(eq(users.id, row.code.userId));
  // Made by the user through the app: no account; the log names the user. Neither code nor seed is kept.
  await audit({
    by: { id: row.code.userId, email: `${row.username} (mobile app)` },
    table: 'ActivationCode',
    action: 'ACTIVATE',
    entityId: row.code.id,
    customerId: row.code.customerId,
    changes: {
      status: { before: 'NEW', after: 'ACTIVATED' },
      device: { before: null, after: deviceName },
    },
  });
  return {
    username: row.username,
    tokenPackId: row.code.tokenPackId,
    totpSeed: seed,
    ...TOTP_SETTINGS,
    issuer: options.issuer,
  };
}

/** The activation call (see above), through the call's transactions. */
export async function activateApp(
  call: Pick<CallBase<unknown>, 'transaction' | 'asCustomer'>,
  options: { sealer: Sealer; issuer: string; now?: Date },
  body: ActivateBody,
): Promise<Activation> {
  const code = normalizeCode(body.code);
  if (!code) throw fail(ACTIVATION_ERRORS.notFound);
  const now = options.now ?? new Date();
  const deviceName = body.deviceName.trim() || 'Mobile app';
  const customerId = await call.transaction((tx) => customerOfCode(tx, code));
  return call.asCustomer(customerId, (tx, audit) =>
    activateInCustomer(tx, audit, code, deviceName, { ...options, now }),
  );
}
