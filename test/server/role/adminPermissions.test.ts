import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { assets, customers } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, insertAccount, providerRole, signedIn } from '../fixtures/admin.ts';
import { sharedTestContext, uniqueEmail } from '../helpers.ts';

/*
 * Who may make which provider-administration call: every call × every kind of caller, with the status
 * each gets, and a refused write leaves the database as it was.
 */

type CallerName = 'operator' | 'viewer' | 'customerAdmin' | 'anonymous';
const CALLERS: readonly CallerName[] = ['operator', 'viewer', 'customerAdmin', 'anonymous'];

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  json?: unknown;
}

interface Case {
  name: string;
  /** Arranges fresh records for one call and answers the call to make. */
  request: () => Promise<Request>;
  /** The status each caller gets. */
  expected: Record<CallerName, number>;
}

const ctx = sharedTestContext();
const tokens: Partial<Record<CallerName, string>> = {};
let providerAdminId: string;
let customerAdminId: string;
let acme: { id: string };
let assetId: string;

beforeAll(async () => {
  providerAdminId = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
  customerAdminId = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  const viewerRole = await providerRole(ctx, [
    'customer:view',
    'role:view',
    'account:view',
    'account_role:view',
    'asset:view',
  ]);
  tokens.operator = await ctx.signInOperator();
  tokens.viewer = (await signedIn(ctx, { roleIds: [viewerRole.id] })).token;
  tokens.customerAdmin = (await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdminId] })).token;
  const [customerAsset] = await ctx.db
    .select({ id: assets.id })
    .from(assets)
    .where(eq(assets.resourceType, 'customer'));
  assetId = customerAsset!.id;
});

