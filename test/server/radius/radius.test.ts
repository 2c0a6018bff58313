import { eq } from 'drizzle-orm';
import { RADIUS_ERRORS } from '../../../contract/radius.ts';
import { radiusConnectors } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import * as connector from '../connector/fixtures.ts';

/**
 * RADIUS connectors (contract/radius.ts, server/routes/radius.ts) as a customer administrator sees them: the
 * shared secret answered once and sealed at rest, the IP address unique in the customer in whatever spelling,
 * the permissions, other customers kept out, and an audit log without secrets.
 */

const base = '/idm-config/connectors/radius';
const { world, acmeBase, created } = connector.connectorSuite(base);
const { auditTrail, pageQuery, rowById, strangerIds, unique } = connector;

/** A free test address (TEST-NET-3) per call, so that tests do not collide on the unique IP. */
let hostCounter = 0;
const freshIp = () => {
  hostCounter += 1;
  return `203.0.113.${hostCounter}`;
};

async function create(values: { name?: string; ipAddress?: string } = {}) {
  const body = await created({
    name: values.name ?? unique('VPN'),
    ipAddress: values.ipAddress ?? freshIp(),
  });
  return body as { id: string; sharedSecret: string };
}

const rowOf = (id: string) => rowById(world.ctx, radiusConnectors, id);

