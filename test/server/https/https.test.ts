import { createHash } from 'node:crypto';
import { HTTPS_ERRORS } from '../../../contract/https.ts';
import { httpsConnectors } from '../../../server/db/schema.ts';
import * as connector from '../connector/fixtures.ts';

/**
 * HTTPS connectors (contract/https.ts, server/routes/https.ts): the API key is answered once, when made or
 * replaced; the record shows its first characters only, and the database holds its SHA-256 hash.
 */

const base = '/idm-config/connectors/https';
const { world, acmeBase, created } = connector.connectorSuite(base);
const { auditTrail, pageQuery, rowById, strangerIds, unique } = connector;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const create = async (name = unique('Payments API')) =>
  (await created({ name })) as { id: string; apiKey: string };

const rowOf = (id: string) => rowById(world.ctx, httpsConnectors, id);

describe('an HTTPS connector', () => {
  it('answers its API key once; the record has its hint, never the key', async () => {
    const name = unique('Hinted');
    const { id, apiKey } = await create(name);
    expect(apiKey.startsWith('gwk_')).toBe(true);
    expect(apiKey).toMatch(/^gwk_[A-Za-z0-9]{40}$/);
    const read = await world.call('GET', `${acmeBase()}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, name, serviceId: null, apiKeyHint: `${apiKey.slice(0, 12)}…` });
    expect(read.body).not.toHaveProperty('apiKey');
    expect(JSON.stringify(read.body)).not.toContain(apiKey);
    const list = await world.call(
      'GET',
      `${acmeBase()}/${pageQuery('name', `q=${encodeURIComponent(name)}`)}`,
    );
    expect(list.body.totalElements).toBe(1);
    expect(list.body.content).toEqual([read.body]);
    expect(JSON.stringify(list.body)).not.toContain(apiKey);
  });

  it('keeps the SHA-256 hex of the key, not the key', async () => {
    const { id, apiKey } = await create();
    const row = await rowOf(id);
    expect(row!.apiKeyHash).toBe(sha256(apiKey));
    expect(row!.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(apiKey);
  });

  it('makes a different key for each connector', async () => {
    const first = await create();
    const second = await create();
    expect(first.apiKey).not.toBe(second.apiKey);
  });

  it('replaces its key on regenerate: a new key, a new hash, the old one gone', async () => {
    const { id, apiKey } = await create();
    const regenerated = await world.call('PUT', `${acmeBase()}/${id}/api-key`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.id).toBe(id);
    const fresh = regenerated.body.apiKey as string;
    expect(fresh).toMatch(/^gwk_[A-Za-z0-9]{40}$/);
    expect(fresh).not.toBe(apiKey);
    const row = await rowOf(id);
    expect(row!.apiKeyHash).toBe(sha256(fresh));
    expect(row!.apiKeyHash).not.toBe(sha256(apiKey));
    expect((await world.call('GET', `${acmeBase()}/${id}`)).body.apiKeyHint).toBe(`${fresh.slice(0, 12)}…`);
  });

  it('is renamed with its key kept, deleted, then is a 404', async () => {
    const { id, apiKey } = await create();
    const read = (await world.call('GET', `${acmeBase()}/${id}`)).body;
    const renamed = await world.call('PUT', `${acmeBase()}/${id}`, {
      ...read,
      name: 'Renamed API',
      serviceId: null,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed API', apiKeyHint: read.apiKeyHint });
    expect((await rowOf(id))!.apiKeyHash).toBe(sha256(apiKey));
    expect((await world.call('DELETE', `${base}/${id}?customerId=${world.acme.id}`)).status).toBe(200);
    const gone = await world.call('GET', `${acmeBase()}/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.messageKey).toBe(HTTPS_ERRORS.notFound.key);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('is audited with the hash hidden and the key nowhere', async () => {
    const { id, apiKey } = await create();
    const hash = (await rowOf(id))!.apiKeyHash;
    const fresh = (await world.call('PUT', `${acmeBase()}/${id}/api-key`)).body.apiKey as string;
    const { entries, text } = await auditTrail(world.ctx, id);
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([
      ['HTTPS', 'CREATE'],
      ['HTTPS', 'UPDATE'],
    ]);
    expect(entries[0]!.changes).toMatchObject({ apiKeyHash: { before: null, after: '(hidden)' } });
    expect(entries[1]!.changes).toMatchObject({ apiKeyHash: { before: '(hidden)', after: '(hidden)' } });
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(fresh);
    expect(text).not.toContain(hash);
  });

  it('has a name unique in its customer, ignoring case: 409 nameExisted on a create or a rename', async () => {
    const name = unique('Installer API');
    const { id } = await create(name);
    const before = (await world.ctx.db.select().from(httpsConnectors)).length;
    const again = await world.call('POST', acmeBase(), { name: `  ${name.toUpperCase()} ` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      messageKey: 'error.https.nameExisted',
      message: 'There is already an HTTPS connector with this name. Choose another name.',
    });
    expect((await world.ctx.db.select().from(httpsConnectors)).length).toBe(before);

    const other = await create();
    const renamed = await world.call('PUT', `${acmeBase()}/${other.id}`, { name: name.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(renamed.body.messageKey).toBe(HTTPS_ERRORS.nameExisted.key);
    // Its own name, in another case, is its own.
    const recased = await world.call('PUT', `${acmeBase()}/${id}`, { name: name.toLowerCase() });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    // Another customer may have the same name.
    const theirs = await world.call('POST', `${base}/${world.globex.id}`, { name }, world.rival);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
  });

  it('refuses a blank name', async () => {
    const answer = await world.call('POST', acmeBase(), { name: '   ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('name');
  });

  it('is not made, nor its key replaced, without the saml permissions for it (403)', async () => {
    const { id, apiKey } = await create();
    const viewer = await world.callerWith(world.acme.id, ['saml:view']);
    expect((await world.call('POST', acmeBase(), { name: 'No' }, viewer)).status).toBe(403);
    expect((await world.call('PUT', `${acmeBase()}/${id}/api-key`, undefined, viewer)).status).toBe(403);
    expect((await rowOf(id))!.apiKeyHash).toBe(sha256(apiKey));
  });

  it("keeps another customer's administrator out with a 404, whatever id is sent", async () => {
    const { id, apiKey } = await create('Private API');
    for (const target of [id, ...strangerIds()]) {
      for (const customer of [world.globex.id, world.acme.id]) {
        const path = `${base}/${customer}/${target}`;
        expect((await world.call('GET', path, undefined, world.rival)).status, path).toBe(404);
        expect((await world.call('PUT', path, { name: 'Taken' }, world.rival)).status, path).toBe(404);
        expect((await world.call('PUT', `${path}/api-key`, undefined, world.rival)).status, path).toBe(404);
        const remove = `${base}/${target}?customerId=${customer}`;
        expect((await world.call('DELETE', remove, undefined, world.rival)).status, remove).toBe(404);
      }
    }
    const row = await rowOf(id);
    expect(row).toMatchObject({ name: 'Private API', apiKeyHash: sha256(apiKey) });
  });
});
