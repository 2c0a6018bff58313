import { and, eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { auditLog, vosCloudConfigs } from '../../../server/db/schema.ts';
import { tokenWithRole } from '../fixtures/admin.ts';
import { OPERATOR_EMAIL, sharedTestContext, UNKNOWN_ID as UNKNOWN } from '../helpers.ts';

const BASE = '/api/idm-config/vos-cloud-config';
const COMPANY_PASSWORD = 'Company-Secret-42';

const ctx = sharedTestContext();
let operator: string;
let viewer: string;
let outsider: string;
let customerAdmin: string;

beforeAll(async () => {
  operator = await ctx.signInOperator();
  viewer = await tokenWithRole(ctx, 'cloud-viewers', ['vos-cloud-configuration:view']);
  outsider = await tokenWithRole(ctx, 'template-only', ['service_template:view']);
  const customer = await ctx.createCustomer({ companyName: 'Cloudless Ltd' });
  customerAdmin = await tokenWithRole(
    ctx,
    'customer-cloud',
    ['vos-cloud-configuration:view', 'vos-cloud-configuration:modify'],
    customer.id,
  );
});

const fieldsOf = (overrides: Record<string, unknown> = {}) => ({
  cloudUrl: 'https://cloud.example.com/api',
  companyId: 'ACME-01',
  companyPassword: COMPANY_PASSWORD,
  httpAuthMode: 'DIGEST',
  pushPassType: 'APNS',
  notifyMessageFlag: 1,
  messageFlag: 0,
  callbackUrl: 'https://portal.example.com/callback',
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  gatewayUrl: 'https://gateway.example.com',
  provisioningUrl: '',
  smartTokenUrl: 'http://smart-token.example.com:8080/st',
  pkiServerUrl: '',
  ...overrides,
});

const createConfig = (json: unknown, token = operator) => ctx.call('POST', BASE, { token, json });
const getConfig = (id: string, token = operator) => ctx.call('GET', `${BASE}/${id}`, { token });
const putConfig = (id: string, json: unknown, token = operator) =>
  ctx.call('PUT', `${BASE}/${id}`, { token, json });
const activate = (id: string, token = operator) => ctx.call('POST', `${BASE}/active/${id}`, { token });
const list = (query: Record<string, string>, token = operator) =>
  ctx.call('GET', `${BASE}?${new URLSearchParams(query).toString()}`, { token });

async function newConfig(overrides: Record<string, unknown> = {}) {
  const answer = await createConfig(fieldsOf(overrides));
  expect(answer.status).toBe(201);
  return answer.body;
}

const storedPasswordOf = async (id: string) =>
  (
    await ctx.db
      .select({ companyPassword: vosCloudConfigs.companyPassword })
      .from(vosCloudConfigs)
      .where(eq(vosCloudConfigs.id, id))
  )[0]?.companyPassword;

const activeIds = async () =>
  (
    await ctx.db
      .select({ id: vosCloudConfigs.id })
      .from(vosCloudConfigs)
      .where(eq(vosCloudConfigs.status, 'ACTIVE'))
  ).map((row) => row.id);

const auditOf = (entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'CloudConfig'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.modifiedDate);

/** No answer ever carries the password, under any name or nesting. */
const expectNoPassword = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(COMPANY_PASSWORD);
  expect(text).not.toContain('"companyPassword"');
};