describe('a RADIUS connector', () => {
  it('is created, read, listed, changed and deleted, then is a 404', async () => {
    const name = unique('Office VPN');
    const ipAddress = freshIp();
    const { id } = await create({ name, ipAddress });

    const read = await world.call('GET', `${acmeBase()}/${id}`);
    expect(read.status).toBe(200);
    // This suite's server runs no RADIUS server: the record says so (gateway.test.ts: the port in force).
    expect(read.body).toMatchObject({
      id,
      name,
      ipAddress,
      proxyPort: null,
      secretSet: true,
      mode: 'challenge',
      nasIdentifier: id,
      lastSignIn: null,
    });

    const list = await world.call(
      'GET',
      `${acmeBase()}/${pageQuery('name', `q=${encodeURIComponent(name)}`)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalElements: 1, page: 0, pageSize: 10 });
    expect(list.body.content).toEqual([read.body]);

    const renamed = await world.call('PUT', `${acmeBase()}/${id}`, { ...read.body, name: `${name} (moved)` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: `${name} (moved)`, ipAddress, mode: 'challenge' });

    const pushed = await world.call('PUT', `${acmeBase()}/${id}`, { ...renamed.body, mode: 'push' });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.mode).toBe('push');
    const kept = await world.call('PUT', `${acmeBase()}/${id}`, { name: `${name} (moved)`, ipAddress });
    expect(kept.body.mode).toBe('push');
    const unknownMode = await world.call('PUT', `${acmeBase()}/${id}`, { ...renamed.body, mode: 'sms' });
    expect(unknownMode.status).toBe(400);
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.mode).toBe('push');
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.name).toBe(`${name} (moved)`);

    const removed = await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id });
    const gone = await world.call('GET', `${acmeBase()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      messageKey: RADIUS_ERRORS.notFound.key,
      message: RADIUS_ERRORS.notFound.text,
    });
    expect((await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`)).status).toBe(404);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('lists the page sorted by name, with the total of the customer', async () => {
    const tag = unique('sorted').replace(' ', '-');
    for (const letter of ['c', 'a', 'b']) await create({ name: `${tag} ${letter}` });
    const page = await world.call('GET', `${acmeBase()}/${pageQuery('name', `q=${tag}`)}`);
    expect(page.status).toBe(200);
    expect(page.body.totalElements).toBe(3);
    expect(page.body.content.map((record: { name: string }) => record.name)).toEqual([
      `${tag} a`,
      `${tag} b`,
      `${tag} c`,
    ]);
    const all = await world.call('GET', `${acmeBase()}/${pageQuery('name')}`);
    const stored = await world.ctx.db
      .select()
      .from(radiusConnectors)
      .where(eq(radiusConnectors.customerId, world.acme.id));
    expect(all.body.totalElements).toBe(stored.length);
  });
});

describe('the shared secret', () => {
  it('is answered once, 24 letters and digits, and never again by a read or a list', async () => {
    const name = unique('Secretive');
    const { id, sharedSecret } = await create({ name });
    expect(sharedSecret).toMatch(/^[A-Za-z0-9]{24}$/);
    const read = await world.call('GET', `${acmeBase()}/${id}`);
    expect(read.body.secretSet).toBe(true);
    expect(read.body).not.toHaveProperty('sharedSecret');
    expect(JSON.stringify(read.body)).not.toContain(sharedSecret);
    const list = await world.call(
      'GET',
      `${acmeBase()}/${pageQuery('name', `q=${encodeURIComponent(name)}`)}`,
    );
    expect(list.body.totalElements).toBe(1);
    expect(JSON.stringify(list.body)).not.toContain(sharedSecret);
  });

  it('is stored sealed: the column is not the secret, and opens to it with the secrets key only', async () => {
    const { id, sharedSecret } = await create();
    const row = await rowOf(id);
    expect(row!.sharedSecret).not.toBe(sharedSecret);
    expect(row!.sharedSecret).not.toContain(sharedSecret);
    expect(createSealer(world.ctx.config.secretsKey).open(row!.sharedSecret)).toBe(sharedSecret);
    expect(() =>
      createSealer('another-secrets-key-that-is-long-enough-000000').open(row!.sharedSecret),
    ).toThrow();
  });

  it('is replaced by a new one on regenerate, answered once; the old one is gone', async () => {
    const { id, sharedSecret } = await create();
    const regenerated = await world.call('PUT', `${acmeBase()}/${id}/shared-secret`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.id).toBe(id);
    expect(regenerated.body.sharedSecret).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(regenerated.body.sharedSecret).not.toBe(sharedSecret);
    const opened = createSealer(world.ctx.config.secretsKey).open((await rowOf(id))!.sharedSecret);
    expect(opened).toBe(regenerated.body.sharedSecret);
    expect(JSON.stringify((await world.call('GET', `${acmeBase()}/${id}`)).body)).not.toContain(
      regenerated.body.sharedSecret,
    );
  });

  it('is kept by an edit of the name or address', async () => {
    const { id } = await create();
    const before = (await rowOf(id))!.sharedSecret;
    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    const edited = await world.call('PUT', `${acmeBase()}/${id}`, { ...read, ipAddress: freshIp() });
    expect(edited.status).toBe(200);
    expect((await rowOf(id))!.sharedSecret).toBe(before);
  });
});

describe('the IP address', () => {
  it('may be IPv4 or IPv6; IPv6 is stored in its canonical form', async () => {
    const v4 = await create({ ipAddress: '198.51.100.7' });
    expect((await world.call('GET', `${acmeBase()}/${v4.id}`)).body.ipAddress).toBe('198.51.100.7');
    const v6 = await create({ ipAddress: '2001:DB8:0:0::1' });
    expect((await world.call('GET', `${acmeBase()}/${v6.id}`)).body.ipAddress).toBe('2001:db8::1');
    expect((await rowOf(v6.id))!.ipAddress).toBe('2001:db8::1');
  });

  it.each([
    ['the same spelling', '198.51.100.20', '198.51.100.20'],
    ['the uncompressed IPv6 form', '2001:db8::20', '2001:0db8:0000:0000:0000:0000:0000:0020'],
    ['upper-case IPv6', '2001:db8::a:20', '2001:DB8::A:20'],
    ['spaces around it', '198.51.100.21', ' 198.51.100.21 '],
  ])(
    'is unique in the customer, also in %s: 409 naming the connector that has it',
    async (_, first, second) => {
      const holder = unique('Holder');
      await create({ name: holder, ipAddress: first });
      const again = await world.call('POST', acmeBase(), { name: unique('Twin'), ipAddress: second });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        messageKey: 'error.radius.ipHeldBy',
        message: `There is one existing connector with this IP already. Please check your IP again! It is the connector '${holder}'.`,
        params: { field: 'ipAddress', name: holder },
      });
    },
  );

  it("names only a connector of the caller's customer: another customer's address is free to take", async () => {
    const secret = unique('Acme Secret VPN');
    await create({ name: secret, ipAddress: '198.51.100.50' });
    const globexBase = `${base}/${world.globex.id}`;
    const first = await world.call(
      'POST',
      globexBase,
      { name: 'Globex VPN', ipAddress: '198.51.100.50' },
      world.rival,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await world.call(
      'POST',
      globexBase,
      { name: 'Globex Twin', ipAddress: '198.51.100.50' },
      world.rival,
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      messageKey: 'error.radius.ipHeldBy',
      params: { name: 'Globex VPN' },
    });
    expect(JSON.stringify(second.body)).not.toContain(secret);
  });

  it("refuses an edit to another connector's address, and accepts keeping its own", async () => {
    await create({ ipAddress: '198.51.100.30' });
    const second = await create({ ipAddress: '198.51.100.31' });
    const read = (await world.call('GET', `${acmeBase()}/${second.id}`)).body;
    const taken = await world.call('PUT', `${acmeBase()}/${second.id}`, {
      ...read,
      ipAddress: '198.51.100.30',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.messageKey).toBe(RADIUS_ERRORS.ipHeldBy.key);
    expect((await rowOf(second.id))!.ipAddress).toBe('198.51.100.31');
    const kept = await world.call('PUT', `${acmeBase()}/${second.id}`, { ...read, name: 'Same address' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Same address', ipAddress: '198.51.100.31' });
  });

  it('may be used by another customer', async () => {
    await create({ ipAddress: '198.51.100.40' });
    const other = await world.call(
      'POST',
      `${base}/${world.globex.id}`,
      { name: 'Globex VPN', ipAddress: '198.51.100.40' },
      world.rival,
    );
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.sharedSecret).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it.each([['999.1.1.1'], ['host.example.com'], [''], ['192.0.2.1/24'], ['fe80::1%eth0'], ['1.2.3']])(
    'refuses %j with a 400 naming the field, and writes nothing',
    async (ipAddress) => {
      const name = unique('Bad address');
      const answer = await world.call('POST', acmeBase(), { name, ipAddress });
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
      expect(answer.body.message).toContain('ipAddress');
      const rows = await world.ctx.db.select().from(radiusConnectors).where(eq(radiusConnectors.name, name));
      expect(rows).toEqual([]);
    },
  );
});

describe('who may', () => {
  it('refuses a create to a customer administrator without radius:create (403), who may still read', async () => {
    const limited = await world.callerWith(world.acme.id, [
      'radius:view',
      'radius:modify',
      'radius:delete',
      'radius:configure',
    ]);
    const name = unique('Not allowed');
    const refused = await world.call('POST', acmeBase(), { name, ipAddress: freshIp() }, limited);
    expect(refused.status).toBe(403);
    expect(refused.body.messageKey).toBe('error.action.notallow');
    const rows = await world.ctx.db.select().from(radiusConnectors).where(eq(radiusConnectors.name, name));
    expect(rows).toEqual([]);
    const listed = await world.call('GET', `${acmeBase()}/${pageQuery('name')}`, undefined, limited);
    expect(listed.status).toBe(200);
  });

  it("keeps another customer's administrator out with a 404, whatever id is sent", async () => {
    const { id } = await create();
    const secretBefore = (await rowOf(id))!.sharedSecret;
    const globexBase = `${base}/${world.globex.id}`;
    const form = { name: 'Taken over', ipAddress: freshIp() };
    for (const target of [id, ...strangerIds()]) {
      for (const path of [`${globexBase}/${target}`, `${acmeBase()}/${target}`]) {
        expect((await world.call('GET', path, undefined, world.rival)).status, path).toBe(404);
        expect((await world.call('PUT', path, form, world.rival)).status, path).toBe(404);
        expect((await world.call('PUT', `${path}/shared-secret`, undefined, world.rival)).status, path).toBe(
          404,
        );
      }
      for (const customer of [world.globex.id, world.acme.id]) {
        const path = `${base}/${target}?customerId=${customer}`;
        expect((await world.call('DELETE', path, undefined, world.rival)).status, path).toBe(404);
      }
    }
    // Acme's list cannot be read either, and the record is as it was.
    expect(
      (await world.call('GET', `${acmeBase()}/${pageQuery('name')}`, undefined, world.rival)).status,
    ).toBe(404);
    const rivalList = await world.call(
      'GET',
      `${base}/${world.globex.id}/${pageQuery('name')}`,
      undefined,
      world.rival,
    );
    expect(rivalList.body.content.map((record: { id: string }) => record.id)).not.toContain(id);
    const row = await rowOf(id);
    expect(row!.name).not.toBe('Taken over');
    expect(row!.sharedSecret).toBe(secretBefore);
  });
});

describe('the audit log', () => {
  it('records the create, the regenerate, the edit and the delete with the secret hidden', async () => {
    const name = unique('Audited');
    const { id, sharedSecret } = await create({ name });
    const sealedFirst = (await rowOf(id))!.sharedSecret;
    const regenerated = (await world.call('PUT', `${acmeBase()}/${id}/shared-secret`)).body.sharedSecret;
    const sealedSecond = (await rowOf(id))!.sharedSecret;
    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    await world.call('PUT', `${acmeBase()}/${id}`, { ...read, name: `${name} 2` });
    await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`);

    const { entries, text } = await auditTrail(world.ctx, id);
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([
      ['Radius', 'CREATE'],
      ['Radius', 'UPDATE'],
      ['Radius', 'UPDATE'],
      ['Radius', 'DELETE'],
    ]);
    expect(entries.every((entry) => entry.customerId === world.acme.id)).toBe(true);
    const [created, regenerate, renamed, deleted] = entries;
    expect(created!.changes).toMatchObject({
      name: { before: null, after: name },
      sharedSecret: { before: null, after: '(hidden)' },
    });
    expect(regenerate!.changes).toEqual({ sharedSecret: { before: '(hidden)', after: '(hidden)' } });
    expect(renamed!.changes).toEqual({ name: { before: name, after: `${name} 2` } });
    expect(deleted!.changes).toMatchObject({ sharedSecret: { before: '(hidden)', after: null } });
    expect(text).not.toContain(sharedSecret);
    expect(text).not.toContain(regenerated);
    expect(text).not.toContain(sealedFirst);
    expect(text).not.toContain(sealedSecond);
  });
});
