import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { activationCodes, directories, subscriptions, tokenPacks, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { professionalYearly } from '../fixtures/professionalYearly.ts';
import { type JsonAnswer, sharedTestContext, type TestContext, type TestContextOptions } from '../helpers.ts';

/**
 * What the activation-code tests share: customers with an administrator, a directory of users and a token
 * pack whose primary directory it is, arranged straight in the database; and the calls as the portal and
 * the mobile app make them.
 */

export const BASE = '/api/idm-config/v2/reactive/activation-code';
export const ACTIVATE = '/api/v-key-app/activate';

export interface Tenant {
  id: string;
  admin: string;
  directoryId: string;
  packId: string;
}

/**
 * A customer with its administrator (signed in), a directory and a pack of that directory, whose own
 * subscription covers everyone (`numberOfUsers`: that many; null: a pack without a subscription).
 */
export async function tenant(
  ctx: TestContext,
  companyName: string,
  options: { numberOfUsers?: number | null } = {},
): Promise<Tenant> {
  const customer = await ctx.createCustomer({ companyName });
  const { token } = await signedIn(ctx, {
    customerId: customer.id,
    roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)],
  });
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId: customer.id, name: `${companyName} LDAP`, type: 'LDAP' })
    .returning();
  const packId = await newPack(
    ctx,
    customer.id,
    `${companyName} Pack`,
    directory!.id,
    options.numberOfUsers === undefined ? EVERYONE : options.numberOfUsers,
  );
  return { id: customer.id, admin: token, directoryId: directory!.id, packId };
}

/** Users enough for any test: a pack's plan covers every user of its directory unless a test says otherwise. */
export const EVERYONE = 1_000_000;

/** What a generation (or a re-generation of all) says of a pack covering EVERYONE: nobody left out. */
export const everyoneCovered = {
  leftOut: 0,
  planCovers: EVERYONE,
  subscriptionId: expect.any(String),
  tierId: expect.any(String),
};

/** A Professional subscription of the customer's, in force for a year, covering `numberOfUsers` users. */
export async function newSubscription(
  ctx: TestContext,
  customerId: string,
  numberOfUsers: number,
): Promise<string> {
  const now = Date.now();
  const [subscription] = await ctx.db
    .insert(subscriptions)
    .values({
      customerId,
      ...(await professionalYearly(ctx.db)),
      numberOfUsers,
      startDate: new Date(now),
      expireDate: new Date(now + 365 * 86_400_000),
    })
    .returning();
  return subscription!.id;
}

/**
 * A token pack of the customer's, with a subscription of its own covering `numberOfUsers` users (EVERYONE
 * unless told; null: a pack without a subscription, which covers nobody).
 */
export async function newPack(
  ctx: TestContext,
  customerId: string,
  name: string,
  primaryDirectoryId: string | null,
  numberOfUsers: number | null = EVERYONE,
): Promise<string> {
  const subscriptionId =
    numberOfUsers === null ? null : await newSubscription(ctx, customerId, numberOfUsers);
  const [pack] = await ctx.db
    .insert(tokenPacks)
    .values({ customerId, name, primaryDirectoryId, subscriptionId })
    .returning();
  return pack!.id;
}

export async function newDirectory(ctx: TestContext, customerId: string, name: string): Promise<string> {
  const [directory] = await ctx.db.insert(directories).values({ customerId, name, type: 'LDAP' }).returning();
  return directory!.id;
}

let userCounter = 0;

/** `count` users of the directory, named `<prefix>-1`…; with an email unless `email: false`. */
export async function addUsers(
  ctx: TestContext,
  owner: { customerId: string; directoryId: string },
  count: number,
  options: { prefix?: string; email?: boolean; status?: 'ACTIVE' | 'INACTIVE' } = {},
) {
  const prefix = options.prefix ?? `user${++userCounter}`;
  const rows = Array.from({ length: count }, (_, index) => {
    const username = `${prefix}-${index + 1}`;
    return {
      customerId: owner.customerId,
      directoryId: owner.directoryId,
      source: 'LDAP' as const,
      username,
      email: options.email === false ? null : `${username}@example.com`,
      externalId: `uid=${username},ou=people,dc=example,dc=test`,
      status: options.status ?? 'ACTIVE',
    };
  });
  const made = [];
  for (let start = 0; start < rows.length; start += 5_000) {
    made.push(
      ...(await ctx.db
        .insert(users)
        .values(rows.slice(start, start + 5_000))
        .returning()),
    );
  }
  return made;
}

/** The pack's codes as stored, by username. */
export async function storedCodes(ctx: TestContext, packId: string) {
  const rows = await ctx.db
    .select({ code: activationCodes, username: users.username, email: users.email })
    .from(activationCodes)
    .innerJoin(users, eq(users.id, activationCodes.userId))
    .where(eq(activationCodes.tokenPackId, packId));
  return rows
    .map((row) => ({ ...row.code, username: row.username, email: row.email }))
    .sort((a, b) => a.username.localeCompare(b.username));
}

