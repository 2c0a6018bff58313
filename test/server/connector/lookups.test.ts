import { randomUUID } from 'node:crypto';
import { directories } from '../../../server/db/schema.ts';
import { connectorSuite, saml2Form } from './fixtures.ts';

/**
 * The connector lookups of the service launch (contract/connector.ts, server/routes/connector.ts): a
 * customer's connectors of one kind as {id, name, type, typeId}, filtered by a part of the name or by ids,
 * only the caller's customer's; and the type ids.
 */

const lookups = '/idm-config/connectors';
const { world } = connectorSuite(lookups);

interface Summary {
  id: string;
  name: string;
  type: string;
  typeId: number;
}

const lookup = (type: string, filter?: unknown, customerId = world.acme.id, token = world.admin) => {
  const query = new URLSearchParams({ customerId });
  if (filter !== undefined) query.set('filter', typeof filter === 'string' ? filter : JSON.stringify(filter));
  return world.call('GET', `${lookups}/${type}?${query}`, undefined, token);
};

const created: Record<string, { id: string; name: string }[]> = {};

async function make(type: string, body: Record<string, unknown>, name: string, customer = world.acme.id) {
  const token = customer === world.acme.id ? world.admin : world.rival;
  const answer = await world.call('POST', `${lookups}/${type}/${customer}`, body, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  if (customer === world.acme.id) {
    created[type] = [...(created[type] ?? []), { id: answer.body.id, name }];
  }
  return answer.body.id as string;
}

beforeAll(async () => {
  const tag = randomUUID().slice(0, 6);
  for (const [index, name] of ['Branch VPN', 'Alpha VPN', 'Head office firewall'].entries()) {
    await make('radius', { name, ipAddress: `192.0.2.${index + 1}` }, name);
  }
  await make('radius', { name: 'Globex VPN', ipAddress: '192.0.2.1' }, 'Globex VPN', world.globex.id);
  for (const name of ['Zoom', 'GitLab']) {
    await make('saml2', saml2Form(`${name.toLowerCase()}-${tag}`, name), name);
  }
  await make('saml2', saml2Form(`globex-${tag}`, 'Globex Zoom'), 'Globex Zoom', world.globex.id);
  await make('oidc', { clientName: 'Shop', redirectUrls: ['https://shop.example.test/cb'] }, 'Shop');
  await make('https', { name: 'Payments API' }, 'Payments API');
  await world.ctx.db.insert(directories).values([
    { customerId: world.acme.id, name: 'Head office LDAP', type: 'LDAP' },
    { customerId: world.acme.id, name: 'Cloud directory', type: 'AZURE' },
    { customerId: world.globex.id, name: 'Globex LDAP', type: 'LDAP' },
  ]);
});

describe('the connectors of one kind', () => {
  it("answers the customer's RADIUS connectors by name, with type radius and typeId 2", async () => {
    const answer = await lookup('radius');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      [...created.radius!]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ id, name }) => ({ id, name, type: 'radius', typeId: 2 })),
    );
  });

  it('answers SAML2 connectors by their provider name, with typeId 5', async () => {
    const answer = await lookup('saml2');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: created.saml2![1]!.id, name: 'GitLab', type: 'saml2', typeId: 5 },
      { id: created.saml2![0]!.id, name: 'Zoom', type: 'saml2', typeId: 5 },
    ]);
  });

  it('answers OIDC clients by client name (typeId 4) and HTTPS connectors (typeId 7)', async () => {
    expect((await lookup('oidc')).body).toEqual([
      { id: created.oidc![0]!.id, name: 'Shop', type: 'oidc', typeId: 4 },
    ]);
    expect((await lookup('https')).body).toEqual([
      { id: created.https![0]!.id, name: 'Payments API', type: 'https', typeId: 7 },
    ]);
    expect((await lookup('saml')).body).toEqual([]);
  });

  it('answers every directory for ldap and the LDAP ones only for ldap_2fa, both typeId 1', async () => {
    const ldap = (await lookup('ldap')).body as Summary[];
    expect(ldap.map((row) => [row.name, row.type, row.typeId])).toEqual([
      ['Cloud directory', 'ldap', 1],
      ['Head office LDAP', 'ldap', 1],
    ]);
    const twoFactor = (await lookup('ldap_2fa')).body as Summary[];
    expect(twoFactor.map((row) => [row.name, row.type, row.typeId])).toEqual([
      ['Head office LDAP', 'ldap_2fa', 1],
    ]);
  });

  it('filters by a part of the name, ignoring case, and by ids', async () => {
    const byName = (await lookup('radius', { q: 'vpn' })).body as Summary[];
    expect(byName.map((row) => row.name)).toEqual(['Alpha VPN', 'Branch VPN']);
    expect((await lookup('radius', { q: '%' })).body).toEqual([]);
    const alpha = created.radius!.find((row) => row.name === 'Alpha VPN')!;
    const head = created.radius!.find((row) => row.name === 'Head office firewall')!;
    const byIds = (await lookup('radius', { ids: [head.id.toUpperCase(), alpha.id, 'not-an-id'] }))
      .body as Summary[];
    expect(byIds.map((row) => row.id)).toEqual([alpha.id, head.id]);
    expect((await lookup('radius', { ids: ['not-an-id'] })).body).toEqual([]);
    expect((await lookup('radius', { q: 'vpn', ids: [head.id] })).body).toEqual([]);
  });

  it("answers only the caller's customer: the other customer's are not there, and its id is a 404", async () => {
    const acmeNames = ((await lookup('radius')).body as Summary[]).map((row) => row.name);
    expect(acmeNames).not.toContain('Globex VPN');
    const globex = (await lookup('radius', undefined, world.globex.id, world.rival)).body as Summary[];
    expect(globex.map((row) => row.name)).toEqual(['Globex VPN']);
    expect(((await lookup('saml2', { q: 'zoom' })).body as Summary[]).map((row) => row.name)).toEqual([
      'Zoom',
    ]);
    const acmeId = created.radius![0]!.id;
    expect((await lookup('radius', { ids: [acmeId] }, world.globex.id, world.rival)).body).toEqual([]);
    const intoAcme = await lookup('radius', undefined, world.acme.id, world.rival);
    expect(intoAcme.status).toBe(404);
    expect(JSON.stringify(intoAcme.body)).not.toContain('Alpha VPN');
  });

  it.each([
    ['not JSON', '{"q":'],
    ['an unknown key', { name: 'vpn' }],
    ['longer than its limit (501 ids)', { ids: Array.from({ length: 501 }, () => randomUUID()) }],
    ['a JSON array', '[]'],
    ['a number where text is wanted', { q: 42 }],
    ['text where a list is wanted', { ids: 'x' }],
  ])('refuses a filter that is %s with a 400', async (_, filter) => {
    const answer = await lookup('radius', filter);
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toMatch(/^error\./);
    expect(answer.body.message).toContain('filter');
  });

  it('is a 400 for a kind it does not know', async () => {
    const answer = await lookup('kerberos');
    expect(answer.status).toBe(400);
  });

  it('is refused without service_instance:view (403)', async () => {
    const limited = await world.callerWith(world.acme.id, ['radius:view', 'saml:view']);
    expect((await lookup('radius', undefined, world.acme.id, limited)).status).toBe(403);
  });
});

describe('the type ids', () => {
  it('are 1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https', async () => {
    const answer = await world.call('GET', `${lookups}/list-type`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: 1, name: 'ldap' },
      { id: 2, name: 'radius' },
      { id: 3, name: 'saml' },
      { id: 4, name: 'oidc' },
      { id: 5, name: 'saml2' },
      { id: 7, name: 'https' },
    ]);
  });
});
