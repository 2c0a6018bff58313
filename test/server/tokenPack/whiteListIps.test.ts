import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TOKEN_PACK_ERRORS, WHITE_LIST_ERRORS } from '../../../contract/tokenPack.ts';
import { whiteListIps } from '../../../server/db/schema.ts';
import { auditOf } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';
import { counts, info, type PackWorld, packCalls, packWorld } from './fixtures.ts';

/**
 * A token pack's trusted networks (white-list-ips): addresses and CIDR ranges, IPv4 or IPv6, kept in
 * canonical form, at most 1000 a pack, each once; deleted all or none. Everything happens under a pack of the
 * customer's: another customer's pack or network answers 404.
 */

const ctx = sharedTestContext();
let world: PackWorld;
let calls: ReturnType<typeof packCalls>['networks'];
let packCallsOf: ReturnType<typeof packCalls>;
let acme: string;
let acmeAdmin: string;
let pack: string;
let globexNetwork: string;

beforeAll(async () => {
  world = await packWorld(ctx);
  packCallsOf = packCalls(ctx);
  calls = packCallsOf.networks;
  ({ id: acme, admin: acmeAdmin } = world.acme);
  pack = world.acmePack.id;
  const made = await calls.create(world.globex.admin, world.globex.id, world.globexPack.id, {
    ip: '192.0.2.0/24',
    description: 'Globex HQ',
  });
  expect(made.status).toBe(201);
  globexNetwork = made.body.id;
});

const errorOf = (error: { key: string; text: string }) => ({ messageKey: error.key, message: error.text });

