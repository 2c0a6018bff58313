import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { accounts, assets, auditLog, rolePermissions } from '../../../server/db/schema.ts';
import { ACTIONS, PERMISSION_RESOURCES } from '../../../server/domain/permissions.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { auditOf, builtInRoleId, providerRole, signedIn } from '../fixtures/admin.ts';
import { OPERATOR_EMAIL, sharedTestContext } from '../helpers.ts';

const ctx = sharedTestContext();
let token: string;
/** Asset ids by resource type. */
const assetOf: Record<string, string> = {};

beforeAll(async () => {
  token = await ctx.signInOperator();
  for (const row of await ctx.db.select().from(assets)) assetOf[row.resourceType] = row.id;
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown) =>
  ctx.call(method, `/api${url}`, { token, json });

const permissionsOf = async (roleId: string, resource: string) =>
  (
    await ctx.db
      .select({ action: rolePermissions.action })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.resource, resource)))
  )
    .map((row) => row.action)
    .sort();

describe('permission assets', () => {
  it('lists every asset with its resource type, actions and scope', async () => {
    const answer = await call('POST', '/account/asset/search', { page: 0, limit: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body.totalElements).toBe(PERMISSION_RESOURCES.length);
    const customer = answer.body.contents.find(
      (row: { resourceType: string }) => row.resourceType === 'customer',
    );
    expect(customer).toEqual({
      id: assetOf.customer,
      name: 'Customers',
      description: 'Customer companies of the provider',
      resourceType: 'customer',
      actions: ['view', 'create', 'modify', 'configure'],
      scope: 'provider',
    });
  });

  it('filters by text and scope, sorts and pages', async () => {
    const search = (body: Record<string, unknown>) =>
      call('POST', '/account/asset/search', { page: 0, limit: 100, ...body });
    const both = await search({ filters: { scope: 'both' }, sort: { field: 'resourceType', order: 'ASC' } });
    expect(both.body.contents.map((row: { resourceType: string }) => row.resourceType)).toEqual([
      'account',
      'account_role',
      'audit',
      'translations',
    ]);
    const text = await search({ filters: { q: 'soft' } });
    expect(text.body.contents.map((row: { resourceType: string }) => row.resourceType)).toEqual([
      'soft-token',
    ]);
    const page = await search({ page: 1, limit: 5, sort: { field: 'name', order: 'ASC' } });
    expect(page.body.contents).toHaveLength(5);
    for (const field of ['scope', 'description', 'id']) {
      expect((await search({ sort: { field, order: 'DESC' } })).status).toBe(200);
    }
  });

  it('reads one asset, and answers 404 for any other id', async () => {
    expect((await call('GET', `/account/asset/${assetOf.theme}`)).body).toMatchObject({
      resourceType: 'theme',
      scope: 'customer',
    });
    for (const id of [randomUUID(), 'x']) {
      expect((await call('GET', `/account/asset/${id}`)).body).toEqual({
        messageKey: 'error.asset.notFound',
        message: 'Permission asset not found',
      });
    }
  });

  it('renames and describes an asset; its resource type and actions stay', async () => {
    const record = (await call('GET', `/account/asset/${assetOf.radius}`)).body;
    const answer = await call('PUT', `/account/asset/${assetOf.radius}`, {
      ...record,
      name: 'RADIUS',
      description: 'RADIUS servers',
      resourceType: 'hacked',
      actions: ['view'],
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { ...record, name: 'RADIUS', description: 'RADIUS servers' },
    });
    expect((await call('GET', `/account/asset/${assetOf.radius}`)).body).toEqual(answer.body);
    const [entry] = await auditOf(ctx, assetOf.radius!);
    expect(entry).toMatchObject({
      tableName: 'Asset',
      action: 'UPDATE',
      modifiedBy: OPERATOR_EMAIL,
      changes: {
        name: { before: 'RADIUS Connectors', after: 'RADIUS' },
        description: { before: 'RADIUS connectors of a customer', after: 'RADIUS servers' },
      },
    });
    const blank = await call('PUT', `/account/asset/${assetOf.radius}`, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.params.field).toBe('name');
  });

  it('lists the resources with their scope and actions, and the actions', async () => {
    const resources = await call('GET', '/account/resource/all');
    expect(resources.status).toBe(200);
    expect(resources.body).toHaveLength(PERMISSION_RESOURCES.length);
    expect(resources.body).toContainEqual({
      name: 'soft-token',
      scope: 'customer',
      actions: ['view', 'create'],
    });
    expect((await call('GET', '/account/action/all')).body).toEqual([...ACTIONS]);
  });
});

describe("an asset's permission matrix", () => {
  it('shows every provider role and shared customer role with its actions on the resource', async () => {
    const own = await ctx.createRole({
      name: `own-${randomUUID().slice(0, 6)}`,
      customerId: (await ctx.createCustomer()).id,
      permissions: ['theme:view'],
    });
    const answer = await call('GET', `/account/asset/${assetOf.theme}/permission`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      assetId: assetOf.theme,
      resourceType: 'theme',
      actions: ['view', 'create', 'modify', 'configure'],
    });
    const rows = answer.body.rolePermissionDetails;
    expect(rows.find((row: { roleName: string }) => row.roleName === PROVIDER_ADMIN_ROLE)).toEqual({
      roleId: await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE),
      roleName: PROVIDER_ADMIN_ROLE,
      displayName: 'Provider Administrator',
      scope: 'provider',
      actions: ['view', 'create', 'modify', 'configure'],
    });
    expect(rows.find((row: { roleName: string }) => row.roleName === CUSTOMER_ADMIN_ROLE).actions).toEqual([
      'view',
      'create',
      'modify',
      'configure',
    ]);
    expect(rows.map((row: { roleId: string }) => row.roleId)).not.toContain(own.id);

    const providerOnly = await call('GET', `/account/asset/${assetOf.customer}/permission`);
    expect(
      providerOnly.body.rolePermissionDetails.find(
        (row: { roleName: string }) => row.roleName === CUSTOMER_ADMIN_ROLE,
      ).actions,
    ).toEqual([]);
  });

  it("saves each listed role's actions exactly, leaves the rest, and audits one entry per changed role", async () => {
    const first = await providerRole(ctx, ['customer:view', 'role:view']);
    const second = await providerRole(ctx, ['customer:view', 'customer:modify'], 'provider');
    const untouched = await providerRole(ctx, ['customer:view']);
    const answer = await call('POST', `/account/asset/${assetOf.customer}/permission`, {
      assetId: assetOf.customer,
      rolePermissionDetails: [
        { roleId: first.id, actions: ['create', 'view'] },
        { roleId: second.id, actions: ['view', 'modify'] },
      ],
    });
    expect(answer.status).toBe(200);
    const rowOf = (id: string) =>
      answer.body.rolePermissionDetails.find((row: { roleId: string }) => row.roleId === id);
    expect(rowOf(first.id)).toMatchObject({ roleName: first.name, actions: ['view', 'create'] });
    expect(rowOf(second.id).actions).toEqual(['view', 'modify']);
    expect(rowOf(untouched.id).actions).toEqual(['view']);
    expect(answer.body).toEqual((await call('GET', `/account/asset/${assetOf.customer}/permission`)).body);

    expect(await permissionsOf(first.id, 'customer')).toEqual(['create', 'view']);
    expect(await permissionsOf(first.id, 'role')).toEqual(['view']);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, assetOf.customer!), eq(auditLog.action, 'PERMISSION')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tableName: 'Asset',
      modifiedBy: OPERATOR_EMAIL,
      customerId: null,
      changes: { [first.name]: { before: ['view'], after: ['view', 'create'] } },
    });
  });

  it('takes the rows of the matrix back as they were answered', async () => {
    const role = await providerRole(ctx, []);
    const matrix = (await call('GET', `/account/asset/${assetOf.directories}/permission`)).body;
    const row = matrix.rolePermissionDetails.find((item: { roleId: string }) => item.roleId === role.id);
    const answer = await call('POST', `/account/asset/${assetOf.directories}/permission`, {
      assetId: assetOf.directories,
      rolePermissionDetails: [{ ...row, actions: ['delete'] }],
    });
    expect(answer.status).toBe(200);
    expect(await permissionsOf(role.id, 'directories')).toEqual(['delete']);
  });

  interface Ask {
    assetId?: string;
    details: { roleId: string; actions: string[] }[];
  }
  it.each<[string, (roleId: string) => Ask, number, string]>([
    [
      'an action the asset does not have',
      (roleId: string) => ({ details: [{ roleId, actions: ['view', 'delete'] }] }),
      400,
      'error.validation.invalid',
    ],
    [
      'the same role twice',
      (roleId: string) => ({
        details: [
          { roleId, actions: ['view'] },
          { roleId, actions: [] },
        ],
      }),
      400,
      'error.validation.invalid',
    ],
    [
      'an unknown role',
      () => ({ details: [{ roleId: randomUUID(), actions: ['view'] }] }),
      404,
      'error.role.notFound',
    ],
    [
      'another asset id in the body',
      () => ({ assetId: randomUUID(), details: [] }),
      400,
      'error.validation.invalid',
    ],
  ])('refuses %s and changes nothing', async (_, ask, status, messageKey) => {
    const role = await providerRole(ctx, ['customer:view']);
    const earlier = await providerRole(ctx, []);
    const { assetId = assetOf.customer, details } = ask(role.id);
    const auditBefore = (await ctx.db.select().from(auditLog)).length;
    const answer = await call('POST', `/account/asset/${assetOf.customer}/permission`, {
      assetId,
      // A valid change listed first is undone with the rest.
      rolePermissionDetails: [{ roleId: earlier.id, actions: ['view'] }, ...details],
    });
    expect(answer.status).toBe(status);
    expect(answer.body.messageKey).toBe(messageKey);
    expect(await permissionsOf(role.id, 'customer')).toEqual(['view']);
    expect(await permissionsOf(earlier.id, 'customer')).toEqual([]);
    expect(await ctx.db.select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('refuses a provider-only resource to a customer-scope role, but gives it resources of both scopes', async () => {
    const shared = await providerRole(ctx, [], 'customer');
    const refused = await call('POST', `/account/asset/${assetOf.role}/permission`, {
      assetId: assetOf.role,
      rolePermissionDetails: [{ roleId: shared.id, actions: ['view'] }],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        messageKey: 'error.account.roleScope',
        message: 'The selected roles cannot be given to this account.',
      },
    });
    expect(await permissionsOf(shared.id, 'role')).toEqual([]);
    const allowed = await call('POST', `/account/asset/${assetOf.account}/permission`, {
      assetId: assetOf.account,
      rolePermissionDetails: [{ roleId: shared.id, actions: ['view', 'create'] }],
    });
    expect(allowed.status).toBe(200);
    expect(await permissionsOf(shared.id, 'account')).toEqual(['create', 'view']);
  });

  it('answers 404 for an unknown asset', async () => {
    const id = randomUUID();
    expect((await call('GET', `/account/asset/${id}/permission`)).status).toBe(404);
    const answer = await call('POST', `/account/asset/${id}/permission`, {
      assetId: id,
      rolePermissionDetails: [],
    });
    expect(answer).toMatchObject({ status: 404, body: { messageKey: 'error.asset.notFound' } });
  });
});

