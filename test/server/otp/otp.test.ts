import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { OTP_ERRORS, OTP_TOTP, otpauthLink } from '../../../contract/otp.ts';
import { auditLog, mailMessages, otpCodes } from '../../../server/db/schema.ts';
import { TOTP_SETTINGS } from '../../../server/domain/enrollment/totp.ts';
import { RECORD_NOT_FOUND } from '../../../server/kit/deleteMany.ts';
import { en } from '../../../src/i18n/en/index.ts';
import {
  addUsers,
  errorOf,
  everyoneCovered,
  newDirectory,
  newPack,
  readBitPng,
  type Tenant,
  tenant,
} from '../activationCode/fixtures.ts';
import { signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';
import { apiKeyOf, codeOf, newService, otpCalls, storedSeeds } from './fixtures.ts';

/**
 * A service's OTP seeds, as its customer's administrator manages them: generated for the active users of
 * the primary directory of the service's token pack who have none, listed with their secret (which makes
 * the codes the gateways' check accepts), re-generated (the old seed's codes stop working), deleted (all or
 * none) and emailed. A service of another token pack or customer, and another customer's seeds, answer 404.
 */

const PUBLIC_URL = 'https://gateway.acme.test';
const BASE32_SEED = /^[A-Z2-7]{32}$/;

const ctx = sharedTestContext({ config: { publicUrl: PUBLIC_URL } });
let calls: ReturnType<typeof otpCalls>;
let acme: Tenant;
let globex: Tenant;
let globexService: string;

beforeAll(async () => {
  calls = otpCalls(ctx);
  acme = await tenant(ctx, 'Acme');
  globex = await tenant(ctx, 'Globex');
  globexService = await newService(ctx, globex.id, globex.packId, 'Globex VPN');
  await addUsers(ctx, { customerId: globex.id, directoryId: globex.directoryId }, 2);
  expect((await calls.generate(globex.admin, globex.id, globex.packId, globexService)).body).toEqual({
    generated: 2,
    ...everyoneCovered,
  });
});

/** A fresh pack of Acme's with its own directory of `count` users, and a service in it. */
async function serviceWithUsers(count: number, options: { email?: boolean; prefix?: string } = {}) {
  const directoryId = await newDirectory(ctx, acme.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, acme.id, `Pack ${randomUUID().slice(0, 8)}`, directoryId);
  const serviceId = await newService(ctx, acme.id, packId);
  const made = await addUsers(ctx, { customerId: acme.id, directoryId }, count, options);
  return { packId, directoryId, serviceId, users: made };
}

async function generated(packId: string, serviceId: string, token = acme.admin): Promise<number> {
  const answer = await calls.generate(token, acme.id, packId, serviceId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.generated;
}

const list = (serviceId: string, query: Record<string, string> = {}, token = acme.admin) =>
  calls.list(token, acme.id, { serviceId, ...query });

const auditOfService = (serviceId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, serviceId)).orderBy(auditLog.modifiedDate);

describe('generating seeds', () => {
  it("makes one seed for each active user of the primary directory of the service's pack, then none the second time", async () => {
    const { packId, directoryId, serviceId } = await serviceWithUsers(5);
    await addUsers(ctx, { customerId: acme.id, directoryId }, 1, { status: 'INACTIVE' });
    // Users of another directory of the customer's are not the pack's.
    await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 2);

    expect(await generated(packId, serviceId)).toBe(5);
    const seeds = await storedSeeds(ctx, serviceId);
    expect(seeds).toHaveLength(5);
    expect(new Set(seeds.map((seed) => seed.seedNumber)).size).toBe(5);
    for (const seed of seeds) {
      expect(seed.seedNumber).toMatch(BASE32_SEED);
      // Sealed at rest: the stored text does not hold the secret.
      expect(seed.seed).not.toContain(seed.seedNumber);
      expect(seed).toMatchObject({ customerId: acme.id, failedAttempts: 0, lastUsedStep: null });
    }

    expect(await generated(packId, serviceId)).toBe(0);
    expect(await storedSeeds(ctx, serviceId)).toEqual(seeds);
  });

  it('keeps seeds per service: another service of the pack gets its own', async () => {
    const { packId, serviceId } = await serviceWithUsers(2);
    const other = await newService(ctx, acme.id, packId);
    expect(await generated(packId, serviceId)).toBe(2);
    expect(await generated(packId, other)).toBe(2);
    const [mine, theirs] = [await storedSeeds(ctx, serviceId), await storedSeeds(ctx, other)];
    expect(mine.map((seed) => seed.userId)).toEqual(theirs.map((seed) => seed.userId));
    expect(mine[0]!.seedNumber).not.toBe(theirs[0]!.seedNumber);
  });

  it('makes seeds for the users who came since, and audits each generation without the seeds', async () => {
    const { packId, directoryId, serviceId } = await serviceWithUsers(3);
    expect(await generated(packId, serviceId)).toBe(3);
    await addUsers(ctx, { customerId: acme.id, directoryId }, 2);
    expect(await generated(packId, serviceId)).toBe(2);
    const seeds = await storedSeeds(ctx, serviceId);
    expect(seeds).toHaveLength(5);

    const entries = await auditOfService(serviceId);
    expect(entries.map((entry) => [entry.tableName, entry.action, entry.customerId, entry.changes])).toEqual([
      ['OtpCode', 'CREATE', acme.id, { generated: { before: null, after: 3 } }],
      ['OtpCode', 'CREATE', acme.id, { generated: { before: null, after: 2 } }],
    ]);
    const logged = JSON.stringify(entries);
    for (const seed of seeds) expect(logged).not.toContain(seed.seedNumber);
  });

  it('refuses a service whose pack has no primary directory (409), writing nothing', async () => {
    const packId = await newPack(ctx, acme.id, `Pack ${randomUUID().slice(0, 8)}`, null);
    const serviceId = await newService(ctx, acme.id, packId);
    const answer = await calls.generate(acme.admin, acme.id, packId, serviceId);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(errorOf(OTP_ERRORS.noDirectory));
    expect(await storedSeeds(ctx, serviceId)).toEqual([]);
  });

  it("answers 404 for a service of another pack, another customer's service and an unknown one, writing nothing", async () => {
    const { packId, serviceId } = await serviceWithUsers(1);
    const elsewhere = await serviceWithUsers(1);
    const before = await storedSeeds(ctx, globexService);
    const cases: [string, string][] = [
      [elsewhere.packId, serviceId],
      [packId, elsewhere.serviceId],
      [globex.packId, globexService],
      [packId, globexService],
      [packId, randomUUID()],
      [randomUUID(), serviceId],
      ['not-a-uuid', serviceId],
    ];
    for (const [pack, service] of cases) {
      const answer = await calls.generate(acme.admin, acme.id, pack, service);
      expect(answer.status, `${pack} ${service}`).toBe(404);
      expect(answer.body).toEqual(errorOf(OTP_ERRORS.serviceNotFound));
    }
    expect(await storedSeeds(ctx, serviceId)).toEqual([]);
    expect(await storedSeeds(ctx, globexService)).toEqual(before);
  });

  it('makes the seeds of more users than one batch in one call, each its own', async () => {
    const { packId, serviceId } = await serviceWithUsers(6_000);
    expect(await generated(packId, serviceId)).toBe(6_000);
    const seeds = await storedSeeds(ctx, serviceId);
    expect(new Set(seeds.map((seed) => seed.seedNumber)).size).toBe(6_000);
    expect(new Set(seeds.map((seed) => seed.userId)).size).toBe(6_000);
  });
});

