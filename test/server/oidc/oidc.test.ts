import { eq } from 'drizzle-orm';
import { OIDC_ERRORS } from '../../../contract/oidc.ts';
import { oidcClients } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import * as connector from '../connector/fixtures.ts';

/**
 * OIDC clients (contract/oidc.ts, server/routes/oidc.ts): the gateway makes the client id and secret; the
 * record has the endpoints of the customer's realm and never the secret, which is revealed on demand (with
 * saml:configure), sealed at rest and replaceable. Redirect URLs are https, or http on the local machine,
 * without a fragment.
 */

const base = '/idm-config/connectors/oidc';
const { world, acmeBase, created } = connector.connectorSuite(base);
const { auditTrail, pageQuery, rowById, strangerIds, unique } = connector;

async function create(values: Record<string, unknown> = {}) {
  const body = await created({
    clientName: unique('Portal'),
    redirectUrls: ['https://app.example.test/callback'],
    ...values,
  });
  return body.id as string;
}

const secretOf = (id: string, token = world.admin) =>
  world.call('GET', `${base}/get-client-secret/${id}?customerId=${world.acme.id}`, undefined, token);
const rowOf = (id: string) => rowById(world.ctx, oidcClients, id);

describe('an OIDC client', () => {
  it('is created with a generated client id and the endpoints of its realm, and no secret in sight', async () => {
    const clientName = unique('Shop');
    const id = await create({
      clientName,
      redirectUrls: ['https://shop.example.test/callback', 'http://localhost:3000/callback'],
    });
    const read = await world.call('GET', `${acmeBase()}/${id}`);
    expect(read.status).toBe(200);
    const realm = `r-${world.acme.id.replaceAll('-', '')}`;
    const issuer = `http://localhost:80/realms/${realm}`;
    expect(read.body).toMatchObject({
      id,
      clientName,
      redirectUrls: ['https://shop.example.test/callback', 'http://localhost:3000/callback'],
      secretSet: true,
      endpoints: {
        issuer,
        discovery: `${issuer}/.well-known/openid-configuration`,
        authorization: `${issuer}/protocol/openid-connect/auth`,
        token: `${issuer}/protocol/openid-connect/token`,
        userinfo: `${issuer}/protocol/openid-connect/userinfo`,
        jwks: `${issuer}/protocol/openid-connect/certs`,
        endSession: `${issuer}/protocol/openid-connect/logout`,
      },
    });
    // Spec: the realm is 'r-' and the client id's second dash-separated part.
    expect(read.body.clientId).toMatch(/^oidc-[0-9a-f]{32}-[a-z0-9]{16}$/);
    expect(`r-${read.body.clientId.split('-')[1]}`).toBe(realm);
    expect(read.body).not.toHaveProperty('clientSecret');
    const { clientSecret } = (await secretOf(id)).body;
    expect(JSON.stringify(read.body)).not.toContain(clientSecret);
  });

  it('makes a different client id for each client', async () => {
    const first = (await world.call('GET', `${acmeBase()}/${await create()}`)).body.clientId;
    const second = (await world.call('GET', `${acmeBase()}/${await create()}`)).body.clientId;
    expect(first).not.toBe(second);
  });

  it('is listed, changed and deleted, then is a 404', async () => {
    const clientName = unique('Lifecycle');
    const id = await create({ clientName });
    const list = await world.call(
      'GET',
      `${acmeBase()}/${pageQuery('clientName', `q=${encodeURIComponent(clientName)}`)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(1);
    expect(list.body.content[0]).toMatchObject({ id, clientName, secretSet: true });
    const { clientSecret } = (await secretOf(id)).body;
    expect(JSON.stringify(list.body)).not.toContain(clientSecret);

    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    const changed = await world.call('PUT', `${acmeBase()}/${id}`, {
      ...read,
      clientName: `${clientName} 2`,
      redirectUrls: ['https://new.example.test/cb', 'https://new.example.test/cb'],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      clientName: `${clientName} 2`,
      redirectUrls: ['https://new.example.test/cb'],
    });
    expect(changed.body.clientId).toBe(read.clientId);
    expect((await secretOf(id)).body.clientSecret).toBe(clientSecret);

    expect((await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`)).status).toBe(200);
    const gone = await world.call('GET', `${acmeBase()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.messageKey).toBe(OIDC_ERRORS.notFound.key);
    expect((await secretOf(id)).status).toBe(404);
  });
});

describe('the client secret', () => {
  it('is revealed on demand, and sealed in the database', async () => {
    const id = await create();
    const answer = await secretOf(id);
    expect(answer.status).toBe(200);
    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    expect(answer.body).toMatchObject({ id, clientId: read.clientId });
    const { clientSecret } = answer.body as { clientSecret: string };
    // 32 random bytes, base64url.
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await secretOf(id)).body.clientSecret).toBe(clientSecret);
    const row = await rowOf(id);
    expect(row!.clientSecret).not.toContain(clientSecret);
    expect(createSealer(world.ctx.config.secretsKey).open(row!.clientSecret)).toBe(clientSecret);
  });

  it('is replaced by a new one on regenerate; the old one is gone', async () => {
    const id = await create();
    const before = (await secretOf(id)).body.clientSecret;
    const regenerated = await world.call('PUT', `${acmeBase()}/${id}/client-secret`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.id).toBe(id);
    expect(regenerated.body.clientSecret).not.toBe(before);
    expect((await secretOf(id)).body.clientSecret).toBe(regenerated.body.clientSecret);
    expect(createSealer(world.ctx.config.secretsKey).open((await rowOf(id))!.clientSecret)).toBe(
      regenerated.body.clientSecret,
    );
  });

  it('is not revealed nor replaced without saml:configure (403)', async () => {
    const id = await create();
    const viewer = await world.callerWith(world.acme.id, ['saml:view', 'saml:create', 'saml:modify']);
    expect((await world.call('GET', `${acmeBase()}/${id}`, undefined, viewer)).status).toBe(200);
    const reveal = await secretOf(id, viewer);
    expect(reveal.status).toBe(403);
    expect(JSON.stringify(reveal.body)).not.toMatch(/clientSecret/);
    expect((await world.call('PUT', `${acmeBase()}/${id}/client-secret`, undefined, viewer)).status).toBe(
      403,
    );
  });

  it('is audited as changed, never shown', async () => {
    const id = await create();
    const first = (await secretOf(id)).body.clientSecret;
    const second = (await world.call('PUT', `${acmeBase()}/${id}/client-secret`)).body.clientSecret;
    const { entries, text } = await auditTrail(world.ctx, id);
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([
      ['OIDC', 'CREATE'],
      ['OIDC', 'UPDATE'],
    ]);
    expect(entries[0]!.changes).toMatchObject({ clientSecret: { before: null, after: '(hidden)' } });
    expect(entries[1]!.changes).toEqual({ clientSecret: { before: '(hidden)', after: '(hidden)' } });
    expect(text).not.toContain(first);
    expect(text).not.toContain(second);
  });
});

describe('the redirect URLs', () => {
  it.each([
    ['an https URL', 'https://app.example.test/callback?x=1'],
    ['http on localhost', 'http://localhost:8080/callback'],
    ['http on 127.0.0.1', 'http://127.0.0.1/cb'],
  ])('accept %s', async (_, url) => {
    const id = await create({ redirectUrls: [url] });
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.redirectUrls).toEqual([url]);
  });

  it.each([
    ['http elsewhere than the local machine', 'http://example.com/callback'],
    ['a fragment', 'https://app.example.test/callback#fragment'],
    ['an empty fragment', 'https://app.example.test/callback#'],
    ['credentials', 'https://user:pass@app.example.test/callback'],
    ['not a URL', 'callback'],
    ['another scheme', 'javascript:alert(1)'],
  ])('refuse %s with a 400', async (_, url) => {
    const clientName = unique('Refused');
    const answer = await world.call('POST', acmeBase(), {
      clientName,
      redirectUrls: ['https://fine.example.test/cb', url],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain('redirectUrls');
    expect(
      await world.ctx.db.select().from(oidcClients).where(eq(oidcClients.clientName, clientName)),
    ).toEqual([]);
  });

  it('are at least one', async () => {
    const answer = await world.call('POST', acmeBase(), { clientName: 'None', redirectUrls: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('redirectUrls');
  });
});

describe('another customer', () => {
  it('is kept out with a 404, whatever id is sent', async () => {
    const id = await create({ clientName: 'Private client' });
    const secret = (await secretOf(id)).body.clientSecret;
    for (const target of [id, ...strangerIds()]) {
      for (const customer of [world.globex.id, world.acme.id]) {
        const path = `${base}/${customer}/${target}`;
        const calls: [connector.Method, string, unknown?][] = [
          ['GET', path],
          ['PUT', path, { clientName: 'Taken', redirectUrls: ['https://x.test/cb'] }],
          ['PUT', `${path}/client-secret`],
          ['GET', `${base}/get-client-secret/${target}?customerId=${customer}`],
          ['DELETE', `${base}/${target}?customerId=${customer}`],
        ];
        for (const [method, url, json] of calls) {
          const answer = await world.call(method, url, json, world.rival);
          expect(answer.status, `${method} ${url}`).toBe(404);
          expect(JSON.stringify(answer.body)).not.toContain(secret);
        }
      }
    }
    expect((await secretOf(id)).body.clientSecret).toBe(secret);
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.clientName).toBe('Private client');
  });
});
