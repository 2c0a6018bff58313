import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { BULK_BATCH, type BulkJob } from '../../../contract/bulk.ts';
import { auditLog, mailMessages } from '../../../server/db/schema.ts';
import { signedIn } from '../fixtures/admin.ts';
import { newService, OTP_BASE, otpCalls, storedSeeds } from '../otp/fixtures.ts';
import * as activation from './fixtures.ts';

/**
 * Bulk actions over every code a code list's filters match (server/kit/bulk.ts through the lists' own
 * sources): re-generate, send and delete activation codes of a token pack and OTP seeds of a service, the
 * picked ones or all matching, across batches, with one audit entry; the parent filter required and the
 * customer's own, another customer's codes never touched.
 */

const { ctx, calls, acme, globex } = activation.codeSuite(3);
const { addUsers, storedCodes, BASE } = activation;

/** A fresh pack of Acme's with `count` users (the last `without` of them without an email), its codes made. */
const packWithCodes = (count: number, without = 0) => activation.packWithCodes(ctx, acme, count, without);

const codeList = (customerId = acme.id) => `${BASE}/${customerId}/search`;

async function ended(list: string, answer: { status: number; body: unknown }, token = acme.admin) {
  expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
  let job = answer.body as BulkJob;
  while (job.status === 'RUNNING') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = (await ctx.call('GET', `${list}/bulk/jobs/${job.id}`, { token })).body as BulkJob;
  }
  return job;
}

const start = (action: string, filter: Record<string, unknown>, token = acme.admin, list = codeList()) =>
  ctx.call('POST', `${list}/bulk/${action}`, { token, json: { filter } });

const mails = async () => (await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length;

describe("bulk actions over a token pack's activation codes", () => {
  it('re-generates every code of the pack across batches, and audits the job once', async () => {
    const count = BULK_BATCH + 25;
    const { packId, codes } = await packWithCodes(count);
    const job = await ended(codeList(), await start('regenerate', { tokenPackId: packId }));
    expect(job).toMatchObject({ status: 'DONE', total: count, done: count, changed: count });
    const after = new Map((await storedCodes(ctx, packId)).map((code) => [code.id, code.code]));
    expect(codes.every((code) => after.get(code.id) !== code.code)).toBe(true);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, 'UPDATE')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.tableName).toBe('ActivationCode');
  });

  it('sends the codes the filters match to the users who have an address; changed counts the emails', async () => {
    const { packId } = await packWithCodes(4, 1);
    const before = await mails();
    const job = await ended(codeList(), await start('sendMail', { tokenPackId: packId }));
    expect(job).toMatchObject({ status: 'DONE', total: 4, changed: 3 });
    expect((await mails()) - before).toBe(3);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, job.id));
    expect(entry!.action).toBe('SEND');
  });

  it('deletes the picked codes only; the old codes no longer activate', async () => {
    const { packId, codes } = await packWithCodes(3);
    const picked = codes[1]!;
    const job = await ended(codeList(), await start('delete', { tokenPackId: packId, id: [picked.id] }));
    expect(job).toMatchObject({ status: 'DONE', total: 1, changed: 1 });
    expect((await storedCodes(ctx, packId)).map((code) => code.id)).toEqual([codes[0]!.id, codes[2]!.id]);
    expect((await calls.activate(picked.code)).status).not.toBe(200);
  });

  it("needs the pack, the customer's own: another customer's pack is a 404 and its codes stay", async () => {
    const missing = await start('delete', {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('tokenPackId');
    const rivalCodes = await storedCodes(ctx, globex.packId);
    expect((await start('delete', { tokenPackId: globex.packId })).status).toBe(404);
    expect(
      (await start('delete', { tokenPackId: globex.packId }, acme.admin, codeList(globex.id))).status,
    ).toBe(404);
    // Ids of another customer's codes under one's own pack match nothing.
    const { packId } = await packWithCodes(1);
    const job = await ended(
      codeList(),
      await start('delete', { tokenPackId: packId, id: rivalCodes.map((code) => code.id) }),
    );
    expect(job).toMatchObject({ total: 0, changed: 0 });
    expect(await storedCodes(ctx, globex.packId)).toHaveLength(rivalCodes.length);
  });

  it('is refused to a caller whose roles do not give token-pack:delete', async () => {
    const { packId } = await packWithCodes(1);
    const role = await ctx.createRole({
      name: `viewer-${randomUUID().slice(0, 8)}`,
      customerId: acme.id,
      scope: 'customer',
      permissions: ['token-pack:view', 'token-pack:configure'],
    });
    const { token } = await signedIn(ctx, { customerId: acme.id, roleIds: [role.id] });
    expect((await start('delete', { tokenPackId: packId }, token)).status).toBe(403);
    expect(await storedCodes(ctx, packId)).toHaveLength(1);
  });
});