/** The calls of the activation-code list and its actions, as the portal sends them. */
export function codeCalls(ctx: TestContext) {
  return {
    list: (token: string, customerId: string, query: Record<string, string>) =>
      ctx.call('GET', `${BASE}/${customerId}/search?${new URLSearchParams(query)}`, { token }),
    generate: (token: string, customerId: string, packId: string) =>
      ctx.call('PUT', `${BASE}/generate/${customerId}/${packId}`, { token }),
    regenerate: (token: string, customerId: string, packId: string, json: unknown) =>
      ctx.call('PUT', `${BASE}/${customerId}/re-generate/${packId}`, { token, json }),
    deleteMany: (token: string, customerId: string, ids: string[]) =>
      ctx.call('DELETE', `${BASE}/${customerId}/delete-many`, { token, json: { ids } }),
    summary: (token: string, customerId: string, packId: string) =>
      ctx.call('GET', `${BASE}/${customerId}/summary/${packId}`, { token }),
    reissueExpired: (token: string, customerId: string, packId: string) =>
      ctx.call('POST', `${BASE}/${customerId}/re-issue-expired/${packId}`, { token }),
    sendMail: (token: string, customerId: string, json: unknown) =>
      ctx.call('POST', `${BASE}/${customerId}/send-mail`, { token, json }),
    zip: (token: string, customerId: string, packId: string, ids: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `${BASE}/${customerId}/zip-token-pack-ac/${packId}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ids }),
      }),
    downloadAll: (token: string, customerId: string, packId: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${BASE}/${customerId}/download-token-pack-ac-zip/${packId}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    activate: (code: string, deviceName = 'Pixel 9'): Promise<JsonAnswer> =>
      ctx.call('POST', ACTIVATE, { json: { code, deviceName } }),
  };
}

/** Generates the pack's codes; answers how many. */
export async function generated(ctx: TestContext, owner: Tenant, packId = owner.packId): Promise<number> {
  const answer = await codeCalls(ctx).generate(owner.admin, owner.id, packId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.generated;
}

export const errorOf = (error: { key: string; text: string }) => ({
  messageKey: error.key,
  message: error.text,
});

// ——— PNG and zip reading, for the tests' own checks ———

/** The width, height and pixels (true: black) of a 1-bit grayscale PNG without filters (what qrPng writes). */
export function readBitPng(png: Buffer): {
  width: number;
  height: number;
  black: (x: number, y: number) => boolean;
} {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([1, 0]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(data));
  const rowBytes = 1 + Math.ceil(width / 8);
  return {
    width,
    height,
    black: (x, y) => {
      const row = y * rowBytes;
      expect(pixels[row]).toBe(0);
      return (pixels[row + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0;
    },
  };
}

/** The entries of a zip, read from its central directory: name and stored bytes. */
export function readZip(zip: Buffer): { name: string; method: number; content: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const localName = zip.readUInt16LE(local + 26);
    const localExtra = zip.readUInt16LE(local + 28);
    const start = local + 30 + localName + localExtra;
    entries.push({ name, method, content: zip.subarray(start, start + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Acme, and Globex, the rival whose `rivalUsers` users already have their codes (which Acme's calls must
 * never see), and how many codes Globex's generation made.
 */
export async function acmeAndRival(ctx: TestContext, rivalUsers: number) {
  const acme = await tenant(ctx, 'Acme');
  const globex = await tenant(ctx, 'Globex');
  await addUsers(ctx, { customerId: globex.id, directoryId: globex.directoryId }, rivalUsers);
  return { acme, globex, rivalCodes: await generated(ctx, globex) };
}

/**
 * A file's shared context (see sharedTestContext) with Acme and its rival Globex (see acmeAndRival), made
 * before its tests (their members are there once the tests run), the code calls, and how many codes Globex's
 * generation made (`rival.codes`).
 */
export function codeSuite(rivalUsers: number, options: TestContextOptions = {}) {
  const ctx = sharedTestContext(options);
  const acme = {} as Tenant;
  const globex = {} as Tenant;
  const rival = { codes: 0 };
  beforeAll(async () => {
    const made = await acmeAndRival(ctx, rivalUsers);
    Object.assign(acme, made.acme);
    Object.assign(globex, made.globex);
    rival.codes = made.rivalCodes;
  });
  return { ctx, calls: codeCalls(ctx), acme, globex, rival };
}

/**
 * A fresh pack of `owner`'s, with a directory of its own holding `count` users (the last `without` of them
 * without an email), its codes generated.
 */
export async function packWithCodes(ctx: TestContext, owner: Tenant, count: number, without = 0) {
  const directoryId = await newDirectory(ctx, owner.id, `Directory ${randomUUID().slice(0, 8)}`);
  const packId = await newPack(ctx, owner.id, `Pack ${randomUUID().slice(0, 8)}`, directoryId);
  await addUsers(ctx, { customerId: owner.id, directoryId }, count - without);
  if (without > 0) await addUsers(ctx, { customerId: owner.id, directoryId }, without, { email: false });
  expect((await codeCalls(ctx).generate(owner.admin, owner.id, packId)).status).toBe(200);
  return { packId, directoryId, codes: await storedCodes(ctx, packId) };
}
