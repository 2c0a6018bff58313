import { and, eq, isNull } from 'drizzle-orm';
import { AUDIT_MASK } from '../../../contract/audit.ts';
import { auditLog, rolePermissions, roles } from '../../../server/db/schema.ts';
import { AUDITOR_ROLE, CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, providerRole, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * The audit log (contract/audit.ts): GET /api/audit/{customerId}/search lists one customer's entries (or the
 * provider's own, customerId `provider`, for operators), newest first, over a range back from now, by table
 * and by record; secrets in the changes read '••••••'. Entries are written straight to the table, dated back.
 */

const DAY = 24 * 60 * 60 * 1000;

const ctx = sharedTestContext();
let operator: string;
let acmeAdmin: string;
let acmeAuditor: string;
let acmeAccountsOnly: string;
let acmeId: string;
let globexId: string;

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

interface Entry {
  customerId?: string | null;
  table?: string;
  action?: string;
  entityId?: string;
  days?: number;
  changes?: Record<string, { before: unknown; after: unknown }>;
}

const insert = (entries: Entry[]) =>
  ctx.db.insert(auditLog).values(
    entries.map((entry) => ({
      customerId: entry.customerId === undefined ? acmeId : entry.customerId,
      tableName: entry.table ?? 'Account',
      action: entry.action ?? 'UPDATE',
      entityId: entry.entityId ?? 'e-1',
      modifiedBy: 'ann@acme.test',
      modifiedDate: daysAgo(entry.days ?? 1),
      changes: entry.changes ?? { name: { before: 'a', after: 'b' } },
    })),
  );

const search = (customer: string, query: string, token = acmeAdmin) =>
  ctx.call('GET', `/api/audit/${customer}/search${query}`, { token });

const idsOf = (answer: { body: { content: { entityId: string }[] } }) =>
  answer.body.content.map((entry) => entry.entityId);

beforeAll(async () => {
  operator = (await signedIn(ctx, { roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)] })).token;
  const acme = await ctx.createCustomer({ companyName: 'Acme Audit' });
  const globex = await ctx.createCustomer({ companyName: 'Globex Audit' });
  acmeId = acme.id;
  globexId = globex.id;
  acmeAdmin = (
    await signedIn(ctx, { customerId: acmeId, roleIds: [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)] })
  ).token;
  acmeAuditor = (
    await signedIn(ctx, { customerId: acmeId, roleIds: [await builtInRoleId(ctx, AUDITOR_ROLE)] })
  ).token;
  const accountsOnly = await providerRole(ctx, ['account:view'], 'customer');
  acmeAccountsOnly = (await signedIn(ctx, { customerId: acmeId, roleIds: [accountsOnly.id] })).token;
});
beforeEach(async () => {
  await ctx.db.delete(auditLog);
});