describe("bulk actions over a service's OTP seeds", () => {
  const otpList = `${OTP_BASE}`;
  const otpStart = (action: string, filter: Record<string, unknown>, customerId = acme.id) =>
    ctx.call('POST', `${otpList}/bulk/${action}?customerId=${customerId}`, {
      token: acme.admin,
      json: { filter },
    });

  async function serviceWithSeeds(count: number) {
    const { packId, directoryId } = await packWithCodes(0);
    const serviceId = await newService(ctx, acme.id, packId);
    await addUsers(ctx, { customerId: acme.id, directoryId }, count);
    expect((await otpCalls(ctx).generate(acme.admin, acme.id, packId, serviceId)).status).toBe(200);
    return { packId, serviceId, seeds: await storedSeeds(ctx, serviceId) };
  }

  const otpEnded = async (answer: { status: number; body: unknown }) => {
    expect([200, 202], JSON.stringify(answer.body)).toContain(answer.status);
    let job = answer.body as BulkJob;
    while (job.status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (
        await ctx.call('GET', `${otpList}/bulk/jobs/${job.id}?customerId=${acme.id}`, { token: acme.admin })
      ).body as BulkJob;
    }
    return job;
  };

  it('re-generates the seeds the username filter matches, and only those', async () => {
    const { serviceId, seeds } = await serviceWithSeeds(3);
    const first = seeds[0]!;
    const job = await otpEnded(await otpStart('regenerate', { serviceId, username: first.username }));
    expect(job).toMatchObject({ status: 'DONE', total: 1, changed: 1 });
    const after = await storedSeeds(ctx, serviceId);
    expect(after.find((seed) => seed.id === first.id)!.seedNumber).not.toBe(first.seedNumber);
    for (const kept of seeds.slice(1))
      expect(after.find((seed) => seed.id === kept.id)!.seedNumber).toBe(kept.seedNumber);
  });

  it('sends and deletes every seed of the service', async () => {
    const { serviceId } = await serviceWithSeeds(2);
    const before = await mails();
    expect(await otpEnded(await otpStart('sendMail', { serviceId }))).toMatchObject({ changed: 2 });
    expect((await mails()) - before).toBe(2);
    expect(await otpEnded(await otpStart('delete', { serviceId }))).toMatchObject({ total: 2, changed: 2 });
    expect(await storedSeeds(ctx, serviceId)).toHaveLength(0);
  });

  it("needs the service, the customer's own", async () => {
    expect((await otpStart('delete', {})).status).toBe(400);
    const rivalService = await newService(ctx, globex.id, globex.packId);
    expect((await otpStart('delete', { serviceId: rivalService })).status).toBe(404);
  });
});

describe("a token pack's codes exported", () => {
  it("holds the pack's codes the filters match, and no other pack's", async () => {
    const { packId, codes } = await packWithCodes(3);
    await packWithCodes(2);
    const filter = encodeURIComponent(JSON.stringify({ tokenPackId: packId }));
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `${codeList()}/export/csv?filter=${filter}`,
      headers: { authorization: `Bearer ${acme.admin}` },
    });
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + codes.length);
    for (const code of codes) expect(answer.body).toContain(code.code);
  });
});
