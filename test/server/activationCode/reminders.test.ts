import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { activationCodes, auditLog, mailMessages, tokenPacks } from '../../../server/db/schema.ts';
import { createMailQueue } from '../../../server/domain/mail/index.ts';
import { REMINDER_AUTHOR, sendReminders } from '../../../server/features/activationCode/reminders.ts';
import { testConfig } from '../helpers.ts';
import * as activation from './fixtures.ts';

/**
 * The activation reminder: a pack that asks for one every N days mails its pending users their code N days
 * after it was made or last reminded, never twice in a day, never to an activated or expired code or a user
 * without an address; each pack's reminders of a run are one audit entry. A pack without it reminds nobody.
 */

const { ctx, calls, acme } = activation.codeSuite(2);
const { addUsers, newDirectory, newPack, storedCodes } = activation;
const DAY = 24 * 60 * 60 * 1000;

async function packWithCodes(count: number, reminderDays: number | null) {
  const directoryId = await newDirectory(ctx, acme.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, acme.id, `Pack ${randomUUID().slice(0, 8)}`, directoryId);
  await addUsers(ctx, { customerId: acme.id, directoryId }, count - 1);
  await addUsers(ctx, { customerId: acme.id, directoryId }, 1, { email: false });
  expect((await calls.generate(acme.admin, acme.id, packId)).status).toBe(200);
  await ctx.db
    .update(tokenPacks)
    .set({ activationReminderDays: reminderDays })
    .where(eq(tokenPacks.id, packId));
  return { packId, codes: await storedCodes(ctx, packId) };
}

// The outbox (no SMTP server here): messages are written to mail_messages in the reminder's transaction.
const outgoing = () => ({
  mail: createMailQueue({ db: ctx.db, config: testConfig() }),
  productName: 'Gateway',
  origin: 'https://portal.example.test',
});

const mailsTo = async (addresses: string[]) =>
  ctx.db.select().from(mailMessages).where(inArray(mailMessages.to, addresses));

describe('the activation reminder', () => {
  it('mails pending users N days after their code was made, once a day at most, and audits each run', async () => {
    const { packId, codes } = await packWithCodes(4, 3);
    const [activated, expired, pending] = codes.filter((code) => code.email);
    expect((await calls.activate(activated!.code)).status).toBe(200);
    await ctx.db
      .update(activationCodes)
      .set({ expireDate: new Date(Date.now() - DAY) })
      .where(eq(activationCodes.id, expired!.id));
    const made = codes[0]!.lastModifiedDate.getTime();

    // Two days on: not yet.
    expect((await sendReminders(ctx.db, outgoing(), new Date(made + 2 * DAY))).get(packId)).toBeUndefined();
    // Three days on: the pending user with an address, alone.
    const first = await sendReminders(ctx.db, outgoing(), new Date(made + 3 * DAY + 1000));
    expect(first.get(packId)).toBe(1);
    const sent = await mailsTo([pending!.email!, activated!.email!, expired!.email!]);
    expect(sent.map((mail) => mail.to)).toEqual([pending!.email]);
    expect(sent[0]!.text).toContain(pending!.code);
    // The same day again, and two days later: nothing (every 3 days).
    expect(
      (await sendReminders(ctx.db, outgoing(), new Date(made + 3 * DAY + 5000))).get(packId),
    ).toBeUndefined();
    expect((await sendReminders(ctx.db, outgoing(), new Date(made + 5 * DAY))).get(packId)).toBeUndefined();
    // Three days after the first reminder: the second.
    expect((await sendReminders(ctx.db, outgoing(), new Date(made + 6 * DAY + 2000))).get(packId)).toBe(1);
    expect(await mailsTo([pending!.email!])).toHaveLength(2);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, packId), eq(auditLog.modifiedBy, REMINDER_AUTHOR)));
    expect(entries).toHaveLength(2);
    expect(entries[0]!.changes).toMatchObject({ reminded: { after: 1 }, reminderDays: { after: 3 } });
  });

  it('reminds nobody of a pack that does not ask for it', async () => {
    const { packId, codes } = await packWithCodes(2, null);
    const later = new Date(codes[0]!.lastModifiedDate.getTime() + 20 * DAY);
    expect((await sendReminders(ctx.db, outgoing(), later)).get(packId)).toBeUndefined();
  });
});
