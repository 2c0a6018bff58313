import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  ACTIVATION_CODE_PATTERN,
  ACTIVATION_CODE_TTL_DAYS,
  ACTIVATION_ERRORS,
} from '../../../contract/activationCode.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import { activationCodes, auditLog, retiredActivationCodes, users } from '../../../server/db/schema.ts';
import { RECORD_NOT_FOUND } from '../../../server/kit/deleteMany.ts';
import { signedIn } from '../fixtures/admin.ts';
import * as activation from './fixtures.ts';

/**
 * A token pack's activation codes, as its customer's administrator manages them: generated for the users of
 * the pack's primary directory who have none, listed with their status (EXPIRED read from the expiry date),
 * re-generated (the old code is then refused as replaced) and deleted, all or none. Another customer's pack
 * or code answers 404.
 */

const { ctx, calls, acme, globex, rival } = activation.codeSuite(2);
const { addUsers, errorOf, everyoneCovered, generated, newDirectory, newPack, storedCodes } = activation;

beforeAll(() => {
  expect(rival.codes).toBe(2);
});

/** A fresh pack of Acme's with its own directory of `count` users (with emails unless said). */
async function packWithUsers(count: number, options: { email?: boolean } = {}) {
  const directoryId = await newDirectory(ctx, acme.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, acme.id, `Pack ${randomUUID().slice(0, 8)}`, directoryId);
  const made = await addUsers(ctx, { customerId: acme.id, directoryId }, count, options);
  return { packId, directoryId, users: made };
}

const list = (packId: string, query: Record<string, string> = {}, token = acme.admin) =>
  calls.list(token, acme.id, { tokenPackId: packId, ...query });

describe('generating codes', () => {
  it("makes one NEW code for each active user of the pack's primary directory, then none the second time", async () => {
    const { packId, directoryId } = await packWithUsers(5);
    await addUsers(ctx, { customerId: acme.id, directoryId }, 1, { status: 'INACTIVE' });
    // Users of another directory of the customer's are not the pack's.
    await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 2);
    const before = Date.now();

    expect(await generated(ctx, { ...acme, packId })).toBe(5);
    const codes = await storedCodes(ctx, packId);
    expect(codes).toHaveLength(5);
    expect(new Set(codes.map((code) => code.code)).size).toBe(5);
    for (const code of codes) {
      expect(code.code).toMatch(ACTIVATION_CODE_PATTERN);
      expect(code.status).toBe('NEW');
      const days = (code.expireDate.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(ACTIVATION_CODE_TTL_DAYS - 0.01);
      expect(days).toBeLessThan(ACTIVATION_CODE_TTL_DAYS + 0.01);
    }

    expect(await generated(ctx, { ...acme, packId })).toBe(0);
    expect(await storedCodes(ctx, packId)).toEqual(codes);
  });

  it('makes codes for the users who came since, and audits each generation without the codes', async () => {
    const { packId, directoryId } = await packWithUsers(3);
    expect(await generated(ctx, { ...acme, packId })).toBe(3);
    await addUsers(ctx, { customerId: acme.id, directoryId }, 2);
    expect(await generated(ctx, { ...acme, packId })).toBe(2);
    expect(await storedCodes(ctx, packId)).toHaveLength(5);

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, packId));
    expect(entries.map((entry) => [entry.tableName, entry.action, entry.changes])).toEqual([
      ['ActivationCode', 'CREATE', { generated: { before: null, after: 3 } }],
      ['ActivationCode', 'CREATE', { generated: { before: null, after: 2 } }],
    ]);
  });

  it('refuses a pack without a primary directory (409), writing nothing', async () => {
    const packId = await newPack(ctx, acme.id, 'Pack without directory', null);
    const answer = await calls.generate(acme.admin, acme.id, packId);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(errorOf(ACTIVATION_ERRORS.noDirectory));
    expect(await storedCodes(ctx, packId)).toEqual([]);
  });

  it("answers 404 for another customer's pack and an unknown one, writing nothing", async () => {
    const before = await storedCodes(ctx, globex.packId);
    for (const packId of [globex.packId, randomUUID(), 'not-a-uuid']) {
      const answer = await calls.generate(acme.admin, acme.id, packId);
      expect(answer.status, packId).toBe(404);
      expect(answer.body).toEqual(errorOf(TOKEN_PACK_ERRORS.notFound));
    }
    expect(await storedCodes(ctx, globex.packId)).toEqual(before);
  });
});