describe('the audit list', () => {
  it('reads the last week by default, and each range reads back as far as it says', async () => {
    await insert([
      { entityId: 'd3', days: 3 },
      { entityId: 'd10', days: 10 },
      { entityId: 'd17', days: 17 },
      { entityId: 'd25', days: 25 },
      { entityId: 'd40', days: 40 },
    ]);
    expect(idsOf(await search(acmeId, ''))).toEqual(['d3']);
    expect(idsOf(await search(acmeId, '?range=1w'))).toEqual(['d3']);
    expect(idsOf(await search(acmeId, '?range=2w'))).toEqual(['d3', 'd10']);
    expect(idsOf(await search(acmeId, '?range=3w'))).toEqual(['d3', 'd10', 'd17']);
    const month = await search(acmeId, '?range=1m');
    expect(idsOf(month)).toEqual(['d3', 'd10', 'd17', 'd25']);
    expect(month.body.totalElements).toBe(4);
  });

  it('refuses a range it does not know', async () => {
    const answer = await search(acmeId, '?range=1y');
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
  });

  it("answers an entry's fields: table, action, record, who and when, and its changes", async () => {
    await insert([
      {
        table: 'Radius',
        action: 'CREATE',
        entityId: 'r-1',
        changes: { name: { before: null, after: 'VPN' } },
      },
    ]);
    const answer = await search(acmeId, '');
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual([
      {
        id: expect.any(String),
        table: 'Radius',
        action: 'CREATE',
        entityId: 'r-1',
        // An entry written before names were kept: the record by its id, who by the email.
        entityName: null,
        modifiedBy: 'ann@acme.test',
        modifiedById: null,
        modifiedByName: 'ann@acme.test',
        modifiedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        changes: { name: { before: null, after: 'VPN' } },
      },
    ]);
  });

  it('names the record and who changed it as they were when written, after a rename and a deletion', async () => {
    const base = `/api/idm-config/connectors/https/${acmeId}`;
    const created = await ctx.call('POST', base, { token: acmeAdmin, json: { name: 'Installer API' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const renamed = await ctx.call('PUT', `${base}/${id}`, {
      token: acmeAdmin,
      json: { name: 'Branch API' },
    });
    expect(renamed.status).toBe(200);
    const deleted = await ctx.call('DELETE', `/api/idm-config/connectors/https/${id}?customerId=${acmeId}`, {
      token: acmeAdmin,
    });
    expect(deleted.status).toBe(200);

    const answer = await search(acmeId, `?entityId=${id}&sort=modifiedDate&order=ASC`);
    expect(answer.status).toBe(200);
    expect(
      answer.body.content.map((entry: Record<string, unknown>) => [
        entry.action,
        entry.entityName,
        entry.modifiedByName,
      ]),
    ).toEqual([
      ['CREATE', 'Installer API', 'Ada Lovelace'],
      ['UPDATE', 'Branch API', 'Ada Lovelace'],
      ['DELETE', 'Branch API', 'Ada Lovelace'],
    ]);
    expect(answer.body.content[0]).toMatchObject({ entityId: id, modifiedBy: expect.stringContaining('@') });
  });

  it('filters by table and by record', async () => {
    await insert([
      { table: 'Account', entityId: 'a-1', days: 1 },
      { table: 'Radius', entityId: 'r-1', days: 2 },
      { table: 'Radius', entityId: 'r-2', days: 3 },
      { table: 'Radius', entityId: 'r-1', days: 4 },
    ]);
    const radius = await search(acmeId, '?table=Radius');
    expect(idsOf(radius)).toEqual(['r-1', 'r-2', 'r-1']);
    expect(radius.body.totalElements).toBe(3);
    const record = await search(acmeId, '?entityId=r-1');
    expect(idsOf(record)).toEqual(['r-1', 'r-1']);
    expect(idsOf(await search(acmeId, '?table=Account&entityId=r-1'))).toEqual([]);
    expect((await search(acmeId, '?table=Nope')).status).toBe(400);
  });

  it('sorts by date, newest first unless asked otherwise', async () => {
    await insert([
      { entityId: 'older', days: 5 },
      { entityId: 'newest', days: 1 },
      { entityId: 'middle', days: 3 },
    ]);
    expect(idsOf(await search(acmeId, ''))).toEqual(['newest', 'middle', 'older']);
    expect(idsOf(await search(acmeId, '?sort=modifiedDate&order=ASC'))).toEqual([
      'older',
      'middle',
      'newest',
    ]);
    expect((await search(acmeId, '?sort=action')).status).toBe(400);
  });

  it('pages through the entries with the total of all of them', async () => {
    await insert(
      Array.from({ length: 23 }, (_, index) => ({ entityId: `p${index}`, days: 0.01 * (index + 1) })),
    );
    const second = await search(acmeId, '?page=1&pageSize=10');
    expect(second.body).toMatchObject({ totalElements: 23, page: 1, pageSize: 10 });
    expect(idsOf(second)).toEqual(Array.from({ length: 10 }, (_, index) => `p${index + 10}`));
    const last = await search(acmeId, '?page=2&pageSize=10');
    expect(idsOf(last)).toEqual(['p20', 'p21', 'p22']);
  });

  it('masks secrets in the changes, whatever was written, nested ones included', async () => {
    await insert([
      {
        table: 'OIDC',
        changes: {
          clientSecret: { before: 'old-secret', after: 'new-secret' },
          totpSeed: { before: null, after: 'JBSWY3DP' },
          apiKey: { before: 'k1', after: 'k2' },
          privateKey: { before: '-----BEGIN', after: null },
          appPin: { before: '1234', after: '5678' },
          password: { before: '(hidden)', after: '(hidden)' },
          config: { before: null, after: { host: 'ldap.acme.test', bindPassword: 'p@ss' } },
          tokenPackId: { before: 'tp-1', after: 'tp-2' },
          name: { before: 'Old', after: 'New' },
        },
      },
    ]);
    const [entry] = (await search(acmeId, '')).body.content;
    expect(entry.changes).toEqual({
      clientSecret: { before: AUDIT_MASK, after: AUDIT_MASK },
      totpSeed: { before: null, after: AUDIT_MASK },
      apiKey: { before: AUDIT_MASK, after: AUDIT_MASK },
      privateKey: { before: AUDIT_MASK, after: null },
      appPin: { before: AUDIT_MASK, after: AUDIT_MASK },
      password: { before: AUDIT_MASK, after: AUDIT_MASK },
      config: { before: null, after: { host: 'ldap.acme.test', bindPassword: AUDIT_MASK } },
      tokenPackId: { before: 'tp-1', after: 'tp-2' },
      name: { before: 'Old', after: 'New' },
    });
  });

  it("never answers another customer's entries, and another customer's id is not found", async () => {
    await insert([
      { entityId: 'acme-1' },
      { customerId: globexId, entityId: 'globex-1' },
      { customerId: null, entityId: 'provider-1' },
    ]);
    expect(idsOf(await search(acmeId, ''))).toEqual(['acme-1']);
    const globexRecord = await search(acmeId, '?entityId=globex-1');
    expect(globexRecord.body).toMatchObject({ content: [], totalElements: 0 });
    const other = await search(globexId, '');
    expect(other.status).toBe(404);
    expect(other.body.messageKey).toBe('error.customer.notFound');
    expect((await search('provider', '')).status).toBe(404);
  });

  it("gives operators a customer's entries, and the provider's own with customerId provider", async () => {
    await insert([{ entityId: 'acme-1' }, { customerId: null, table: 'Customer', entityId: 'provider-1' }]);
    expect(idsOf(await search(acmeId, '', operator))).toEqual(['acme-1']);
    expect(idsOf(await search('provider', '', operator))).toEqual(['provider-1']);
  });

  it('needs audit:view: refused without it, read by the auditor role', async () => {
    await insert([{ entityId: 'acme-1' }]);
    expect((await search(acmeId, '', acmeAccountsOnly)).status).toBe(403);
    const read = await search(acmeId, '', acmeAuditor);
    expect(read.status).toBe(200);
    expect(idsOf(read)).toEqual(['acme-1']);
  });
});

describe('the auditor role', () => {
  it('is seeded beside the built-in roles, for customers, with audit:view and read-only views', async () => {
    const [role] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.name, AUDITOR_ROLE), isNull(roles.customerId)));
    expect(role).toMatchObject({ displayName: 'Auditor', scope: 'customer' });
    const granted = await ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect(granted.map((row) => `${row.resource}:${row.action}`).sort()).toEqual(
      [
        'account:view',
        'account_role:view',
        'audit:view',
        'directories:view',
        'radius:view',
        'saml:view',
        'service_instance:view',
        'token-pack:view',
        'user-management:view',
      ].sort(),
    );
  });

  it('is given to the administrator roles too: audit:view', async () => {
    for (const name of [PROVIDER_ADMIN_ROLE, CUSTOMER_ADMIN_ROLE]) {
      const rows = await ctx.db
        .select()
        .from(rolePermissions)
        .where(
          and(
            eq(rolePermissions.roleId, await builtInRoleId(ctx, name)),
            eq(rolePermissions.resource, 'audit'),
          ),
        );
      expect(rows.map((row) => row.action)).toEqual(['view']);
    }
  });

  it('cannot change what it reads', async () => {
    const answer = await ctx.call('POST', '/api/account/create_account_organization', {
      token: acmeAuditor,
      json: { email: 'new@acme.test' },
    });
    expect(answer.status).toBe(403);
  });
});