/** The tables these calls write, as one fingerprint (one query): equal fingerprints, equal contents. */
async function snapshot(): Promise<string> {
  const tables = [
    'customers',
    'accounts',
    'roles',
    'account_roles',
    'role_permissions',
    'assets',
    'audit_log',
  ];
  const digests = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t)`,
  );
  const [row] = await ctx.db
    .select({ fingerprint: sql<string>`concat_ws(',', ${sql.join(digests, sql`, `)})` })
    .from(sql`(select 1) as one`);
  return row!.fingerprint;
}

const freshCustomer = (status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
  ctx.createCustomer({ companyName: `Target ${randomUUID().slice(0, 8)}`, status });
const freshRole = (scope: 'provider' | 'customer' = 'provider') => providerRole(ctx, [], scope);
const acmeAccount = (status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
  insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId], status });
const accountForm = (email: string) => ({
  email,
  roleIds: [customerAdminId],
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobilePhone: '+44 20 0000 0000',
  customerId: acme.id,
});

const READ_PROVIDER = { operator: 200, viewer: 200, customerAdmin: 403, anonymous: 401 };
const WRITE_PROVIDER = { operator: 200, viewer: 403, customerAdmin: 403, anonymous: 401 };
const CREATE_PROVIDER = { ...WRITE_PROVIDER, operator: 201 };
const READ_ANY = { operator: 200, viewer: 200, customerAdmin: 200, anonymous: 401 };
const WRITE_ANY = { operator: 200, viewer: 403, customerAdmin: 200, anonymous: 401 };

const CASES: Case[] = [
  // Customers
  {
    name: 'POST /customer/search',
    request: async () => ({ method: 'POST', url: '/customer/search', json: { page: 0, limit: 5 } }),
    expected: READ_PROVIDER,
  },
  {
    name: 'GET /customer/:id',
    request: async () => ({ method: 'GET', url: `/customer/${acme.id}` }),
    expected: READ_PROVIDER,
  },
  {
    name: 'POST /customer/get-customers-detail',
    request: async () => ({
      method: 'POST',
      url: '/customer/get-customers-detail',
      json: { ids: [acme.id] },
    }),
    expected: READ_PROVIDER,
  },
  {
    name: 'POST /customer/create',
    request: async () => ({
      method: 'POST',
      url: '/customer/create',
      json: { companyName: 'New Co', contactEmail: 'new@co.example' },
    }),
    expected: CREATE_PROVIDER,
  },
  {
    name: 'PUT /customer/:id/update_profile',
    request: async () => ({
      method: 'PUT',
      url: `/customer/${(await freshCustomer()).id}/update_profile`,
      json: { companyName: 'Renamed', contactEmail: 'renamed@co.example' },
    }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'POST /customer/activate',
    request: async () => ({
      method: 'POST',
      url: '/customer/activate',
      json: { id: (await freshCustomer('INACTIVE')).id },
    }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'POST /customer/deactivate',
    request: async () => ({
      method: 'POST',
      url: '/customer/deactivate',
      json: { id: (await freshCustomer()).id },
    }),
    expected: WRITE_PROVIDER,
  },
  // Roles
  {
    name: 'POST /account/role/search',
    request: async () => ({ method: 'POST', url: '/account/role/search', json: { page: 0, limit: 5 } }),
    expected: READ_PROVIDER,
  },
  {
    name: 'GET /account/role/:id',
    request: async () => ({ method: 'GET', url: `/account/role/${customerAdminId}` }),
    expected: READ_PROVIDER,
  },
  {
    name: 'GET /account/role/all',
    request: async () => ({ method: 'GET', url: '/account/role/all?scope=customer' }),
    expected: READ_ANY,
  },
  {
    name: 'GET /account/account_role',
    request: async () => ({
      method: 'GET',
      url: `/account/account_role?page=0&pageSize=5&roleId=${customerAdminId}`,
    }),
    expected: READ_PROVIDER,
  },
  {
    name: 'GET /account/role/:customerId/permissions',
    request: async () => ({
      method: 'GET',
      url: `/account/role/${acme.id}/permissions?roleIds=${customerAdminId}`,
    }),
    expected: READ_PROVIDER,
  },
  {
    name: 'POST /account/role/create',
    request: async () => ({
      method: 'POST',
      url: '/account/role/create',
      json: { name: `new_${randomUUID().slice(0, 8)}`, displayName: 'New', scope: 'provider' },
    }),
    expected: CREATE_PROVIDER,
  },
  {
    name: 'PUT /account/role/:id',
    request: async () => ({
      method: 'PUT',
      url: `/account/role/${(await freshRole()).id}`,
      json: { name: `renamed_${randomUUID().slice(0, 8)}`, displayName: 'Renamed' },
    }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'DELETE /account/role/:id',
    request: async () => ({ method: 'DELETE', url: `/account/role/${(await freshRole()).id}` }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'POST /account/role/add_account',
    request: async () => ({
      method: 'POST',
      url: '/account/role/add_account',
      json: { roleId: (await freshRole('customer')).id, accountIds: [(await acmeAccount()).id] },
    }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'POST /account/role/remove_account',
    request: async () => {
      const role = await freshRole('customer');
      const account = await insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId, role.id] });
      return {
        method: 'POST',
        url: '/account/role/remove_account',
        json: { roleId: role.id, accountIds: [account.id] },
      };
    },
    expected: WRITE_PROVIDER,
  },
  // Accounts
  {
    name: 'POST /account/search',
    request: async () => ({ method: 'POST', url: '/account/search', json: { page: 0, limit: 5 } }),
    expected: READ_ANY,
  },
  {
    name: 'GET /account/:id',
    request: async () => ({ method: 'GET', url: `/account/${(await acmeAccount()).id}` }),
    expected: READ_ANY,
  },
  {
    name: 'POST /account/create_account_organization',
    request: async () => ({
      method: 'POST',
      url: '/account/create_account_organization',
      json: accountForm(uniqueEmail('created')),
    }),
    expected: { ...WRITE_ANY, operator: 201, customerAdmin: 201 },
  },
  {
    name: 'PUT /account/:id',
    request: async () => {
      const account = await acmeAccount();
      return {
        method: 'PUT',
        url: `/account/${account.id}`,
        json: { ...accountForm(account.email), firstName: 'Edited' },
      };
    },
    expected: WRITE_ANY,
  },
  {
    name: 'POST /account/activate',
    request: async () => ({
      method: 'POST',
      url: '/account/activate',
      json: { id: (await acmeAccount('INACTIVE')).id },
    }),
    expected: WRITE_ANY,
  },
  {
    name: 'POST /account/deactivate',
    request: async () => ({
      method: 'POST',
      url: '/account/deactivate',
      json: { id: (await acmeAccount()).id },
    }),
    expected: WRITE_ANY,
  },
  // Permission assets
  {
    name: 'POST /account/asset/search',
    request: async () => ({ method: 'POST', url: '/account/asset/search', json: { page: 0, limit: 5 } }),
    expected: READ_PROVIDER,
  },
  {
    name: 'GET /account/asset/:assetId/permission',
    request: async () => ({ method: 'GET', url: `/account/asset/${assetId}/permission` }),
    expected: READ_PROVIDER,
  },
  {
    name: 'POST /account/asset/:assetId/permission',
    request: async () => ({
      method: 'POST',
      url: `/account/asset/${assetId}/permission`,
      json: { assetId, rolePermissionDetails: [{ roleId: (await freshRole()).id, actions: ['view'] }] },
    }),
    expected: WRITE_PROVIDER,
  },
  {
    name: 'PUT /account/asset/:id',
    request: async () => ({
      method: 'PUT',
      url: `/account/asset/${assetId}`,
      json: { name: `Asset ${randomUUID().slice(0, 8)}` },
    }),
    expected: WRITE_PROVIDER,
  },
];

it('notices any change to the tables it fingerprints', async () => {
  const before = await snapshot();
  const customer = await freshCustomer();
  const after = await snapshot();
  expect(after).not.toBe(before);
  await ctx.db.update(customers).set({ contactPhone: '1' }).where(eq(customers.id, customer.id));
  expect(await snapshot()).not.toBe(after);
});

describe.each(CASES)('$name', ({ request, expected }) => {
  it.each(CALLERS)('answers %s as the table says; a refused call changes nothing', async (caller) => {
    const { method, url, json } = await request();
    const before = await snapshot();
    const answer = await ctx.call(method, `/api${url}`, { token: tokens[caller], json });
    expect(answer.status).toBe(expected[caller]);
    if (answer.status >= 400) {
      expect(answer.body.messageKey).toBe(
        answer.status === 401 ? 'error.auth.unauthorized' : 'error.action.notallow',
      );
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('permissions checked on every call', () => {
  it('refuses a customer update to a role without customer:modify, even through the API', async () => {
    const role = await providerRole(ctx, ['customer:view', 'customer:create', 'customer:configure']);
    const caller = await signedIn(ctx, { roleIds: [role.id] });
    const customer = await freshCustomer();
    const before = await snapshot();
    for (const [url, json] of [
      [`/customer/${customer.id}/update_profile`, { companyName: 'Hijacked', contactEmail: 'h@h.example' }],
      ['/customer/deactivate', { id: customer.id }],
    ] as const) {
      const answer = await ctx.call(url.startsWith('/customer/deactivate') ? 'POST' : 'PUT', `/api${url}`, {
        token: caller.token,
        json,
      });
      expect(answer).toMatchObject({ status: 403, body: { messageKey: 'error.action.notallow' } });
    }
    expect(await snapshot()).toBe(before);
    const created = await ctx.call('POST', '/api/customer/create', {
      token: caller.token,
      json: { companyName: 'Allowed', contactEmail: 'a@a.example' },
    });
    expect(created.status).toBe(201);
  });

  it('applies a saved permission matrix on the next call: granted, then taken away', async () => {
    const role = await freshRole();
    const member = await signedIn(ctx, { roleIds: [role.id] });
    const [roleAsset] = (await ctx.db.select().from(assets)).filter((asset) => asset.resourceType === 'role');
    const listRoles = () =>
      ctx.call('POST', '/api/account/role/search', { token: member.token, json: { page: 0, limit: 5 } });
    const save = (actions: string[]) =>
      ctx.call('POST', `/api/account/asset/${roleAsset!.id}/permission`, {
        token: tokens.operator,
        json: { assetId: roleAsset!.id, rolePermissionDetails: [{ roleId: role.id, actions }] },
      });

    expect((await listRoles()).status).toBe(403);
    expect((await save(['view'])).status).toBe(200);
    expect((await listRoles()).status).toBe(200);
    const permissions = await ctx.call('GET', '/api/account/permission?flattern=1', { token: member.token });
    expect(permissions.body).toEqual(['role:view']);
    expect((await save([])).status).toBe(200);
    expect((await listRoles()).status).toBe(403);
  });
});

describe("another customer's records", () => {
  let globex: { id: string };
  let globexAccount: { id: string; email: string };
  let admin: { token: string };

  beforeAll(async () => {
    globex = await ctx.createCustomer({ companyName: 'Globex' });
    globexAccount = await insertAccount(ctx, { customerId: globex.id, roleIds: [customerAdminId] });
    admin = await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown) =>
    ctx.call(method, `/api${url}`, { token: admin.token, json });
  const accountNotFound = {
    status: 404,
    body: { messageKey: 'error.account.idNotFound', message: 'Account ID not found' },
  };

  it("answers 404 to a customer's administrator for another customer's account, and changes nothing", async () => {
    const before = await snapshot();
    expect(await asAdmin('GET', `/account/${globexAccount.id}`)).toMatchObject(accountNotFound);
    expect(
      await asAdmin('PUT', `/account/${globexAccount.id}`, {
        ...accountForm(globexAccount.email),
        customerId: undefined,
      }),
    ).toMatchObject(accountNotFound);
    expect(await asAdmin('POST', '/account/deactivate', { id: globexAccount.id })).toMatchObject(
      accountNotFound,
    );
    expect(await asAdmin('POST', '/account/activate', { id: globexAccount.id })).toMatchObject(
      accountNotFound,
    );
    expect(await snapshot()).toBe(before);
  });

  it("answers 404 for a provider operator's account and for a list of another customer", async () => {
    const operator = await insertAccount(ctx, { roleIds: [providerAdminId] });
    expect(await asAdmin('GET', `/account/${operator.id}`)).toMatchObject(accountNotFound);
    const listed = await asAdmin('POST', '/account/search', {
      page: 0,
      limit: 5,
      filters: { customerId: globex.id },
    });
    expect(listed).toMatchObject({
      status: 404,
      body: { messageKey: 'error.customer.notFound', message: 'Customer not found' },
    });
  });
});
