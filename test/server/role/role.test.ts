import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { rolePermissions, roles } from '../../../server/db/schema.ts';
import { PERMISSION_RESOURCES } from '../../../server/domain/permissions.ts';
import { CUSTOMER_ADMIN_ROLE, ensureSeed, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { auditOf, builtInRoleId, insertAccount, providerRole, signedIn } from '../fixtures/admin.ts';
import { OPERATOR_EMAIL, sharedTestContext } from '../helpers.ts';

const ctx = sharedTestContext();
let token: string;
let providerAdminId: string;
let customerAdminId: string;
let acme: { id: string };

beforeAll(async () => {
  token = await ctx.signInOperator();
  providerAdminId = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
  customerAdminId = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  acme = await ctx.createCustomer({ companyName: 'Acme' });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, json?: unknown, as = token) =>
  ctx.call(method, `/api${url}`, { token: as, json });

const uniqueName = (label = 'role') => `${label}_${randomUUID().slice(0, 8)}`;

async function createRole(values: Record<string, unknown> = {}) {
  const body = {
    name: uniqueName(),
    displayName: 'Some Role',
    description: 'What it is for',
    scope: 'provider',
    ...values,
  };
  const answer = await call('POST', '/account/role/create', body);
  expect(answer.status).toBe(201);
  return { id: answer.body.id as string, ...body } as { id: string; name: string; scope: string };
}

describe('the built-in customer administrator role', () => {
  it('is a shared customer role holding every permission of the customer and both scopes, seeded once', async () => {
    await ensureSeed(ctx.db, ctx.config, () => {});
    const seeded = await ctx.db.select().from(roles).where(eq(roles.name, CUSTOMER_ADMIN_ROLE));
    expect(seeded).toEqual([
      {
        id: customerAdminId,
        name: CUSTOMER_ADMIN_ROLE,
        displayName: 'Customer Administrator',
        description: expect.any(String),
        scope: 'customer',
        customerId: null,
      },
    ]);
    const granted = await call('GET', `/account/role/provider/permissions?roleIds=${customerAdminId}`);
    const expected = PERMISSION_RESOURCES.filter((resource) => resource.scope !== 'provider').flatMap(
      (resource) => resource.actions.map((action) => `${resource.name}:${action}`),
    );
    expect(granted.body).toEqual(expected.sort());
    expect(granted.body).toContain('account:create');
    expect(granted.body).not.toContain('customer:view');
  });
});

describe('creating and reading roles', () => {
  it('creates a role and reads it back with its number of accounts', async () => {
    const name = uniqueName('Help Desk.L1-');
    const answer = await call('POST', '/account/role/create', {
      name,
      displayName: ' Help Desk ',
      scope: 'customer',
    });
    expect(answer).toMatchObject({ status: 201, body: { id: expect.any(String) } });
    const record = await call('GET', `/account/role/${answer.body.id}`);
    expect(record.body).toEqual({
      id: answer.body.id,
      name,
      displayName: 'Help Desk',
      description: '',
      scope: 'customer',
      customerId: null,
      builtIn: false,
      accountCount: 0,
    });
    const [entry] = await auditOf(ctx, answer.body.id);
    expect(entry).toMatchObject({
      tableName: 'Role',
      action: 'CREATE',
      modifiedBy: OPERATOR_EMAIL,
      changes: { name: { before: null, after: name }, scope: { before: null, after: 'customer' } },
    });
  });

  it('refuses a name already used, ignoring case, and creates nothing', async () => {
    const first = await createRole();
    const count = (await ctx.db.select().from(roles)).length;
    const again = await call('POST', '/account/role/create', {
      name: first.name.toUpperCase(),
      displayName: 'Again',
      scope: 'provider',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { messageKey: 'error.role.nameExisted', message: 'Role name already existed.' },
    });
    const builtIn = await call('POST', '/account/role/create', {
      name: 'Provider_Admin',
      displayName: 'x',
      scope: 'provider',
    });
    expect(builtIn.status).toBe(409);
    expect(await ctx.db.select().from(roles)).toHaveLength(count);
  });

  it.each([
    ['a name with other characters', { name: 'admins!' }, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ['a missing display name', { displayName: undefined }, 'displayName'],
    ['an unknown scope', { scope: 'vendor' }, 'scope'],
    ['a customer id', { customerId: null }, 'customerId'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const answer = await call('POST', '/account/role/create', {
      name: uniqueName(),
      displayName: 'x',
      scope: 'provider',
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.params.field).toBe(field);
  });

  it('searches roles by text and scope, sorted and paged, with the built-in roles among them', async () => {
    const tag = uniqueName('srch');
    await createRole({ name: `${tag}_b`, scope: 'provider' });
    await createRole({ name: `${tag}_a`, scope: 'customer' });
    await createRole({ name: `${tag}_c`, scope: 'customer' });
    const search = (body: Record<string, unknown>) =>
      call('POST', '/account/role/search', { page: 0, limit: 10, ...body });
    const names = (answer: { body: { contents: { name: string }[] } }) =>
      answer.body.contents.map((row) => row.name);

    expect(names(await search({ filters: { q: tag } }))).toEqual([`${tag}_a`, `${tag}_b`, `${tag}_c`]);
    expect(
      names(await search({ filters: { q: tag, scope: 'customer' }, sort: { field: 'name', order: 'DESC' } })),
    ).toEqual([`${tag}_c`, `${tag}_a`]);
    const page = await search({ filters: { q: tag }, page: 1, limit: 2 });
    expect(page.body).toMatchObject({ totalElements: 3 });
    expect(names(page)).toEqual([`${tag}_c`]);
    const builtIn = await search({ filters: { q: 'admin' } });
    expect(names(builtIn)).toEqual(expect.arrayContaining([PROVIDER_ADMIN_ROLE, CUSTOMER_ADMIN_ROLE]));
    expect(
      builtIn.body.contents.find((row: { name: string }) => row.name === PROVIDER_ADMIN_ROLE).accountCount,
    ).toBeGreaterThanOrEqual(1);
  });

  it("keeps a customer's own roles out of the provider's role screens", async () => {
    const own = await ctx.createRole({ name: uniqueName('own'), customerId: acme.id, permissions: [] });
    expect((await call('GET', `/account/role/${own.id}`)).body).toEqual({
      messageKey: 'error.role.notFound',
      message: 'Role not found',
    });
    const found = await call('POST', '/account/role/search', {
      page: 0,
      limit: 10,
      filters: { q: own.name },
    });
    expect(found.body.totalElements).toBe(0);
  });
});

describe('editing and deleting roles', () => {
  it('renames a role and audits only what changed; scope cannot change', async () => {
    const role = await createRole({ scope: 'customer' });
    const record = (await call('GET', `/account/role/${role.id}`)).body;
    const name = uniqueName('renamed');
    const answer = await call('PUT', `/account/role/${role.id}`, { ...record, name, displayName: 'Renamed' });
    expect(answer).toMatchObject({ status: 200, body: { ...record, name, displayName: 'Renamed' } });
    const entries = await auditOf(ctx, role.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'UPDATE',
      changes: {
        name: { before: role.name, after: name },
        displayName: { before: 'Some Role', after: 'Renamed' },
      },
    });
    expect(Object.keys(entries.at(-1)!.changes).sort()).toEqual(['displayName', 'name']);
    expect((await call('PUT', `/account/role/${role.id}`, answer.body)).status).toBe(200);
    expect(await auditOf(ctx, role.id)).toHaveLength(entries.length);

    const rescoped = await call('PUT', `/account/role/${role.id}`, { ...record, name, scope: 'provider' });
    expect(rescoped.status).toBe(400);
    expect(rescoped.body.params.field).toBe('scope');
    // Its own name in another case is no conflict.
    expect(
      (await call('PUT', `/account/role/${role.id}`, { ...record, name: name.toUpperCase() })).status,
    ).toBe(200);
  });

  it('refuses the name of another role and the rename of a built-in role', async () => {
    const first = await createRole();
    const second = await createRole();
    const taken = await call('PUT', `/account/role/${second.id}`, { name: first.name, displayName: 'x' });
    expect(taken).toMatchObject({ status: 409, body: { messageKey: 'error.role.nameExisted' } });
    const builtIn = await call('PUT', `/account/role/${providerAdminId}`, {
      name: 'root',
      displayName: 'Root',
    });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.params.field).toBe('name');
    const described = await call('PUT', `/account/role/${providerAdminId}`, {
      name: PROVIDER_ADMIN_ROLE,
      displayName: 'Provider Administrator',
      description: 'Operators',
    });
    expect(described.body.description).toBe('Operators');
  });

  it('deletes a role held by no account, with its permissions', async () => {
    const role = await ctx.createRole({ name: uniqueName(), permissions: ['customer:view'] });
    const answer = await call('DELETE', `/account/role/${role.id}`);
    expect(answer).toMatchObject({ status: 200, body: { id: role.id } });
    expect((await call('GET', `/account/role/${role.id}`)).status).toBe(404);
    expect(await ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toEqual(
      [],
    );
    expect((await auditOf(ctx, role.id)).map((entry) => [entry.action, entry.changes.name])).toEqual([
      ['DELETE', { before: role.name, after: null }],
    ]);
  });

  it('refuses to delete a role held by accounts, or a built-in role', async () => {
    const role = await createRole();
    await insertAccount(ctx, { roleIds: [role.id] });
    expect((await call('DELETE', `/account/role/${role.id}`)).body).toEqual({
      messageKey: 'error.record.inUse',
      message: 'Some of the selected records are still in use and cannot be deleted.',
    });
    for (const id of [providerAdminId, customerAdminId]) {
      expect(await call('DELETE', `/account/role/${id}`)).toMatchObject({
        status: 409,
        body: {
          messageKey: 'error.role.builtIn',
          message: 'This role is part of the product and cannot be deleted.',
        },
      });
    }
    expect((await call('GET', `/account/role/${role.id}`)).status).toBe(200);
    expect((await call('DELETE', `/account/role/${randomUUID()}`)).status).toBe(404);
  });
});

describe("a role's accounts", () => {
  it('adds accounts, lists them, and removes them again', async () => {
    const role = await createRole();
    const first = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const second = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const added = await call('POST', '/account/role/add_account', {
      roleId: role.id,
      accountIds: [first.id, second.id],
    });
    expect(added).toMatchObject({
      status: 200,
      body: { roleId: role.id, accountIds: [first.id, second.id] },
    });
    expect((await call('GET', `/account/role/${role.id}`)).body.accountCount).toBe(2);

    const listed = await call('GET', `/account/account_role?page=0&pageSize=10&roleId=${role.id}&sort=email`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ totalElements: 2, page: 0, pageSize: 10 });
    const byEmail = [first, second].sort((a, b) => a.email.localeCompare(b.email));
    expect(listed.body.content).toEqual(
      byEmail.map((account) => ({
        id: `${role.id}:${account.id}`,
        roleId: role.id,
        accountId: account.id,
        email: account.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        status: 'ACTIVE',
        customerName: null,
      })),
    );

    // The portal's account_role delete names one account.
    const removed = await call('POST', '/account/role/remove_account', {
      roleId: role.id,
      accountId: first.id,
    });
    expect(removed.body).toEqual({ roleId: role.id, accountIds: [first.id] });
    expect((await call('GET', `/account/account_role?roleId=${role.id}`)).body.totalElements).toBe(1);

    const entries = await auditOf(ctx, role.id);
    expect(entries.slice(1).map((entry) => [entry.tableName, entry.action, entry.changes])).toEqual([
      ['Role', 'ADD_ACCOUNT', { accounts: { before: null, after: [first.email, second.email].sort() } }],
      ['Role', 'REMOVE_ACCOUNT', { accounts: { before: [first.email], after: null } }],
    ]);
  });

  it('gives a shared customer role to accounts of any customer, and a provider role to operators only', async () => {
    const customerRole = await createRole({ scope: 'customer' });
    const providerRoleRecord = await createRole({ scope: 'provider' });
    const operator = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const member = await insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
    const listed = async (roleId: string) =>
      (await call('GET', `/account/account_role?roleId=${roleId}`)).body.content;

    const mismatch = { status: 400, body: { messageKey: 'error.account.roleScope' } };
    expect(
      await call('POST', '/account/role/add_account', { roleId: customerRole.id, accountIds: [operator.id] }),
    ).toMatchObject(mismatch);
    expect(
      await call('POST', '/account/role/add_account', {
        roleId: providerRoleRecord.id,
        accountIds: [member.id],
      }),
    ).toMatchObject(mismatch);
    // All or nothing: one account that cannot hold the role stops the others too.
    expect(
      await call('POST', '/account/role/add_account', {
        roleId: customerRole.id,
        accountIds: [member.id, operator.id],
      }),
    ).toMatchObject(mismatch);
    expect(await listed(customerRole.id)).toEqual([]);

    expect(
      (await call('POST', '/account/role/add_account', { roleId: customerRole.id, accountIds: [member.id] }))
        .status,
    ).toBe(200);
    expect((await listed(customerRole.id))[0]).toMatchObject({ accountId: member.id, customerName: 'Acme' });
    // Adding it again changes nothing.
    expect(
      (await call('POST', '/account/role/add_account', { roleId: customerRole.id, accountIds: [member.id] }))
        .status,
    ).toBe(200);
    expect(
      (await auditOf(ctx, customerRole.id)).filter((entry) => entry.action === 'ADD_ACCOUNT'),
    ).toHaveLength(1);
  });

  it("refuses to remove an account's last role and keeps every link", async () => {
    const role = await createRole();
    const holder = await insertAccount(ctx, { roleIds: [role.id, providerAdminId] });
    const only = await insertAccount(ctx, { roleIds: [role.id] });
    const answer = await call('POST', '/account/role/remove_account', {
      roleId: role.id,
      accountIds: [holder.id, only.id],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { messageKey: 'error.account.roleRequired', message: 'Account Role is required' },
    });
    expect((await call('GET', `/account/role/${role.id}`)).body.accountCount).toBe(2);
    expect(
      (await call('POST', '/account/role/remove_account', { roleId: role.id, accountIds: [holder.id] }))
        .status,
    ).toBe(200);
  });

  it.each([
    [
      'an unknown role',
      () => ({ roleId: randomUUID(), accountIds: [randomUUID()] }),
      404,
      'error.role.notFound',
    ],
    ['an unknown account', () => ({ accountIds: [randomUUID()] }), 404, 'error.account.idNotFound'],
    ['no accounts', () => ({ accountIds: [] }), 400, 'error.validation.invalid'],
    ['neither accountIds nor accountId', () => ({}), 400, 'error.validation.invalid'],
    [
      'both accountIds and accountId',
      () => ({ accountIds: [randomUUID()], accountId: randomUUID() }),
      400,
      'error.validation.invalid',
    ],
    [
      'more than 100 accounts',
      () => ({ accountIds: Array.from({ length: 101 }, () => randomUUID()) }),
      400,
      'error.validation.invalid',
    ],
  ])('refuses %s', async (_, body, status, messageKey) => {
    const role = await createRole();
    for (const path of ['add_account', 'remove_account']) {
      const answer = await call('POST', `/account/role/${path}`, { roleId: role.id, ...body() });
      expect(answer.status).toBe(status);
      expect(answer.body.messageKey).toBe(messageKey);
    }
  });

  it('needs a known role id to list its accounts', async () => {
    const missing = await call('GET', '/account/account_role?page=0&pageSize=10');
    expect(missing.status).toBe(400);
    expect(missing.body.params.field).toBe('roleId');
    expect((await call('GET', `/account/account_role?roleId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('the roles an account form may assign', () => {
  let own: { id: string };
  beforeAll(async () => {
    own = await ctx.createRole({ name: uniqueName('acme'), customerId: acme.id, permissions: [] });
  });
  const ids = (answer: { body: { id: string }[] }) => answer.body.map((role) => role.id);

  it('offers an operator the provider roles, or the shared customer roles', async () => {
    const provider = await call('GET', '/account/role/all?scope=provider');
    expect(provider.status).toBe(200);
    expect(ids(provider)).toContain(providerAdminId);
    expect(
      provider.body.every((role: { scope: string; customerId: null }) => role.scope === 'provider'),
    ).toBe(true);
    expect(provider.body[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      displayName: expect.any(String),
      description: expect.any(String),
      scope: 'provider',
      customerId: null,
      builtIn: expect.any(Boolean),
    });
    expect(provider.body.find((role: { id: string }) => role.id === providerAdminId)).toMatchObject({
      builtIn: true,
    });
    expect(ids(await call('GET', '/account/role/all'))).toEqual(ids(provider));

    const shared = await call('GET', '/account/role/all?scope=customer');
    expect(ids(shared)).toContain(customerAdminId);
    expect(ids(shared)).not.toContain(own.id);
    expect(shared.body.every((role: { scope: string }) => role.scope === 'customer')).toBe(true);

    const forAcme = await call('GET', `/account/role/all?scope=customer&customerId=${acme.id}`);
    expect(ids(forAcme)).toEqual(expect.arrayContaining([customerAdminId, own.id]));
    expect((await call('GET', `/account/role/all?customerId=${acme.id}&scope=provider`)).body).toEqual([]);
    expect((await call('GET', `/account/role/all?customerId=${randomUUID()}`)).status).toBe(404);
  });

  it("offers a customer's administrator its customer's roles only, and nobody else without account rights", async () => {
    const admin = await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
    const answer = await call('GET', '/account/role/all?scope=customer', undefined, admin.token);
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual(expect.arrayContaining([customerAdminId, own.id]));
    expect(answer.body.every((role: { scope: string }) => role.scope === 'customer')).toBe(true);
    expect((await call('GET', '/account/role/all?scope=provider', undefined, admin.token)).body).toEqual([]);
    const other = await ctx.createCustomer({ companyName: 'Other' });
    expect(
      (await call('GET', `/account/role/all?customerId=${other.id}`, undefined, admin.token)).status,
    ).toBe(404);

    const themeRole = await ctx.createRole({
      name: uniqueName('theme'),
      customerId: acme.id,
      permissions: ['theme:view'],
    });
    const themer = await signedIn(ctx, { customerId: acme.id, roleIds: [themeRole.id] });
    expect((await call('GET', '/account/role/all', undefined, themer.token)).status).toBe(403);
    const viewer = await signedIn(ctx, { roleIds: [(await providerRole(ctx, ['role:view'])).id] });
    expect((await call('GET', '/account/role/all', undefined, viewer.token)).status).toBe(200);
  });
});

describe('the permissions of roles', () => {
  it('answers the sorted distinct permissions the roles grant, in the provider or a customer', async () => {
    const first = await providerRole(ctx, ['role:view', 'customer:view']);
    const second = await providerRole(ctx, ['customer:view', 'asset:view']);
    const answer = await call('GET', `/account/role/provider/permissions?roleIds=${first.id},${second.id}`);
    expect(answer).toMatchObject({ status: 200, body: ['asset:view', 'customer:view', 'role:view'] });

    const own = await ctx.createRole({
      name: uniqueName('own'),
      customerId: acme.id,
      permissions: ['theme:view'],
    });
    const inAcme = await call('GET', `/account/role/${acme.id}/permissions?roleIds=${own.id},${first.id}`);
    expect(inAcme.body).toEqual(['customer:view', 'role:view', 'theme:view']);
    expect((await call('GET', `/account/role/provider/permissions?roleIds=${own.id}`)).status).toBe(404);
    expect((await call('GET', '/account/role/provider/permissions')).body).toEqual([]);
  });

  it('refuses malformed role ids, unknown roles and unknown customers', async () => {
    expect((await call('GET', '/account/role/provider/permissions?roleIds=abc')).status).toBe(400);
    expect((await call('GET', `/account/role/provider/permissions?roleIds=${randomUUID()}`)).status).toBe(
      404,
    );
    const unknownCustomer = await call(
      'GET',
      `/account/role/${randomUUID()}/permissions?roleIds=${providerAdminId}`,
    );
    expect(unknownCustomer).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
  });
});
