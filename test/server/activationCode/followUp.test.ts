import { and, eq, inArray } from 'drizzle-orm';
import { activationCodes, auditLog, mailMessages } from '../../../server/db/schema.ts';
import * as activation from './fixtures.ts';

/**
 * Following a token pack's activation up: how many of its codes are pending, expired and activated; and
 * Re-issue expired, which gives the expired codes new ones (the old ones refused as replaced) and emails
 * them to their users, writing one audit entry. Another customer's pack answers 404.
 */

const { ctx, calls, acme, globex } = activation.codeSuite(2);
const { storedCodes } = activation;

/** A fresh pack of Acme's with `count` users (the last `without` of them without an email), its codes made. */
const packWithCodes = (count: number, without = 0) => activation.packWithCodes(ctx, acme, count, without);

const expire = (ids: string[]) =>
  ctx.db
    .update(activationCodes)
    .set({ expireDate: new Date(Date.now() - 60_000) })
    .where(inArray(activationCodes.id, ids));

describe("a token pack's activation follow-up", () => {
  it('counts the codes pending, expired and activated', async () => {
    const { packId, codes } = await packWithCodes(6);
    expect((await calls.summary(acme.admin, acme.id, packId)).body).toEqual({
      total: 6,
      pending: 6,
      expired: 0,
      activated: 0,
    });
    await expire([codes[0]!.id, codes[1]!.id]);
    expect((await calls.activate(codes[2]!.code)).status).toBe(200);
    expect((await calls.summary(acme.admin, acme.id, packId)).body).toEqual({
      total: 6,
      pending: 3,
      expired: 2,
      activated: 1,
    });
  });

  it('re-issues the expired codes only, mails them, and audits it once', async () => {
    const { packId, codes } = await packWithCodes(5, 1);
    // One of them has an email address, the other not.
    const expiredCodes = [codes.find((code) => code.email)!, codes.find((code) => !code.email)!];
    await expire(expiredCodes.map((code) => code.id));
    const mailsBefore = (await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length;

    const answer = await calls.reissueExpired(acme.admin, acme.id, packId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ reissued: 2, queued: 1, skipped: 1 });
    const mailsAfter = (await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length;
    expect(mailsAfter - mailsBefore).toBe(1);
    const [mail] = await ctx.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, expiredCodes[0]!.email!));
    expect(mail!.text).toContain(
      (await storedCodes(ctx, packId)).find((code) => code.id === expiredCodes[0]!.id)!.code,
    );

    const after = await storedCodes(ctx, packId);
    for (const old of expiredCodes) {
      const now = after.find((code) => code.id === old.id)!;
      expect(now.code).not.toBe(old.code);
      expect(now.expireDate.getTime()).toBeGreaterThan(Date.now());
      // The old code is refused as replaced.
      expect((await calls.activate(old.code)).body.messageKey).toBe('error.activationCode.replaced');
    }
    // The others are as they were.
    for (const kept of codes.filter((code) => !expiredCodes.includes(code)))
      expect(after.find((code) => code.id === kept.id)!.code).toBe(kept.code);
    expect((await calls.summary(acme.admin, acme.id, packId)).body).toMatchObject({ pending: 5, expired: 0 });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, packId), eq(auditLog.tableName, 'ActivationCode')));
    expect(entries.filter((entry) => entry.action === 'UPDATE')).toHaveLength(1);
    // A second re-issue has nothing to do.
    expect((await calls.reissueExpired(acme.admin, acme.id, packId)).body).toEqual({
      reissued: 0,
      queued: 0,
      skipped: 0,
    });
  });

  it("answers 404 for another customer's pack, changing nothing", async () => {
    const { packId } = await packWithCodes(1);
    expect((await calls.summary(globex.admin, globex.id, packId)).status).toBe(404);
    expect((await calls.reissueExpired(globex.admin, globex.id, packId)).status).toBe(404);
    expect((await calls.summary(globex.admin, acme.id, packId)).status).toBe(404);
  });
});