describe('create and read', () => {
  it('creates an INACTIVE configuration and answers 201 with the record, never the password', async () => {
    const answer = await createConfig(fieldsOf());
    expect(answer.status).toBe(201);
    const { companyPassword: _hidden, ...visible } = fieldsOf();
    expect(answer.body).toEqual({
      ...visible,
      id: expect.any(String),
      companyPasswordSet: true,
      status: 'INACTIVE',
      createdDate: expect.any(String),
      modifiedDate: expect.any(String),
    });
    expectNoPassword(answer.body);
    expect(await storedPasswordOf(answer.body.id)).toBe(COMPANY_PASSWORD);
    const read = await getConfig(answer.body.id);
    expect(read).toMatchObject({ status: 200, body: answer.body });
    expectNoPassword(read.body);
  });

  it('takes only the required fields, the rest defaulting to empty and 0', async () => {
    const answer = await createConfig({
      cloudUrl: 'https://minimal.example.com',
      companyId: 'MIN',
      httpAuthMode: 'CLIENT_CERTIFICATE',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      companyPasswordSet: false,
      pushPassType: '',
      notifyMessageFlag: 0,
      messageFlag: 0,
      callbackUrl: '',
      certificate: '',
      gatewayUrl: '',
    });
  });

  it('writes a CREATE audit entry where the password shows as hidden', async () => {
    const record = await newConfig({ companyId: 'AUDITED' });
    const [entry] = await auditOf(record.id);
    expect(entry).toMatchObject({ action: 'CREATE', modifiedBy: OPERATOR_EMAIL, customerId: null });
    expect(entry!.changes).toMatchObject({
      cloudUrl: { before: null, after: 'https://cloud.example.com/api' },
      companyId: { before: null, after: 'AUDITED' },
      companyPassword: { before: null, after: '(hidden)' },
      status: { before: null, after: 'INACTIVE' },
    });
    expect(JSON.stringify(entry!.changes)).not.toContain(COMPANY_PASSWORD);
  });

  it.each([
    [{ cloudUrl: '' }, 'cloudUrl', 'must not be empty'],
    [{ cloudUrl: 'ftp://files.example.com' }, 'cloudUrl', 'must be an http(s) URL'],
    [{ cloudUrl: 'not a url' }, 'cloudUrl', 'must be an http(s) URL'],
    [
      { cloudUrl: `https://a.example.com/${'p'.repeat(2027)}` },
      'cloudUrl',
      'must not have more than 2048 characters',
    ],
    [{ gatewayUrl: 'javascript:alert(1)' }, 'gatewayUrl', 'must be an http(s) URL'],
    [{ callbackUrl: 'https://exa mple.com' }, 'callbackUrl', 'must be an http(s) URL'],
    [{ pkiServerUrl: '//no-scheme.example.com' }, 'pkiServerUrl', 'must be an http(s) URL'],
    [{ certificate: 'c'.repeat(20_001) }, 'certificate', 'must not have more than 20000 characters'],
    [{ httpAuthMode: 'NTLM' }, 'httpAuthMode', 'must be equal to one of the allowed values'],
    [{ notifyMessageFlag: 2 }, 'notifyMessageFlag', 'must be equal to one of the allowed values'],
    [{ companyId: '  ' }, 'companyId', 'must not be empty'],
    [{ status: 'ACTIVE' }, 'status', 'is not a known field'],
  ])('refuses %j naming %s', async (overrides, field, reason) => {
    const answer = await createConfig(fieldsOf(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      messageKey: 'error.validation.invalid',
      message: `The field '${field}' ${reason}.`,
      params: { field, reason },
    });
  });

  it('accepts URLs of exactly 2048 characters and a certificate of 20000', async () => {
    const url = `https://a.example.com/${'p'.repeat(2026)}`;
    expect(url).toHaveLength(2048);
    const answer = await createConfig(
      fieldsOf({ cloudUrl: url, gatewayUrl: url, certificate: 'c'.repeat(20_000) }),
    );
    expect(answer.status).toBe(201);
  });

  it('answers 404 for an unknown configuration and 400 for a malformed id', async () => {
    expect(await getConfig(UNKNOWN)).toMatchObject({
      status: 404,
      body: { messageKey: 'error.cloudConfig.notFound', message: 'Cloud configuration not found' },
    });
    expect(await getConfig('nope')).toMatchObject({ status: 400, body: { params: { field: 'id' } } });
  });
});