describe('the list', () => {
  let packId: string;
  let codes: Awaited<ReturnType<typeof storedCodes>>;

  beforeAll(async () => {
    const made = await packWithUsers(4);
    packId = made.packId;
    await addUsers(ctx, { customerId: acme.id, directoryId: made.directoryId }, 2, {
      prefix: 'nomail',
      email: false,
    });
    await generated(ctx, { ...acme, packId });
    codes = await storedCodes(ctx, packId);
  });

  it('answers the records of the pack with their users, and the total', async () => {
    const answer = await list(packId, { pageSize: '10' });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(6);
    const first = codes[0]!;
    expect(answer.body.content[0]).toEqual({
      id: first.id,
      code: first.code,
      tokenPackId: packId,
      userId: first.userId,
      username: first.username,
      email: first.email,
      distinguishedName: `uid=${first.username},ou=people,dc=example,dc=test`,
      status: 'NEW',
      lastModifiedDate: first.lastModifiedDate.toISOString(),
      expireDate: first.expireDate.toISOString(),
      activatedDate: null,
    });
    // By username by default.
    expect(answer.body.content.map((row: { username: string }) => row.username)).toEqual(
      codes.map((code) => code.username),
    );
  });

  it('shows a NEW code past its expiry date as EXPIRED, and filters by status', async () => {
    const [expired, activated] = [codes[0]!, codes[1]!];
    await ctx.db
      .update(activationCodes)
      .set({ expireDate: new Date(Date.now() - 60_000) })
      .where(eq(activationCodes.id, expired.id));
    expect((await calls.activate(activated.code)).status).toBe(200);

    const byStatus = async (status: string) =>
      (await list(packId, { status })).body.content.map((row: { id: string; status: string }) => [
        row.id,
        row.status,
      ]);
    expect(await byStatus('EXPIRED')).toEqual([[expired.id, 'EXPIRED']]);
    expect(await byStatus('ACTIVATED')).toEqual([[activated.id, 'ACTIVATED']]);
    expect(await byStatus('NEW')).toEqual(codes.slice(2).map((code) => [code.id, 'NEW']));
    expect((await list(packId, { status: 'USED' })).status).toBe(400);

    const sorted = await list(packId, { sort: 'status', order: 'ASC' });
    expect(sorted.body.content.map((row: { status: string }) => row.status)).toEqual([
      'ACTIVATED',
      'EXPIRED',
      'NEW',
      'NEW',
      'NEW',
      'NEW',
    ]);
    await ctx.db
      .update(activationCodes)
      .set({ expireDate: new Date(Date.now() + 86_400_000) })
      .where(eq(activationCodes.id, expired.id));
  });

  it('filters by whether the user has an email address', async () => {
    const withEmail = await list(packId, { emailExist: 'true' });
    expect(withEmail.body.totalElements).toBe(4);
    const without = await list(packId, { emailExist: 'false' });
    expect(without.body.content.map((row: { username: string }) => row.username)).toEqual([
      'nomail-1',
      'nomail-2',
    ]);
    expect((await list(packId, { emailExist: 'maybe' })).status).toBe(400);
  });

  it('searches the code, the username and the email address, ignoring case', async () => {
    const target = codes[2]!;
    const ids = async (q: string) =>
      (await list(packId, { q })).body.content.map((row: { id: string }) => row.id);
    expect(await ids(target.code.toLowerCase().slice(5, 14))).toEqual([target.id]);
    expect(await ids(target.username.toUpperCase())).toEqual([target.id]);
    expect(await ids(`${target.username}@EXAMPLE`)).toEqual([target.id]);
    expect(await ids('no such text')).toEqual([]);
  });

  it('requires the token pack, and answers 404 for one of another customer', async () => {
    const without = await calls.list(acme.admin, acme.id, {});
    expect(without.status).toBe(400);
    expect(without.body.message).toBe("The field 'tokenPackId' is required.");
    for (const other of [globex.packId, randomUUID(), 'nope']) {
      const answer = await list(other);
      expect(answer.status, other).toBe(404);
      expect(answer.body).toEqual(errorOf(TOKEN_PACK_ERRORS.notFound));
    }
  });

  it("shows and sorts by the user's current username after the user is renamed", async () => {
    const renamed = codes[3]!;
    await ctx.db.update(users).set({ username: 'aaa-renamed' }).where(eq(users.id, renamed.userId));
    try {
      const answer = await list(packId, { status: 'NEW' });
      expect(answer.body.content[0]).toMatchObject({ id: renamed.id, username: 'aaa-renamed' });
      // The same when a filter reads the users' table (the list then joins every row).
      const withEmail = await list(packId, { status: 'NEW', emailExist: 'true' });
      expect(withEmail.body.content[0]).toMatchObject({ id: renamed.id, username: 'aaa-renamed' });
    } finally {
      await ctx.db.update(users).set({ username: renamed.username }).where(eq(users.id, renamed.userId));
    }
    const restored = await list(packId, {});
    expect(restored.body.content.map((row: { username: string }) => row.username)).toContain(
      renamed.username,
    );
    expect(restored.body.content.map((row: { username: string }) => row.username)).not.toContain(
      'aaa-renamed',
    );
  });

  it('pages up to 1000 codes at a time, with the total', async () => {
    const big = await packWithUsers(1_200);
    expect(await generated(ctx, { ...acme, packId: big.packId })).toBe(1_200);
    const first = await list(big.packId, { pageSize: '1000', page: '0' });
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(1_000);
    expect(first.body.totalElements).toBe(1_200);
    const second = await list(big.packId, { pageSize: '1000', page: '1' });
    expect(second.body.content).toHaveLength(200);
    const ids = new Set([...first.body.content, ...second.body.content].map((row: { id: string }) => row.id));
    expect(ids.size).toBe(1_200);
    expect((await list(big.packId, { pageSize: '1001' })).status).toBe(400);
  });
});

