import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inReach, withinCustomer } from '../../db/reach.ts';
import { activationCodes, auditLog, tokenPacks, users } from '../../db/schema.ts';
import { entityNameOf } from '../../domain/audit.ts';
import type { Scope } from '../../kit/call.ts';
import type { Listener, ListenerContext } from '../../kit/feature.ts';
import { anyId, sendCodes } from './activationCodes.ts';

/**
 * The activation reminder (a token pack's `activationReminderDays`, off by default): every N days, each user
 * whose code is still pending (not activated, not expired) is sent it again, through the outbox or SMTP as
 * every activation mail. A code is reminded N days after it was made or last reminded, and never twice in a
 * day whatever N and however many instances run (the code's row is locked while it is reminded, and the
 * next instance finds it reminded). Each pack's reminders of a run are one audit entry.
 */

/** How often the server looks for reminders due. */
export const REMINDER_CHECK_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the audit log names as having sent the reminders. */
export const REMINDER_AUTHOR = 'activation-reminder';

export interface ReminderOutgoing {
  mail: Parameters<typeof sendCodes>[3]['mail'];
  productName: string;
  /** The portal's address, for the link in the mail. */
  origin: string;
}

/** Sends the reminders due at `now`; answers how many codes were reminded, by pack. */
export async function sendReminders(
  db: Database,
  outgoing: ReminderOutgoing,
  now = new Date(),
): Promise<Map<string, number>> {
  const packs = await inReach(db, 'all', (tx) =>
    tx
      .select({
        id: tokenPacks.id,
        customerId: tokenPacks.customerId,
        name: tokenPacks.name,
        days: tokenPacks.activationReminderDays,
      })
      .from(tokenPacks)
      .where(isNotNull(tokenPacks.activationReminderDays)),
  );
  const reminded = new Map<string, number>();
  for (const pack of packs) {
    const days = pack.days!;
    const count = await withinCustomer(db, pack.customerId, async (tx) => {
      const due = await tx
        .select({ id: activationCodes.id })
        .from(activationCodes)
        .innerJoin(users, eq(users.id, activationCodes.userId))
        .where(
          and(
            eq(activationCodes.tokenPackId, pack.id),
            eq(activationCodes.status, 'NEW'),
            sql`${activationCodes.expireDate} > ${now}`,
            sql`coalesce(${activationCodes.remindedDate}, ${activationCodes.lastModifiedDate}) <= ${new Date(now.getTime() - days * DAY_MS)}`,
            sql`(${activationCodes.remindedDate} is null or ${activationCodes.remindedDate} <= ${new Date(now.getTime() - DAY_MS)})`,
            sql`nullif(trim(${users.email}), '') is not null`,
          ),
        )
        .for('update', { of: activationCodes, skipLocked: true });
      const ids = due.map((row) => row.id);
      if (ids.length === 0) return 0;
      const scope = { tx, customer: pack.customerId, origin: outgoing.origin } as Scope & {
        customer: string;
      };
      const { queued } = await sendCodes(scope, ids, undefined, outgoing);
      await tx.update(activationCodes).set({ remindedDate: now }).where(anyId(activationCodes.id, ids));
      await tx.insert(auditLog).values({
        customerId: pack.customerId,
        tableName: 'ActivationCode',
        action: 'UPDATE',
        entityId: pack.id,
        entityName: entityNameOf(pack),
        modifiedBy: REMINDER_AUTHOR,
        modifiedById: null,
        modifiedByName: null,
        changes: { reminded: { before: null, after: queued }, reminderDays: { before: null, after: days } },
      });
      return queued;
    });
    if (count > 0) reminded.set(pack.id, count);
  }
  return reminded;
}

/** Looks for reminders due at the start and every hour while the app runs. */
export async function listenReminders({ db, services, log }: ListenerContext): Promise<Listener> {
  const origin = services.config.publicUrl ?? `http://${services.config.host}:${services.config.port}`;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sendReminders(db, {
      mail: services.mail,
      productName: services.config.productName,
      origin,
    })
      .then((reminded) => {
        const total = [...reminded.values()].reduce((sum, count) => sum + count, 0);
        if (total > 0) log.info({ reminded: total, packs: reminded.size }, 'activation reminders queued');
      })
      .catch((error: unknown) => log.error({ err: error }, 'activation reminders failed'));
  };
  const timer = setInterval(run, REMINDER_CHECK_MS);
  timer.unref();
  run();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
