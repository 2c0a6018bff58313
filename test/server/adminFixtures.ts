import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { accountRoles, accounts, auditLog, roles } from '../../server/db/schema.ts';
import { type TestContext, uniqueEmail } from './helpers.ts';

/** Arrangements the provider-administration tests share: built-in roles, accounts, audit entries. */

export const PASSWORD = 'Correct-Horse-9';

/** The id of a built-in role (provider_admin, customer_admin). */
export async function builtInRoleId(ctx: TestContext, name: string): Promise<string> {
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), isNull(roles.customerId)));
  if (!role) throw new Error(`no built-in role ${name}`);
  return role.id;
}

/** A role of the provider (customerId null) with the given permissions and a name no other test uses. */
export async function providerRole(
  ctx: TestContext,
  permissions: string[],
  scope: 'provider' | 'customer' = 'provider',
) {
  return ctx.createRole({ name: `role-${randomUUID().slice(0, 8)}`, scope, permissions });
}

/**
 * An account that never signs in, written straight to the database (no password hashing: fast).
 * Its roles are given in `roleIds`.
 */
export async function insertAccount(
  ctx: TestContext,
  values: {
    customerId?: string | null;
    roleIds?: string[];
    email?: string;
    status?: 'ACTIVE' | 'INACTIVE';
  } = {},
) {
  const [account] = await ctx.db
    .insert(accounts)
    .values({
      email: values.email ?? uniqueEmail('target'),
      passwordHash: 'not-a-hash',
      firstName: 'Grace',
      lastName: 'Hopper',
      mobilePhone: '+1 555 0100',
      customerId: values.customerId ?? null,
      status: values.status ?? 'ACTIVE',
    })
    .returning();
  if (values.roleIds?.length) {
    await ctx.db
      .insert(accountRoles)
      .values(values.roleIds.map((roleId) => ({ accountId: account!.id, roleId })));
  }
  return account!;
}

/** An account holding `roleIds`, signed in. */
export async function signedIn(ctx: TestContext, values: { customerId?: string | null; roleIds: string[] }) {
  const email = uniqueEmail('caller');
  const account = await ctx.createAccount({ email, password: PASSWORD, ...values });
  return { account, email, token: await ctx.signIn(email, PASSWORD) };
}

/** The audit entries of one record, oldest first. */
export const auditOf = (ctx: TestContext, entityId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.modifiedDate));