describe('re-generating codes', () => {
  it('gives the chosen codes a new code and expiry: the old code is refused as replaced, the new one activates', async () => {
    const { packId } = await packWithUsers(3);
    await generated(ctx, { ...acme, packId });
    const before = await storedCodes(ctx, packId);
    const [chosen, kept] = [before[0]!, before[1]!];
    await ctx.db
      .update(activationCodes)
      .set({ expireDate: new Date(Date.now() - 1000), lastModifiedDate: new Date(Date.now() - 86_400_000) })
      .where(eq(activationCodes.id, chosen.id));

    const answer = await calls.regenerate(acme.admin, acme.id, packId, { ids: [chosen.id] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ regenerated: 1 });
    const after = await storedCodes(ctx, packId);
    const renewed = after.find((code) => code.id === chosen.id)!;
    expect(renewed.code).not.toBe(chosen.code);
    expect(renewed.code).toMatch(ACTIVATION_CODE_PATTERN);
    expect(renewed.status).toBe('NEW');
    expect(renewed.expireDate.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(renewed.lastModifiedDate.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.find((code) => code.id === kept.id)).toEqual(kept);

    const old = await calls.activate(chosen.code);
    expect(old.status).toBe(409);
    expect(old.body).toEqual(errorOf(ACTIVATION_ERRORS.replaced));
    expect((await calls.activate(renewed.code)).status).toBe(200);
  });

  it('re-generates every code of the pack with all, an activated one too', async () => {
    const { packId } = await packWithUsers(4);
    await generated(ctx, { ...acme, packId });
    const before = await storedCodes(ctx, packId);
    expect((await calls.activate(before[0]!.code)).status).toBe(200);

    const answer = await calls.regenerate(acme.admin, acme.id, packId, { all: true });
    expect(answer.body).toEqual({ regenerated: 4, ...everyoneCovered });
    const after = await storedCodes(ctx, packId);
    expect(after.map((code) => code.status)).toEqual(['NEW', 'NEW', 'NEW', 'NEW']);
    expect(after[0]!.activatedDate).toBeNull();
    for (const [index, code] of after.entries()) expect(code.code).not.toBe(before[index]!.code);
    const retired = await ctx.db
      .select()
      .from(retiredActivationCodes)
      .where(
        inArray(
          retiredActivationCodes.code,
          before.map((code) => code.code),
        ),
      );
    expect(retired.map((row) => row.reason)).toEqual([
      'REGENERATED',
      'REGENERATED',
      'REGENERATED',
      'REGENERATED',
    ]);
    const entry = await secondAuditEntryOf(packId);
    expect(entry).toMatchObject({ action: 'UPDATE', changes: { regenerated: { before: null, after: 4 } } });
  });

  it('gives the users who came since their first code when all are re-generated', async () => {
    const { packId, directoryId } = await packWithUsers(2);
    await generated(ctx, { ...acme, packId });
    await addUsers(ctx, { customerId: acme.id, directoryId }, 1);
    const answer = await calls.regenerate(acme.admin, acme.id, packId, { all: true });
    expect(answer.body).toEqual({ regenerated: 3, ...everyoneCovered });
    expect(await storedCodes(ctx, packId)).toHaveLength(3);
  });

  it('refuses a body with neither or both of ids and all', async () => {
    const { packId } = await packWithUsers(1);
    await generated(ctx, { ...acme, packId });
    const [code] = await storedCodes(ctx, packId);
    for (const body of [{}, { all: false }, { all: true, ids: [code!.id] }, { ids: [] }]) {
      const answer = await calls.regenerate(acme.admin, acme.id, packId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
    expect(await storedCodes(ctx, packId)).toEqual([code]);
  });

  it("answers 404 for a code of another pack or another customer's, changing nothing", async () => {
    const first = await packWithUsers(1);
    const second = await packWithUsers(1);
    await generated(ctx, { ...acme, packId: first.packId });
    await generated(ctx, { ...acme, packId: second.packId });
    const [mine] = await storedCodes(ctx, first.packId);
    const [elsewhere] = await storedCodes(ctx, second.packId);
    const [theirs] = await storedCodes(ctx, globex.packId);
    for (const ids of [[mine!.id, elsewhere!.id], [theirs!.id], [randomUUID()]]) {
      const answer = await calls.regenerate(acme.admin, acme.id, first.packId, { ids });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(RECORD_NOT_FOUND));
    }
    const inTheirPack = await calls.regenerate(acme.admin, acme.id, globex.packId, { all: true });
    expect(inTheirPack.status).toBe(404);
    expect(await storedCodes(ctx, first.packId)).toEqual([mine]);
    expect((await storedCodes(ctx, globex.packId))[0]).toEqual(theirs);
  });
});

describe('deleting codes', () => {
  it("deletes all or none: with another customer's code among them, nothing; then the chosen ones", async () => {
    const { packId } = await packWithUsers(3);
    await generated(ctx, { ...acme, packId });
    const codes = await storedCodes(ctx, packId);
    const [theirs] = await storedCodes(ctx, globex.packId);

    const refused = await calls.deleteMany(acme.admin, acme.id, [codes[0]!.id, theirs!.id]);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(errorOf(RECORD_NOT_FOUND));
    expect(await storedCodes(ctx, packId)).toHaveLength(3);
    expect(await storedCodes(ctx, globex.packId)).toHaveLength(2);

    const ids = [codes[0]!.id, codes[1]!.id];
    const answer = await calls.deleteMany(acme.admin, acme.id, ids);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ids });
    expect((await storedCodes(ctx, packId)).map((code) => code.id)).toEqual([codes[2]!.id]);

    // A deleted code no longer exists for the app; generating again gives its user a new one.
    const late = await calls.activate(codes[0]!.code);
    expect(late.status).toBe(404);
    expect(late.body).toEqual(errorOf(ACTIVATION_ERRORS.notFound));
    expect(await generated(ctx, { ...acme, packId })).toBe(2);
    const entry = await secondAuditEntryOf(packId);
    expect(entry).toMatchObject({ action: 'DELETE', changes: { deleted: { before: null, after: 2 } } });
  });
});