describe('someone able to edit permissions', () => {
  const NO_EDITOR = {
    messageKey: 'error.permission.noEditorLeft',
    message:
      'This change would leave no active operator able to edit permissions. Keep the view and configure actions of Permission Assets on a role of at least one active operator.',
  };
  const assetMatrix = (caller: string, roleId: string, actions: string[]) =>
    ctx.call('POST', `/api/account/asset/${assetOf.asset}/permission`, {
      token: caller,
      json: { assetId: assetOf.asset, rolePermissionDetails: [{ roleId, actions }] },
    });

  it('refuses a matrix change that leaves no active operator able to open and save the matrix', async () => {
    const providerAdmin = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
    const granted = await permissionsOf(providerAdmin, 'asset');
    expect(granted).toEqual(expect.arrayContaining(['configure', 'view']));
    const auditBefore = (await ctx.db.select().from(auditLog)).length;
    for (const actions of [[], ['view'], ['configure']]) {
      const answer = await assetMatrix(token, providerAdmin, actions);
      expect(answer).toMatchObject({ status: 409, body: NO_EDITOR });
    }
    expect(await permissionsOf(providerAdmin, 'asset')).toEqual(granted);
    expect(await ctx.db.select().from(auditLog)).toHaveLength(auditBefore);
    // Another resource's matrix is not concerned.
    const role = await providerRole(ctx, ['customer:view']);
    expect(
      (
        await call('POST', `/account/asset/${assetOf.customer}/permission`, {
          assetId: assetOf.customer,
          rolePermissionDetails: [{ roleId: role.id, actions: [] }],
        })
      ).status,
    ).toBe(200);
  });

  it('lets the change through while another active operator keeps the rights, then keeps that one', async () => {
    const providerAdmin = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
    const editor = await providerRole(ctx, ['asset:view', 'asset:configure']);
    const other = await providerRole(ctx, ['customer:view']);
    const keeper = await signedIn(ctx, { roleIds: [editor.id, other.id] });
    const granted = await permissionsOf(providerAdmin, 'asset');
    expect((await assetMatrix(token, providerAdmin, ['view'])).status).toBe(200);
    try {
      // Now the keeper is the only one: it cannot be deactivated, lose the role, or be taken off it.
      expect(await call('POST', '/account/deactivate', { id: keeper.account.id })).toMatchObject({
        status: 409,
        body: NO_EDITOR,
      });
      const form = {
        email: keeper.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        mobilePhone: '+1 202 555 0101',
      };
      expect(
        await call('PUT', `/account/${keeper.account.id}`, { ...form, roleIds: [other.id] }),
      ).toMatchObject({
        status: 409,
        body: NO_EDITOR,
      });
      expect(
        await call('POST', '/account/role/remove_account', {
          roleId: editor.id,
          accountIds: [keeper.account.id],
        }),
      ).toMatchObject({ status: 409, body: NO_EDITOR });
      const [still] = await ctx.db.select().from(accounts).where(eq(accounts.id, keeper.account.id));
      expect(still?.status).toBe('ACTIVE');
      expect(await permissionsOf(editor.id, 'asset')).toEqual(['configure', 'view']);
      expect(
        (await ctx.call('GET', '/api/account/permission?flattern=1', { token: keeper.token })).body,
      ).toContain('asset:configure');
    } finally {
      // The keeper gives the operator's role its rights back.
      expect((await assetMatrix(keeper.token, providerAdmin, granted)).status).toBe(200);
    }
    expect((await call('POST', '/account/deactivate', { id: keeper.account.id })).status).toBe(200);
  });
});