describe('the list', () => {
  let packId: string;
  let serviceId: string;
  let seeds: Awaited<ReturnType<typeof storedSeeds>>;

  beforeAll(async () => {
    const made = await serviceWithUsers(4, { prefix: 'listed' });
    packId = made.packId;
    serviceId = made.serviceId;
    await addUsers(ctx, { customerId: acme.id, directoryId: made.directoryId }, 2, {
      prefix: 'nomail',
      email: false,
    });
    await generated(packId, serviceId);
    seeds = await storedSeeds(ctx, serviceId);
  });

  it('answers the seeds of the service with their users and secrets, by username, and the total', async () => {
    const answer = await list(serviceId, { pageSize: '10' });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(6);
    expect(answer.body.content).toEqual(
      seeds.map((seed) => ({
        id: seed.id,
        serviceId,
        tokenPackId: packId,
        userId: seed.userId,
        username: seed.username,
        email: seed.email,
        seedNumber: seed.seedNumber,
        generatedDate: seed.generatedDate.toISOString(),
      })),
    );
    expect(answer.body.content.map((row: { username: string }) => row.username)).toEqual([
      'listed-1',
      'listed-2',
      'listed-3',
      'listed-4',
      'nomail-1',
      'nomail-2',
    ]);
  });

  it('gives secrets that make the codes the gateways’ check accepts', async () => {
    const apiKey = await apiKeyOf(ctx, acme.id, serviceId);
    const [row] = (await list(serviceId, { username: 'listed-3' })).body.content;
    const answer = await calls.verify(apiKey, { username: 'listed-3', code: await codeOf(row.seedNumber) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: true, method: 'otp' });
  });

  it('filters by username, ignoring case, and sorts by generated date or username', async () => {
    const usernames = async (query: Record<string, string>) =>
      (await list(serviceId, query)).body.content.map((row: { username: string }) => row.username);
    expect(await usernames({ username: 'NOMAIL' })).toEqual(['nomail-1', 'nomail-2']);
    expect(await usernames({ username: 'listed-2' })).toEqual(['listed-2']);
    expect(await usernames({ username: '%' })).toEqual([]);

    const newest = seeds[2]!;
    await ctx.db
      .update(otpCodes)
      .set({ generatedDate: new Date(Date.now() + 60_000) })
      .where(eq(otpCodes.id, newest.id));
    const [first] = await usernames({ sort: 'generatedDate', order: 'DESC' });
    expect(first).toBe(newest.username);
    expect(await usernames({ sort: 'username', order: 'DESC' })).toEqual([
      'nomail-2',
      'nomail-1',
      'listed-4',
      'listed-3',
      'listed-2',
      'listed-1',
    ]);
    expect((await list(serviceId, { sort: 'seedNumber' })).status).toBe(400);
  });

  it('requires the service, and answers 404 for one of another customer or an unknown one', async () => {
    const without = await calls.list(acme.admin, acme.id, {});
    expect(without.status).toBe(400);
    expect(without.body.message).toBe("The field 'serviceId' is required.");
    for (const other of [globexService, randomUUID(), 'nope']) {
      const answer = await list(other);
      expect(answer.status, other).toBe(404);
      expect(answer.body).toEqual(errorOf(OTP_ERRORS.serviceNotFound));
    }
  });

  it('pages up to 1000 seeds at a time, with the total', async () => {
    const big = await serviceWithUsers(1_200);
    expect(await generated(big.packId, big.serviceId)).toBe(1_200);
    const first = await list(big.serviceId, { pageSize: '1000', pageNumber: '0' });
    expect(first.status).toBe(200);
    expect(first.body.content).toHaveLength(1_000);
    expect(first.body.totalElements).toBe(1_200);
    const second = await list(big.serviceId, { pageSize: '1000', pageNumber: '1' });
    expect(second.body.content).toHaveLength(200);
    const ids = new Set([...first.body.content, ...second.body.content].map((row: { id: string }) => row.id));
    expect(ids.size).toBe(1_200);
    expect((await list(big.serviceId, { pageSize: '1001' })).status).toBe(400);
  });
});