describe('the list (range convention)', () => {
  let ids: string[];

  beforeAll(async () => {
    // A fresh table: the rows of the other tests would blur the totals.
    await ctx.db.delete(vosCloudConfigs);
    ids = [];
    for (const [companyId, mode] of [
      ['LIST-C', 'BASIC'],
      ['LIST-A', 'DIGEST'],
      ['LIST-B', 'BASIC'],
    ] as const) {
      ids.push((await newConfig({ companyId, httpAuthMode: mode })).id);
    }
    await activate(ids[2]!);
  });

  const companies = (rows: { companyId: string }[]) => rows.map((row) => row.companyId);

  it('answers the range and the exact Content-Range', async () => {
    const first = await list({ sort: '["companyId","ASC"]', range: '[0,1]', filter: '{}' });
    expect(first.status).toBe(200);
    expect(first.headers['content-range']).toBe('vos-cloud-config 0-1/3');
    expect(first.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(companies(first.body)).toEqual(['LIST-A', 'LIST-B']);
    const rest = await list({ sort: '["companyId","ASC"]', range: '[2,3]' });
    expect(rest.headers['content-range']).toBe('vos-cloud-config 2-2/3');
    expect(companies(rest.body)).toEqual(['LIST-C']);
    const past = await list({ range: '[5,9]' });
    expect(past.headers['content-range']).toBe('vos-cloud-config */3');
    expect(past.body).toEqual([]);
    rest.body.concat(first.body).forEach(expectNoPassword);
  });

  it('sorts descending and filters by status, free text and ids', async () => {
    const descending = await list({ sort: '["companyId","DESC"]', range: '[0,24]' });
    expect(companies(descending.body)).toEqual(['LIST-C', 'LIST-B', 'LIST-A']);
    const active = await list({ filter: '{"status":"ACTIVE"}', range: '[0,24]' });
    expect(active.headers['content-range']).toBe('vos-cloud-config 0-0/1');
    expect(companies(active.body)).toEqual(['LIST-B']);
    const text = await list({ filter: '{"q":"list-a"}' });
    expect(companies(text.body)).toEqual(['LIST-A']);
    const many = await list({
      filter: JSON.stringify({ id: [ids[0], ids[1]] }),
      sort: '["companyId","ASC"]',
    });
    expect(companies(many.body)).toEqual(['LIST-A', 'LIST-C']);
  });

  it.each([
    [{ sort: '["companyPassword","ASC"]' }, 'sort.0'],
    [{ filter: '{"companyPassword":"x"}' }, 'filter.companyPassword'],
    [{ range: '[3,1]' }, 'range'],
  ])('refuses %j', async (query, field) => {
    const answer = await list(query);
    expect(answer).toMatchObject({ status: 400, body: { params: { field } } });
  });
});

describe('update', () => {
  it('changes the fields sent and keeps the password when none or an empty one is sent', async () => {
    const record = await newConfig();
    const renamed = await putConfig(record.id, { companyId: 'RENAMED', gatewayUrl: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ companyId: 'RENAMED', gatewayUrl: '', companyPasswordSet: true });
    expectNoPassword(renamed.body);
    expect(await storedPasswordOf(record.id)).toBe(COMPANY_PASSWORD);
    const blank = await putConfig(record.id, { companyPassword: '', messageFlag: 1 });
    expect(blank.body).toMatchObject({ messageFlag: 1, companyPasswordSet: true });
    expect(await storedPasswordOf(record.id)).toBe(COMPANY_PASSWORD);
    const [, firstUpdate] = await auditOf(record.id);
    expect(firstUpdate).toMatchObject({ action: 'UPDATE' });
    expect(firstUpdate!.changes).toEqual({
      companyId: { before: 'ACME-01', after: 'RENAMED' },
      gatewayUrl: { before: 'https://gateway.example.com', after: '' },
    });
  });

  it('replaces the password when a new one is sent, logging it as hidden', async () => {
    const record = await newConfig();
    const answer = await putConfig(record.id, { companyPassword: 'Another-Secret-7' });
    expect(answer.status).toBe(200);
    expectNoPassword(answer.body);
    expect(JSON.stringify(answer.body)).not.toContain('Another-Secret-7');
    expect(await storedPasswordOf(record.id)).toBe('Another-Secret-7');
    const entries = await auditOf(record.id);
    expect(entries.at(-1)!.changes).toEqual({
      companyPassword: { before: '(hidden)', after: '(hidden)' },
    });
  });

  it('takes the whole record back, as ra-data-simple-rest sends it, ignoring its read-only fields', async () => {
    const record = await newConfig();
    const answer = await putConfig(record.id, {
      ...record,
      id: UNKNOWN,
      status: 'ACTIVE',
      companyPasswordSet: false,
      pushPassType: 'FCM',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: record.id, status: 'INACTIVE', pushPassType: 'FCM' });
    expect(answer.body.companyPasswordSet).toBe(true);
  });

  it('writes nothing when nothing changes', async () => {
    const record = await newConfig();
    const answer = await putConfig(record.id, { ...record, companyPassword: '' });
    expect(answer.body).toEqual(record);
    expect(await auditOf(record.id)).toHaveLength(1);
  });

  it('refuses an invalid URL and answers 404 for an unknown configuration', async () => {
    const record = await newConfig();
    const invalid = await putConfig(record.id, { provisioningUrl: 'mailto:ops@example.com' });
    expect(invalid).toMatchObject({ status: 400, body: { params: { field: 'provisioningUrl' } } });
    expect(await putConfig(UNKNOWN, { companyId: 'X' })).toMatchObject({
      status: 404,
      body: { messageKey: 'error.cloudConfig.notFound' },
    });
  });
});

describe('activate', () => {
  it('makes the chosen configuration the only ACTIVE one, and then the other', async () => {
    const first = await newConfig({ companyId: 'FIRST' });
    const second = await newConfig({ companyId: 'SECOND' });
    const one = await activate(first.id);
    expect(one).toMatchObject({ status: 200, body: { id: first.id, status: 'ACTIVE' } });
    expect(await activeIds()).toEqual([first.id]);
    const other = await activate(second.id);
    expect(other).toMatchObject({ status: 200, body: { id: second.id, status: 'ACTIVE' } });
    expect(await activeIds()).toEqual([second.id]);
    expect((await getConfig(first.id)).body.status).toBe('INACTIVE');
    expect((await auditOf(second.id)).at(-1)).toMatchObject({
      action: 'ACTIVATE',
      changes: { status: { before: 'INACTIVE', after: 'ACTIVE' } },
    });
    expect((await auditOf(first.id)).map((entry) => entry.action)).toEqual([
      'CREATE',
      'ACTIVATE',
      'DEACTIVATE',
    ]);
    expect((await auditOf(first.id)).at(-1)!.changes).toEqual({
      status: { before: 'ACTIVE', after: 'INACTIVE' },
    });
  });

  it('leaves an already active configuration as it is', async () => {
    const record = await newConfig();
    await activate(record.id);
    const again = await activate(record.id);
    expect(again).toMatchObject({ status: 200, body: { status: 'ACTIVE' } });
    expect((await auditOf(record.id)).map((entry) => entry.action)).toEqual(['CREATE', 'ACTIVATE']);
  });

  it('keeps exactly one ACTIVE under concurrent activations; a loser gets 409', async () => {
    const records = await Promise.all([1, 2, 3, 4].map((n) => newConfig({ companyId: `RACE-${n}` })));
    const answers = await Promise.all(records.map((record) => activate(record.id)));
    for (const answer of answers) {
      if (answer.status !== 200) {
        expect(answer).toMatchObject({
          status: 409,
          body: {
            messageKey: 'error.cloudConfig.activeConflict',
            message: 'Another configuration was activated at the same time. Reload and try again.',
          },
        });
      }
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(await activeIds()).toHaveLength(1);
  });

  // Only PostgreSQL serves several connections at once: PGlite runs one transaction at a time.
  it.runIf(inject('testDatabase').kind === 'postgres')(
    'answers 409 when another activation commits first',
    async () => {
      const mine = await newConfig({ companyId: 'MINE' });
      const theirs = await newConfig({ companyId: 'THEIRS' });
      await ctx.db.update(vosCloudConfigs).set({ status: 'INACTIVE' });
      let pending: ReturnType<typeof activate> | undefined;
      await ctx.db.transaction(async (tx) => {
        await tx.update(vosCloudConfigs).set({ status: 'ACTIVE' }).where(eq(vosCloudConfigs.id, theirs.id));
        pending = activate(mine.id);
        // Wait until the call is blocked behind the uncommitted ACTIVE row, then commit it.
        for (let tries = 0; tries < 200; tries += 1) {
          const [waiting] = await ctx.db
            .select({ sessions: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
          if (waiting!.sessions > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      const answer = await pending!;
      expect(answer).toMatchObject({ status: 409, body: { messageKey: 'error.cloudConfig.activeConflict' } });
      expect(await activeIds()).toEqual([theirs.id]);
    },
  );

  it('answers 404 for an unknown configuration', async () => {
    expect(await activate(UNKNOWN)).toMatchObject({
      status: 404,
      body: { messageKey: 'error.cloudConfig.notFound' },
    });
  });
});

describe('who may call what', () => {
  let record: { id: string };
  beforeAll(async () => {
    record = await newConfig({ companyId: 'PERMISSIONS' });
  });

  it('lets a viewer read but not write', async () => {
    expect((await list({}, viewer)).status).toBe(200);
    expect((await getConfig(record.id, viewer)).status).toBe(200);
    for (const answer of [
      await createConfig(fieldsOf(), viewer),
      await putConfig(record.id, { companyId: 'NO' }, viewer),
      await activate(record.id, viewer),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { messageKey: 'error.action.notallow' } });
    }
  });

  it('refuses an operator without the permission and a customer administrator who holds it', async () => {
    for (const token of [outsider, customerAdmin]) {
      const answers = [
        await list({}, token),
        await getConfig(record.id, token),
        await createConfig(fieldsOf(), token),
        await putConfig(record.id, { companyId: 'NO' }, token),
        await activate(record.id, token),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    }
  });

  it('asks for a token', async () => {
    expect((await ctx.call('GET', BASE)).status).toBe(401);
  });
});