/** The pack's audit entry after the one its generation wrote: what the change after it recorded. */
async function secondAuditEntryOf(packId: string) {
  const [entry] = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, packId))
    .orderBy(auditLog.modifiedDate)
    .offset(1);
  return entry;
}

describe('permissions', () => {
  it('lets an account that may only view token packs list the codes, but not change them', async () => {
    const role = await ctx.createRole({
      name: `viewer-${randomUUID().slice(0, 8)}`,
      customerId: acme.id,
      permissions: ['token-pack:view'],
    });
    const { token } = await signedIn(ctx, { customerId: acme.id, roleIds: [role.id] });
    await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 1);
    await generated(ctx, acme);
    const [code] = await storedCodes(ctx, acme.packId);
    expect((await list(acme.packId, {}, token)).status).toBe(200);
    expect((await calls.downloadAll(token, acme.id, acme.packId)).statusCode).toBe(200);
    const refusals = [
      await calls.generate(token, acme.id, acme.packId),
      await calls.regenerate(token, acme.id, acme.packId, { all: true }),
      await calls.sendMail(token, acme.id, { ids: [code!.id] }),
      await calls.deleteMany(token, acme.id, [code!.id]),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect(refusals[0]!.body.messageKey).toBe('error.action.notallow');
    expect(await storedCodes(ctx, acme.packId)).toContainEqual(code);
  });
});