describe('re-generating seeds', () => {
  it('gives the chosen seeds a new secret: the old one’s codes are refused, the new one’s accepted', async () => {
    const { packId, serviceId } = await serviceWithUsers(3);
    await generated(packId, serviceId);
    const apiKey = await apiKeyOf(ctx, acme.id, serviceId);
    const before = await storedSeeds(ctx, serviceId);
    const [chosen, kept] = [before[0]!, before[1]!];
    await ctx.db
      .update(otpCodes)
      .set({ generatedDate: new Date(Date.now() - 86_400_000), failedAttempts: 3 })
      .where(eq(otpCodes.id, chosen.id));

    const answer = await calls.regenerate(acme.admin, acme.id, packId, { serviceId, ids: [chosen.id] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ regenerated: 1 });
    const after = await storedSeeds(ctx, serviceId);
    const renewed = after.find((seed) => seed.id === chosen.id)!;
    expect(renewed.seedNumber).not.toBe(chosen.seedNumber);
    expect(renewed.seedNumber).toMatch(BASE32_SEED);
    expect(renewed.generatedDate.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(renewed.failedAttempts).toBe(0);
    expect(after.find((seed) => seed.id === kept.id)).toEqual(kept);

    const verify = (seedNumber: string) =>
      codeOf(seedNumber).then((code) => calls.verify(apiKey, { username: chosen.username, code }));
    expect((await verify(chosen.seedNumber)).body).toEqual({ valid: false });
    expect((await verify(renewed.seedNumber)).body).toEqual({ valid: true, method: 'otp' });
  });

  it('re-generates every seed of the service with all, and makes the missing ones', async () => {
    const { packId, directoryId, serviceId } = await serviceWithUsers(3);
    await generated(packId, serviceId);
    const before = await storedSeeds(ctx, serviceId);
    await addUsers(ctx, { customerId: acme.id, directoryId }, 1);

    const answer = await calls.regenerate(acme.admin, acme.id, packId, { serviceId, all: true });
    expect(answer.body).toEqual({ regenerated: 4, ...everyoneCovered });
    const after = await storedSeeds(ctx, serviceId);
    expect(after).toHaveLength(4);
    for (const seed of before) {
      expect(after.find((row) => row.id === seed.id)!.seedNumber).not.toBe(seed.seedNumber);
    }
    const [, entry] = await auditOfService(serviceId);
    expect(entry).toMatchObject({
      tableName: 'OtpCode',
      action: 'UPDATE',
      changes: { regenerated: { before: null, after: 4 } },
    });
  });

  it('refuses a body with neither or both of ids and all', async () => {
    const { packId, serviceId } = await serviceWithUsers(1);
    await generated(packId, serviceId);
    const [seed] = await storedSeeds(ctx, serviceId);
    for (const body of [
      { serviceId },
      { serviceId, all: false },
      { serviceId, all: true, ids: [seed!.id] },
      { serviceId, ids: [] },
      { all: true },
    ]) {
      const answer = await calls.regenerate(acme.admin, acme.id, packId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
    expect(await storedSeeds(ctx, serviceId)).toEqual([seed]);
  });

  it("answers 404 for a seed of another service or another customer's, changing nothing", async () => {
    const first = await serviceWithUsers(1);
    const second = await serviceWithUsers(1);
    await generated(first.packId, first.serviceId);
    await generated(second.packId, second.serviceId);
    const [mine] = await storedSeeds(ctx, first.serviceId);
    const [elsewhere] = await storedSeeds(ctx, second.serviceId);
    const [theirs] = await storedSeeds(ctx, globexService);
    for (const ids of [[mine!.id, elsewhere!.id], [theirs!.id], [randomUUID()]]) {
      const answer = await calls.regenerate(acme.admin, acme.id, first.packId, {
        serviceId: first.serviceId,
        ids,
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(RECORD_NOT_FOUND));
    }
    const inTheirService = await calls.regenerate(acme.admin, acme.id, globex.packId, {
      serviceId: globexService,
      all: true,
    });
    expect(inTheirService.status).toBe(404);
    expect(inTheirService.body).toEqual(errorOf(OTP_ERRORS.serviceNotFound));
    expect(await storedSeeds(ctx, first.serviceId)).toEqual([mine]);
    expect((await storedSeeds(ctx, globexService))[0]).toEqual(theirs);
  });
});

describe('deleting seeds', () => {
  it("deletes all or none: with another customer's seed among them, nothing; then the chosen ones, whose codes stop working", async () => {
    const { packId, serviceId } = await serviceWithUsers(3);
    await generated(packId, serviceId);
    const apiKey = await apiKeyOf(ctx, acme.id, serviceId);
    const seeds = await storedSeeds(ctx, serviceId);
    const [theirs] = await storedSeeds(ctx, globexService);

    const refused = await calls.deleteMany(acme.admin, acme.id, packId, {
      serviceId,
      ids: [seeds[0]!.id, theirs!.id],
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(errorOf(RECORD_NOT_FOUND));
    expect(await storedSeeds(ctx, serviceId)).toHaveLength(3);
    expect(await storedSeeds(ctx, globexService)).toHaveLength(2);
    const inTheirPack = await calls.deleteMany(acme.admin, acme.id, globex.packId, {
      serviceId: globexService,
      ids: [theirs!.id],
    });
    expect(inTheirPack.status).toBe(404);
    expect(inTheirPack.body).toEqual(errorOf(OTP_ERRORS.serviceNotFound));

    const ids = [seeds[0]!.id, seeds[1]!.id];
    const answer = await calls.deleteMany(acme.admin, acme.id, packId, { serviceId, ids });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ids });
    expect((await storedSeeds(ctx, serviceId)).map((seed) => seed.id)).toEqual([seeds[2]!.id]);
    const late = await calls.verify(apiKey, {
      username: seeds[0]!.username,
      code: await codeOf(seeds[0]!.seedNumber),
    });
    expect(late.body).toEqual({ valid: false });
    const [, entry] = await auditOfService(serviceId);
    expect(entry).toMatchObject({ action: 'DELETE', changes: { deleted: { before: null, after: 2 } } });

    // Generating again gives the users a new seed.
    expect(await generated(packId, serviceId)).toBe(2);
  });
});

describe('sending seeds by email', () => {
  const messagesTo = (to: string) =>
    ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)).orderBy(desc(mailMessages.createdDate));
  const allMessages = () => ctx.db.select({ id: mailMessages.id }).from(mailMessages);

  async function seedsOf(count: number, without = 0) {
    const made = await serviceWithUsers(count);
    if (without > 0) {
      await addUsers(ctx, { customerId: acme.id, directoryId: made.directoryId }, without, { email: false });
    }
    await generated(made.packId, made.serviceId);
    return { ...made, seeds: await storedSeeds(ctx, made.serviceId) };
  }

  it("queues one message a seed to its user's address, with the secret, how to add it, its link and QR code", async () => {
    const { serviceId, seeds } = await seedsOf(2);
    const answer = await calls.sendMail(acme.admin, acme.id, {
      serviceId,
      ids: seeds.map((seed) => seed.id),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ queued: 2, skipped: 0 });

    for (const seed of seeds) {
      const [message] = await messagesTo(seed.email!);
      const link = otpauthLink('Test Portal', seed.username, seed.seedNumber);
      expect(link).toBe(
        `otpauth://totp/Test%20Portal:${seed.username}?secret=${seed.seedNumber}&issuer=Test%20Portal&algorithm=SHA1&digits=6&period=30`,
      );
      expect(message).toMatchObject({ customerId: acme.id, status: 'OUTBOX' });
      expect(message!.subject).toMatch(/^Your Test Portal OTP key for Service /);
      expect(message!.text).toContain(`Hello ${seed.username},`);
      expect(message!.text).toContain(seed.seedNumber);
      expect(message!.text).toContain('6 digits every 30 seconds');
      expect(message!.text).toContain(link);
      expect(message!.text).toContain(en.mail.otpCode.closing);
      expect(message!.html).toContain(seed.seedNumber);
      expect(message!.html).toContain(link.replaceAll('&', '&#38;'));
      const images = message!.attachments as { cid: string; base64: string; contentType: string }[];
      expect(images).toHaveLength(1);
      expect(images[0]!.contentType).toBe('image/png');
      expect(message!.html).toContain(`src="cid:${images[0]!.cid}"`);
      expect(message!.html).toContain(`alt="${en.mail.otpCode.qrAlt}"`);
      const png = readBitPng(Buffer.from(images[0]!.base64, 'base64'));
      expect([png.width, png.height]).toEqual([218, 218]);
    }
  });

  it('skips the seeds whose user has no email address', async () => {
    const { serviceId, seeds } = await seedsOf(1, 2);
    const before = (await allMessages()).length;
    const answer = await calls.sendMail(acme.admin, acme.id, {
      serviceId,
      ids: seeds.map((seed) => seed.id),
    });
    expect(answer.body).toEqual({ queued: 1, skipped: 2 });
    expect((await allMessages()).length).toBe(before + 1);
  });

  it('sends one seed to the address given instead of the user’s own', async () => {
    const { serviceId, seeds } = await seedsOf(1);
    const answer = await calls.sendMail(acme.admin, acme.id, {
      serviceId,
      ids: [seeds[0]!.id],
      email: ' Ada@Phone.example ',
    });
    expect(answer.body).toEqual({ queued: 1, skipped: 0 });
    const [message] = await messagesTo('Ada@Phone.example');
    expect(message!.text).toContain(seeds[0]!.seedNumber);
    expect(await messagesTo(seeds[0]!.email!)).toEqual([]);
  });

  it('refuses an empty or invalid address, and an address for more than one seed, queueing nothing', async () => {
    const { serviceId, seeds } = await seedsOf(2);
    const before = (await allMessages()).length;
    const send = (email: string, ids = [seeds[0]!.id]) =>
      calls.sendMail(acme.admin, acme.id, { serviceId, ids, email });
    for (const empty of ['', '   ']) {
      const answer = await send(empty);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(errorOf(OTP_ERRORS.emailEmpty));
    }
    const invalid = await send('not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(errorOf(OTP_ERRORS.emailInvalid));
    const many = await send(
      'ada@example.com',
      seeds.map((seed) => seed.id),
    );
    expect(many.status).toBe(400);
    expect(many.body.messageKey).toBe('error.validation.invalid');
    expect((await allMessages()).length).toBe(before);
  });

  it("answers 404 for another customer's seed or service, queueing nothing", async () => {
    const { serviceId, seeds } = await seedsOf(1);
    const [theirs] = await storedSeeds(ctx, globexService);
    const before = (await allMessages()).length;
    for (const ids of [[seeds[0]!.id, theirs!.id], [randomUUID()]]) {
      const answer = await calls.sendMail(acme.admin, acme.id, { serviceId, ids });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(RECORD_NOT_FOUND));
    }
    const theirService = await calls.sendMail(acme.admin, acme.id, {
      serviceId: globexService,
      ids: [theirs!.id],
    });
    expect(theirService.status).toBe(404);
    expect(theirService.body).toEqual(errorOf(OTP_ERRORS.serviceNotFound));
    expect((await allMessages()).length).toBe(before);
  });
});

describe('permissions', () => {
  it('lets an account that may only view token packs list the seeds, but not change or send them', async () => {
    const role = await ctx.createRole({
      name: `viewer-${randomUUID().slice(0, 8)}`,
      customerId: acme.id,
      permissions: ['token-pack:view'],
    });
    const { token } = await signedIn(ctx, { customerId: acme.id, roleIds: [role.id] });
    const { packId, serviceId } = await serviceWithUsers(1);
    await generated(packId, serviceId);
    const [seed] = await storedSeeds(ctx, serviceId);
    expect((await list(serviceId, {}, token)).status).toBe(200);
    const refusals = [
      await calls.generate(token, acme.id, packId, serviceId),
      await calls.regenerate(token, acme.id, packId, { serviceId, all: true }),
      await calls.sendMail(token, acme.id, { serviceId, ids: [seed!.id] }),
      await calls.deleteMany(token, acme.id, packId, { serviceId, ids: [seed!.id] }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect(refusals[0]!.body.messageKey).toBe('error.action.notallow');
    expect(await storedSeeds(ctx, serviceId)).toEqual([seed]);
  });

  it("tells authenticator apps the server's TOTP settings", () => {
    expect(OTP_TOTP).toEqual(TOTP_SETTINGS);
  });
});
