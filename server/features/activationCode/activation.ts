import { eq } from 'drizzle-orm';
import { ACTIVATION_ERRORS, type ActivateBody, type Activation } from '../../../contract/activationCode.ts';
import type { Database } from '../../db/client.ts';
import { activationCodes, retiredActivationCodes, userDevices, users } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { normalizeCode, statusOf } from '../../domain/enrollment/codes.ts';
import { newTotpSeed, TOTP_SETTINGS } from '../../domain/enrollment/totp.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { conflict, notFound } from '../../errors.ts';

/**
 * The mobile app's activation (spec 02 §3, §4): a NEW code that has not expired activates once. In one
 * transaction the code turns ACTIVATED, the device is recorded with a new TOTP seed (sealed), and the user
 * is marked as having activated the app; the app receives the seed. A code that was used, has expired or was
 * replaced is refused with what happened to it; a deleted or unknown one is not found.
 */

const refused = (reason: keyof typeof ACTIVATION_ERRORS) => {
  const { key, text } = ACTIVATION_ERRORS[reason];
  return reason === 'notFound' ? notFound(key, text) : conflict(key, text);
};

export async function activateApp(
  db: Database,
  options: { sealer: Sealer; issuer: string; now?: Date },
  body: ActivateBody,
): Promise<Activation> {
  const code = normalizeCode(body.code);
  if (!code) throw refused('notFound');
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: activationCodes, username: users.username })
      .from(activationCodes)
      .innerJoin(users, eq(users.id, activationCodes.userId))
      .where(eq(activationCodes.code, code))
      .for('update', { of: activationCodes });
    if (!row) {
      const [retired] = await tx
        .select({ reason: retiredActivationCodes.reason })
        .from(retiredActivationCodes)
        .where(eq(retiredActivationCodes.code, code));
      throw refused(retired?.reason === 'REGENERATED' ? 'replaced' : 'notFound');
    }
    const status = statusOf(row.code, now);
    if (status === 'ACTIVATED') throw refused('used');
    if (status === 'EXPIRED') throw refused('expired');

    const seed = newTotpSeed();
    const deviceName = body.deviceName.trim() || 'Mobile app';
    await tx
      .update(activationCodes)
      .set({ status: 'ACTIVATED', activatedDate: now })
      .where(eq(activationCodes.id, row.code.id));
    await tx.insert(userDevices).values({
      customerId: row.code.customerId,
      userId: row.code.userId,
      tokenPackId: row.code.tokenPackId,
      deviceName,
      totpSeed: options.sealer.seal(seed),
      activatedDate: now,
    });
    await tx
      .update(users)
      .set({ appActivated: true, lastModifiedDate: now })
      .where(eq(users.id, row.code.userId));
    // Made by the user through the app: no account; the log names the user. Neither code nor seed is kept.
    await recordAudit(
      tx,
      { id: row.code.userId, email: `${row.username} (mobile app)` },
      {
        table: 'ActivationCode',
        action: 'ACTIVATE',
        entityId: row.code.id,
        customerId: row.code.customerId,
        changes: {
          status: { before: 'NEW', after: 'ACTIVATED' },
          device: { before: null, after: deviceName },
        },
      },
    );
    return {
      username: row.username,
      tokenPackId: row.code.tokenPackId,
      totpSeed: seed,
      ...TOTP_SETTINGS,
      issuer: options.issuer,
    };
  });
}