/** Trusts a network in Acme's first pack; answers its record. */
async function trust(ip: string, description?: string, packId = pack) {
  const answer = await calls.create(acmeAdmin, acme, packId, { ip, ...(description ? { description } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('trusting a network', () => {
  it('answers the stored record and audits it', async () => {
    const record = await trust('198.51.100.23', '  Head office  ');
    expect(record).toEqual({
      id: expect.any(String),
      tokenPackId: pack,
      ip: '198.51.100.23',
      description: 'Head office',
      createdDate: expect.any(String),
      lastModifiedDate: expect.any(String),
    });
    const [entry] = await auditOf(ctx, record.id);
    expect(entry).toMatchObject({ tableName: 'WhiteListIp', action: 'CREATE', customerId: acme });
    expect(entry!.changes).toMatchObject({ ip: { before: null, after: '198.51.100.23' } });
  });

  it.each([
    ['an IPv4 range, its host bits zeroed', '203.0.113.7/24', '203.0.113.0/24'],
    ['an IPv6 address, lower-case and compressed', '2001:0DB8:0:0::1', '2001:db8::1'],
    ['an IPv6 range', '2001:DB8:ABCD::/48', '2001:db8:abcd::/48'],
    ['an IPv6 range with host bits', '2001:db8:1:2::9/32', '2001:db8::/32'],
    ['an IPv4-mapped IPv6 address', '::ffff:198.51.100.77', '198.51.100.77'],
    ['a /32', '192.0.2.99/32', '192.0.2.99'],
    ['spaces around it', ' 10.20.30.40 ', '10.20.30.40'],
  ])('keeps %s canonical', async (_, ip, stored) => {
    const record = await trust(ip);
    expect(record.ip).toBe(stored);
    const [row] = await ctx.db.select().from(whiteListIps).where(eq(whiteListIps.id, record.id));
    expect(row!.ip).toBe(stored);
  });

  it.each([
    '300.1.1.1',
    '10.0.0.0/33',
    '::1/129',
    'abc',
    '1.2.3',
    '10.0.0.1/',
    '2001:db8::1::1',
    'localhost',
  ])('refuses %j with 400 and writes nothing', async (ip) => {
    const before = await counts(ctx);
    expect(await calls.create(acmeAdmin, acme, pack, { ip })).toMatchObject({
      status: 400,
      body: errorOf(WHITE_LIST_ERRORS.invalid),
    });
    expect(await counts(ctx)).toEqual(before);
  });

  it('refuses the same network twice in a pack with 409, however it is written', async () => {
    await trust('172.16.5.0/24');
    const before = await counts(ctx);
    for (const ip of ['172.16.5.0/24', '172.16.5.200/24', '::ffff:172.16.5.1/120']) {
      expect(await calls.create(acmeAdmin, acme, pack, { ip })).toMatchObject({
        status: 409,
        body: errorOf(WHITE_LIST_ERRORS.duplicate),
      });
    }
    expect(await counts(ctx)).toEqual(before);
    // Another pack may trust it too.
    expect((await trust('172.16.5.0/24', undefined, world.acmeBranch.id)).ip).toBe('172.16.5.0/24');
  });

  it('refuses a network beyond 1000 in a pack with 409', async () => {
    const crowded = world.acmeBranch.id;
    const held = (await ctx.db.select().from(whiteListIps).where(eq(whiteListIps.tokenPackId, crowded)))
      .length;
    await ctx.db.insert(whiteListIps).values(
      Array.from({ length: 999 - held }, (_, index) => ({
        customerId: acme,
        tokenPackId: crowded,
        ip: `10.${Math.floor(index / 250)}.${index % 250}.1`,
      })),
    );
    expect((await trust('100.64.0.1', undefined, crowded)).ip).toBe('100.64.0.1');
    const before = await counts(ctx);
    expect(await calls.create(acmeAdmin, acme, crowded, { ip: '100.64.0.2' })).toMatchObject({
      status: 409,
      body: {
        messageKey: WHITE_LIST_ERRORS.tooMany.key,
        message: 'A token pack trusts at most 1000 networks.',
        params: { max: 1000 },
      },
    });
    expect(await counts(ctx)).toEqual(before);
    await ctx.db.delete(whiteListIps).where(eq(whiteListIps.tokenPackId, crowded));
  });
});

describe('listing and changing the networks of a pack', () => {
  let packOfList: string;

  beforeAll(async () => {
    const created = await packCallsOf.create(acmeAdmin, acme, info({ name: 'Listed Networks' }));
    packOfList = created.body.id;
    for (const [ip, description] of [
      ['203.0.113.0/24', 'Branch Paris'],
      ['2001:db8::/32', 'IPv6 lab'],
      ['198.51.100.1', 'Branch Berlin'],
    ]) {
      await trust(ip!, description, packOfList);
    }
  });

  it('lists them a page at a time, oldest first, searched by address and description, sorted', async () => {
    const all = await calls.search(acmeAdmin, acme, packOfList);
    expect(all.status).toBe(200);
    expect(all.body.totalElements).toBe(3);
    expect(all.body.content.map((row: { ip: string }) => row.ip)).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
      '198.51.100.1',
    ]);
    const branch = await calls.search(acmeAdmin, acme, packOfList, 'q=BRANCH&sort=description&order=DESC');
    expect(branch.body.content.map((row: { description: string }) => row.description)).toEqual([
      'Branch Paris',
      'Branch Berlin',
    ]);
    expect((await calls.search(acmeAdmin, acme, packOfList, 'q=2001:db8')).body.totalElements).toBe(1);
    const page = await calls.search(acmeAdmin, acme, packOfList, 'page=1&pageSize=2&sort=ip');
    expect(page.body).toMatchObject({ totalElements: 3, page: 1, pageSize: 2 });
    expect(page.body.content.map((row: { ip: string }) => row.ip)).toEqual(['203.0.113.0/24']);
    expect((await calls.search(acmeAdmin, acme, packOfList, 'sort=tokenPackId')).status).toBe(400);
  });

  it('changes a network, canonical again, keeping the description left out; refuses a taken one', async () => {
    const record = await trust('100.100.0.0/16', 'Carrier NAT', packOfList);
    const changed = await calls.update(acmeAdmin, acme, packOfList, record.id, {
      ...record,
      ip: '100.100.9.9/20',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ ip: '100.100.0.0/20', description: 'Carrier NAT' });
    expect((await auditOf(ctx, record.id)).at(-1)!.changes).toEqual({
      ip: { before: '100.100.0.0/16', after: '100.100.0.0/20' },
    });
    const kept = await calls.update(acmeAdmin, acme, packOfList, record.id, { ip: '100.100.0.0/20' });
    expect(kept.body.description).toBe('Carrier NAT');
    expect(
      await calls.update(acmeAdmin, acme, packOfList, record.id, { ip: '203.0.113.77/24' }),
    ).toMatchObject({
      status: 409,
      body: errorOf(WHITE_LIST_ERRORS.duplicate),
    });
    expect(await calls.update(acmeAdmin, acme, packOfList, record.id, { ip: '10.0.0.0/33' })).toMatchObject({
      status: 400,
      body: errorOf(WHITE_LIST_ERRORS.invalid),
    });
    // A network of another pack of the customer's is not one of this pack's.
    const other = await trust('100.101.0.0/16', undefined, world.acmeBranch.id);
    expect(await calls.update(acmeAdmin, acme, packOfList, other.id, { ip: '100.102.0.0/16' })).toMatchObject(
      {
        status: 404,
        body: errorOf(WHITE_LIST_ERRORS.notFound),
      },
    );
  });

  it('deletes networks all or none', async () => {
    const first = await trust('192.168.10.0/24', undefined, packOfList);
    const second = await trust('192.168.11.0/24', undefined, packOfList);
    const ofOtherPack = await trust('192.168.12.0/24', undefined, world.acmeBranch.id);
    const before = await counts(ctx);
    for (const stranger of [ofOtherPack.id, globexNetwork, randomUUID()]) {
      const refused = await calls.deleteMany(acmeAdmin, acme, packOfList, [first.id, stranger]);
      expect(refused.status).toBe(404);
    }
    expect(await counts(ctx)).toEqual(before);
    const deleted = await calls.deleteMany(acmeAdmin, acme, packOfList, [first.id, second.id]);
    expect(deleted).toMatchObject({ status: 200, body: { ids: [first.id, second.id] } });
    const left = (await calls.search(acmeAdmin, acme, packOfList, 'pageSize=100')).body.content.map(
      (row: { id: string }) => row.id,
    );
    expect(left).not.toContain(first.id);
    expect(left).not.toContain(second.id);
    expect((await auditOf(ctx, first.id)).at(-1)).toMatchObject({
      action: 'DELETE',
      tableName: 'WhiteListIp',
    });
  });
});

describe("another customer's packs and networks", () => {
  it('answer 404 to every call naming them, and change nothing', async () => {
    const theirPack = world.globexPack.id;
    const before = await counts(ctx);
    const packNotFound = { status: 404, body: { messageKey: TOKEN_PACK_ERRORS.notFound.key } };
    expect(await calls.search(acmeAdmin, acme, theirPack)).toMatchObject(packNotFound);
    expect(await calls.create(acmeAdmin, acme, theirPack, { ip: '192.0.2.55' })).toMatchObject(packNotFound);
    expect(
      await calls.update(acmeAdmin, acme, theirPack, globexNetwork, { ip: '192.0.2.0/25' }),
    ).toMatchObject(packNotFound);
    expect(await calls.deleteMany(acmeAdmin, acme, theirPack, [globexNetwork])).toMatchObject(packNotFound);
    // Their network named under Acme's own pack.
    expect(await calls.update(acmeAdmin, acme, pack, globexNetwork, { ip: '192.0.2.0/25' })).toMatchObject({
      status: 404,
      body: errorOf(WHITE_LIST_ERRORS.notFound),
    });
    expect((await calls.deleteMany(acmeAdmin, acme, pack, [globexNetwork])).status).toBe(404);
    // Their pack under their customer id: the customer is not Acme's to name.
    expect((await calls.search(acmeAdmin, world.globex.id, theirPack)).status).toBe(404);
    expect(await counts(ctx)).toEqual(before);
    const [row] = await ctx.db.select().from(whiteListIps).where(eq(whiteListIps.id, globexNetwork));
    expect(row).toMatchObject({ ip: '192.0.2.0/24', description: 'Globex HQ' });
  });

  it('answers 404 for an unknown pack or one that is not an id', async () => {
    for (const packId of [randomUUID(), 'not-a-pack']) {
      expect(await calls.search(acmeAdmin, acme, packId)).toMatchObject({
        status: 404,
        body: { messageKey: TOKEN_PACK_ERRORS.notFound.key },
      });
    }
  });
});
