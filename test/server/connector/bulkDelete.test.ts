import { and, eq } from 'drizzle-orm';
import type { BulkJob } from '../../../contract/bulk.ts';
import { auditLog } from '../../../server/db/schema.ts';
import { connectorSuite } from './fixtures.ts';

/**
 * Delete over every connector a list's filters match (the kit's bulk delete, declared once in
 * contract/connector.ts): the picked ones or all matching, one audit entry for the job, and another
 * customer's connectors never touched nor counted.
 */

const base = '/idm-config/connectors/radius';
const { world, acmeBase, created } = connectorSuite(base);

let host = 0;
const radius = async (name: string, customerId?: string) => {
  host += 1;
  const json = { name, ipAddress: `198.51.100.${host}` };
  if (!customerId) return (await created(json)) as { id: string };
  const answer = await world.call('POST', `${base}/${customerId}`, json, world.rival);
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
};

const start = (action: string, filter: Record<string, unknown>, token?: string, path = acmeBase()) =>
  world.call('POST', `${path}/search/bulk/${action}`, { filter }, token);

const names = async (path = acmeBase(), token?: string) => {
  const answer = await world.call(
    'GET',
    `${path}/search?page=0&pageSize=100&sort=name&order=ASC`,
    undefined,
    token,
  );
  expect(answer.status).toBe(200);
  return (answer.body as { content: { name: string }[] }).content.map((row) => row.name);
};

describe("a connector list's bulk delete", () => {
  it('deletes every connector the search matches, and only those, with one audit entry naming the count', async () => {
    for (const name of ['vpn-a', 'vpn-b', 'vpn-c', 'firewall-a']) await radius(name);
    await radius('vpn-globex', world.globex.id);
    const answer = await start('delete', { q: 'vpn' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      resource: 'radius',
      action: 'delete',
      status: 'DONE',
      total: 3,
      changed: 3,
    });
    expect(await names()).toEqual(['firewall-a']);
    expect(await names(`${base}/${world.globex.id}`, world.rival)).toEqual(['vpn-globex']);
    const job = answer.body as BulkJob;
    const entries = await world.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, 'DELETE')));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0]!.changes)).toContain('"matched"');
  });

  it("deletes the picked ones (filter id); another customer's id among them is left alone", async () => {
    await radius('kept');
    const picked = await radius('picked');
    const rival = await radius('rival-picked', world.globex.id);
    const answer = await start('delete', { id: [picked.id, rival.id] });
    expect(answer.body).toMatchObject({ status: 'DONE', total: 1, changed: 1 });
    const left = await names();
    expect(left).toContain('kept');
    expect(left).not.toContain('picked');
    expect(await names(`${base}/${world.globex.id}`, world.rival)).toContain('rival-picked');
  });

  it('is refused to a caller without radius:delete, and to another customer’s administrator', async () => {
    await radius('guarded');
    const viewer = await world.callerWith(world.acme.id, ['radius:view']);
    expect((await start('delete', { q: 'guarded' }, viewer)).status).toBe(403);
    const rival = await start('delete', { q: 'guarded' }, world.rival);
    expect([403, 404]).toContain(rival.status);
    expect(await names()).toContain('guarded');
  });

  it('is served for every kind of connector', async () => {
    for (const kind of ['oidc', 'https', 'saml2', 'saml']) {
      const answer = await world.call(
        'POST',
        `/idm-config/connectors/${kind}/${world.acme.id}/search/bulk/delete`,
        {
          filter: { q: 'nothing-matches-this' },
        },
      );
      expect(answer.status, kind).toBe(200);
      expect(answer.body, kind).toMatchObject({ status: 'DONE', total: 0 });
    }
  });
});
