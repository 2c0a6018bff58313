import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, rolePermissions, roles } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';

/**
 * Roles and who may hold them. The provider manages its roles (customerId null): provider-scope roles
 * for its own operators, and shared customer-scope roles for the accounts of every customer. A role
 * with a customerId belongs to that customer and is held only by that customer's accounts.
 */

export type RoleScope = 'provider' | 'customer';

export const roleNotFound = () => notFound('error.role.notFound', 'Role not found');
export const roleNameExisted = () => conflict('error.role.nameExisted', 'Role name already existed.');
export const roleBuiltIn = () =>
  conflict('error.role.builtIn', 'This role is part of the product and cannot be deleted.');
export const roleScopeMismatch = () =>
  badRequest('error.account.roleScope', 'The selected roles cannot be given to this account.');

/** The roles the provider manages (the role screens list only these). */
export const providerManaged: SQL = isNull(roles.customerId);

/**
 * Whether an account of `accountCustomerId` (null: a provider operator) may hold the role: operators
 * hold the provider's provider-scope roles; a customer's accounts hold customer-scope roles that are
 * shared or that customer's own.
 */
export function roleFits(
  role: { scope: RoleScope; customerId: string | null },
  accountCustomerId: string | null,
): boolean {
  if (accountCustomerId === null) return role.scope === 'provider' && role.customerId === null;
  return role.scope === 'customer' && (role.customerId === null || role.customerId === accountCustomerId);
}

/**
 * Refuses a name another provider role already has, ignoring case (409 `error.role.nameExisted`), inside
 * the transaction that writes the name.
 */
export const claimRoleName = (tx: Database, name: string, exceptId?: string): Promise<void> =>
  claimUniqueText(
    tx,
    {
      lock: 727_302,
      table: roles,
      column: roles.name,
      id: roles.id,
      among: providerManaged,
      taken: roleNameExisted,
    },
    name,
    exceptId,
  );

/** Any number, the same in every process: the key of the lock that orders the checks below. */
const PERMISSION_EDITORS_LOCK = 727_303;

/** The permissions an operator needs to open the permission matrix and save it. */
export const PERMISSION_EDITING = [
  ['asset', 'view'],
  ['asset', 'configure'],
] as const;

export const noPermissionEditorLeft = () =>
  conflict(
    'error.permission.noEditorLeft',
    'This change would leave no active operator able to edit permissions. Keep the view and configure actions of Permission Assets on a role of at least one active operator.',
  );

/**
 * Refuses (409 `error.permission.noEditorLeft`) a change that leaves no active provider operator whose
 * roles grant every permission of `PERMISSION_EDITING`: nobody could give the permissions back. Call it
 * in the transaction of the change, after its writes; the transaction then rolls back. Changes that run
 * together take their turns here, and each sees what the others committed.
 */
export async function assertPermissionEditorLeft(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERMISSION_EDITORS_LOCK})`);
  const holds = ([resource, action]: readonly [string, string]) =>
    sql`exists (select 1 from ${accountRoles} inner join ${rolePermissions}
      on ${rolePermissions.roleId} = ${accountRoles.roleId}
      where ${accountRoles.accountId} = ${accounts.id}
      and ${rolePermissions.resource} = ${resource} and ${rolePermissions.action} = ${action})`;
  const [editor] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNull(accounts.customerId), eq(accounts.status, 'ACTIVE'), ...PERMISSION_EDITING.map(holds)))
    .limit(1);
  if (!editor) throw noPermissionEditorLeft();
}
