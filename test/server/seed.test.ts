import { and, eq } from 'drizzle-orm';
import { accounts, assets, rolePermissions, roles, seededGrants } from '../../server/db/schema.ts';
import { allPermissionKeys, PERMISSION_RESOURCES } from '../../server/domain/permissions.ts';
import { CUSTOMER_ADMIN_ROLE, ensureSeed, PROVIDER_ADMIN_ROLE } from '../../server/seed.ts';
import {
  createTestContext,
  createTestDatabase,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
  testConfig,
} from './helpers.ts';

describe('first start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ operator: 'fresh' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('prints one initial operator line on the first start, without the configured password, and nothing on the next', async () => {
    expect(ctx.printed).toEqual([
      `initial operator: ${OPERATOR_EMAIL} (password from INITIAL_OPERATOR_PASSWORD)`,
    ]);
    expect(ctx.printed.join('\n')).not.toContain(OPERATOR_PASSWORD);
    const again: string[] = [];
    const result = await ensureSeed(ctx.db, ctx.config, (line) => again.push(line));
    expect(again).toEqual([]);
    expect(result.operatorCreated).toBe(false);
    expect(await ctx.db.select().from(accounts)).toHaveLength(1);
  });

  it('creates an operator who must change the password and can sign in with the printed one', async () => {
    const answer = await ctx.call('POST', '/api/auth/signin', {
      json: { login: OPERATOR_EMAIL, password: OPERATOR_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toEqual({ customerId: null, forceChangePassword: true });
  });

  it('gives the provider administrator role every permission of the catalogue, and one asset per resource', async () => {
    const [role] = await ctx.db.select().from(roles).where(eq(roles.name, PROVIDER_ADMIN_ROLE));
    expect(role).toMatchObject({
      displayName: 'Provider Administrator',
      scope: 'provider',
      customerId: null,
    });
    const granted = await ctx.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect(granted.map((row) => `${row.resource}:${row.action}`).sort()).toEqual(allPermissionKeys().sort());
    const stored = await ctx.db.select().from(assets);
    expect(stored.map((asset) => asset.resourceType).sort()).toEqual(
      PERMISSION_RESOURCES.map((resource) => resource.name).sort(),
    );
    expect(stored.find((asset) => asset.resourceType === 'soft-token')?.actions).toEqual(['view', 'create']);
  });

  it('keeps what operators changed on assets and follows the catalogue on actions', async () => {
    await ctx.db
      .update(assets)
      .set({ name: 'Renamed', actions: ['view'] })
      .where(eq(assets.resourceType, 'theme'));
    await ensureSeed(ctx.db, ctx.config, () => {});
    const [theme] = await ctx.db.select().from(assets).where(eq(assets.resourceType, 'theme'));
    expect(theme).toMatchObject({ name: 'Renamed', actions: ['view', 'create', 'modify', 'configure'] });
  });

  it("keeps an operator's edits of a built-in role's permissions at the next start", async () => {
    const operator = await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    await ctx.db
      .update(accounts)
      .set({ forceChangePassword: false })
      .where(eq(accounts.email, OPERATOR_EMAIL));
    const [role] = await ctx.db.select().from(roles).where(eq(roles.name, CUSTOMER_ADMIN_ROLE));
    const [themeAsset] = await ctx.db.select().from(assets).where(eq(assets.resourceType, 'theme'));
    const saved = await ctx.call('POST', `/api/account/asset/${themeAsset!.id}/permission`, {
      token: operator,
      json: { assetId: themeAsset!.id, rolePermissionDetails: [{ roleId: role!.id, actions: ['view'] }] },
    });
    expect(saved.status).toBe(200);

    await ensureSeed(ctx.db, ctx.config, () => {});
    const themeGrants = await ctx.db
      .select({ action: rolePermissions.action })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role!.id), eq(rolePermissions.resource, 'theme')));
    expect(themeGrants.map((grant) => grant.action)).toEqual(['view']);
  });

  it('gives a built-in role a permission of the catalogue it has never had, once', async () => {
    const [role] = await ctx.db.select().from(roles).where(eq(roles.name, PROVIDER_ADMIN_ROLE));
    // As if the catalogue had just grown by soft-token:create: the role has never been given it.
    const isIt = and(
      eq(rolePermissions.roleId, role!.id),
      eq(rolePermissions.resource, 'soft-token'),
      eq(rolePermissions.action, 'create'),
    );
    await ctx.db.delete(rolePermissions).where(isIt);
    await ctx.db
      .delete(seededGrants)
      .where(
        and(
          eq(seededGrants.roleId, role!.id),
          eq(seededGrants.resource, 'soft-token'),
          eq(seededGrants.action, 'create'),
        ),
      );
    await ensureSeed(ctx.db, ctx.config, () => {});
    expect(await ctx.db.select().from(rolePermissions).where(isIt)).toHaveLength(1);
    // Taken away again by an operator, it stays away.
    await ctx.db.delete(rolePermissions).where(isIt);
    await ensureSeed(ctx.db, ctx.config, () => {});
    expect(await ctx.db.select().from(rolePermissions).where(isIt)).toHaveLength(0);
  });
});

describe('first start without a configured password', () => {
  it('generates a password that meets the policy', async () => {
    const { db, close } = await createTestDatabase();
    try {
      const printed: string[] = [];
      await ensureSeed(db, testConfig({ initialOperatorPassword: undefined }), (line) => printed.push(line));
      expect(printed).toHaveLength(1);
      const match = /^initial operator: (\S+) (\S+)$/.exec(printed[0]!);
      expect(match?.[1]).toBe(OPERATOR_EMAIL);
      const password = match![2]!;
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
    } finally {
      await close();
    }
  });

  it('refuses to start with a configured password that breaks the policy, and writes nothing', async () => {
    const { db, close } = await createTestDatabase();
    try {
      const printed: string[] = [];
      await expect(
        ensureSeed(db, testConfig({ initialOperatorPassword: 'weakpass' }), (line) => printed.push(line)),
      ).rejects.toThrow(/INITIAL_OPERATOR_PASSWORD/);
      expect(printed).toEqual([]);
      expect(await db.select().from(accounts)).toEqual([]);
    } finally {
      await close();
    }
  });
});
