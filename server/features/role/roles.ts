import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_ERRORS } from '../../../contract/account.ts';
import { COMMON_ERRORS } from '../../../contract/errors.ts';
import {
  ACCOUNT_ROLE_LISTING,
  MAX_ROLE_ACCOUNTS,
  ROLE_ERRORS,
  ROLE_LISTING,
  type RoleAccounts,
  type RoleForm,
  type RoleRecord,
} from '../../../contract/role.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny, type ListAsk } from '../../db/listing.ts';
import { accountRoles, accounts, customers, rolePermissions, roles } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { BUILT_IN_ROLES } from '../../seed.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';

/**
 * Roles and who may hold them. The provider manages its roles (customerId null): provider-scope roles
 * for its own operators, and shared customer-scope roles for the accounts of every customer. A role
 * with a customerId belongs to that customer and is held only by that customer's accounts.
 */

export type RoleScope = 'provider' | 'customer';

export const roleNotFound = () => fail(ROLE_ERRORS.notFound);
export const roleNameExisted = () => fail(ROLE_ERRORS.nameExisted);
export const roleScopeMismatch = () => fail(ACCOUNT_ERRORS.accountRoleScope);

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
  if (!editor) throw fail(ROLE_ERRORS.permissionNoEditorLeft);
}

// ——— The provider's roles ———

const roleListing = defineListing({
  filters: { q: ilikeAny([roles.name, roles.displayName]), scope: equals(roles.scope) },
  sort: {
    name: roles.name,
    displayName: roles.displayName,
    description: roles.description,
    scope: roles.scope,
    id: roles.id,
  },
  defaultSort: ROLE_LISTING.defaultSort,
  unique: roles.id,
});

const assignableFields = {
  id: roles.id,
  name: roles.name,
  displayName: roles.displayName,
  description: roles.description,
  scope: roles.scope,
  customerId: roles.customerId,
  builtIn: sql<boolean>`(${roles.customerId} is null and ${inArray(roles.name, [...BUILT_IN_ROLES])})`
    .mapWith(Boolean)
    .as('built_in'),
};

const roleFields = {
  ...assignableFields,
  accountCount: sql<number>`(select count(*) from ${accountRoles} where ${accountRoles.roleId} = ${roles.id})`
    .mapWith(Number)
    .as('account_count'),
};

/** What the audit log keeps of a role. */
const audited = (role: Pick<RoleRecord, 'name' | 'displayName' | 'description' | 'scope'>) => ({
  name: role.name,
  displayName: role.displayName,
  description: role.description,
  scope: role.scope,
});

/** The roles the provider manages, with the number of accounts holding each. A name taken: 409. */
export const roleRows = defineRows<RoleRecord, RoleRecord>({
  table: roles,
  id: roles.id,
  visible: () => providerManaged,
  select: (db) => db.select(roleFields).from(roles).$dynamic(),
  listing: roleListing,
  toRecords: (_, found) => found,
  notFound: roleNotFound,
  audit: { table: 'Role', fields: audited, customerOf: () => null },
  translate: (error) => (sqlStateOf(error) === '23505' ? roleNameExisted() : error),
});

/** The row of a new role, its name claimed. */
export async function newRoleValues({ tx }: Scope, form: RoleForm) {
  const values = {
    name: form.name.trim(),
    displayName: form.displayName.trim(),
    description: form.description?.trim() ?? '',
    scope: form.scope!,
  };
  await claimRoleName(tx, values.name);
  return values;
}

/** The changed columns of a role: its scope never changes, nor a built-in role's name. */
export async function roleChanges({ tx }: Scope, before: RoleRecord, form: RoleForm) {
  const name = form.name.trim();
  if (form.scope !== undefined && form.scope !== before.scope) {
    throw invalidField('scope', 'cannot be changed');
  }
  if (name !== before.name && before.builtIn) {
    throw invalidField('name', 'cannot be changed for a role that is part of the product');
  }
  await claimRoleName(tx, name, before.id);
  return {
    name,
    displayName: form.displayName.trim(),
    description: form.description?.trim() ?? before.description,
  };
}

/** A role is deleted when it is not built in and no account holds it. */
export function checkRoleDeletable(role: RoleRecord): void {
  if (role.builtIn) throw fail(ROLE_ERRORS.builtIn);
  if (role.accountCount > 0) throw fail(COMMON_ERRORS.recordInUse);
}

/**
 * The roles an account of the call's customer may hold (null: the provider's own accounts), of `scope`
 * (by default the one such accounts hold), by name. The database keeps a customer's call to the shared
 * roles and its own.
 */
export async function assignableRoles(
  { tx, customer }: Scope,
  scope: RoleScope | undefined,
): Promise<Omit<RoleRecord, 'accountCount'>[]> {
  const wanted = scope ?? (customer === null ? 'provider' : 'customer');
  if (wanted === 'provider' && customer !== null) return [];
  return tx
    .select(assignableFields)
    .from(roles)
    .where(and(eq(roles.scope, wanted), customer === null ? providerManaged : undefined))
    .orderBy(asc(roles.name), asc(roles.id));
}

/**
 * The sorted distinct permissions the roles of a comma-separated id list grant: the provider's roles, or,
 * in a customer, the shared roles and its own (any other id: 404 as an unknown role).
 */
export async function permissionsOfRoles({ tx, customer }: Scope, roleIds: string | undefined) {
  const ids = [
    ...new Set(
      (roleIds ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length > MAX_ROLE_ACCOUNTS || !ids.every((id) => UUID_PATTERN.test(id))) {
    throw invalidField('roleIds', `must be a comma-separated list of at most ${MAX_ROLE_ACCOUNTS} role ids`);
  }
  if (ids.length === 0) return [];
  const [known] = await tx
    .select({ total: count() })
    .from(roles)
    .where(and(inArray(roles.id, ids), customer === null ? providerManaged : undefined));
  if (known?.total !== ids.length) throw roleNotFound();
  const granted = await tx
    .selectDistinct({ resource: rolePermissions.resource, action: rolePermissions.action })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, ids));
  return granted.map((row) => `${row.resource}:${row.action}`).sort();
}

// ——— The accounts holding a role ———

export const accountRoleListing = defineListing({
  filters: {
    q: ilikeAny([accounts.email, accounts.firstName, accounts.lastName]),
    status: equals(accounts.status),
  },
  sort: {
    email: accounts.email,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    status: accounts.status,
    id: accounts.id,
  },
  defaultSort: ACCOUNT_ROLE_LISTING.defaultSort,
  unique: accounts.id,
});

/** One page of the accounts holding a role (of any customer), each row's id `roleId:accountId`. */
export async function accountsHolding(scope: Scope, roleId: unknown, ask: ListAsk) {
  const role = await roleRows.find(scope, roleId);
  const { tx } = scope;
  const query = tx
    .select({
      roleId: accountRoles.roleId,
      accountId: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      status: accounts.status,
      customerName: customers.companyName,
    })
    .from(accountRoles)
    .innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .$dynamic();
  const found = await findRows(tx, query, accountRoleListing, ask, eq(accountRoles.roleId, role.id));
  return {
    rows: found.rows.map((row) => ({ ...row, id: `${row.roleId}:${row.accountId}` })),
    total: found.total,
  };
}

/** The ids of an add/remove body, lower-case. */
function accountIdsOf(body: RoleAccounts): string[] {
  if (body.accountIds !== undefined && body.accountId !== undefined) {
    throw invalidField('accountId', "must not be sent together with 'accountIds'");
  }
  const ids = body.accountIds ?? (body.accountId === undefined ? undefined : [body.accountId]);
  if (ids === undefined) throw invalidField('accountIds', 'is required');
  const lowered = ids.map((id) => id.toLowerCase());
  if (new Set(lowered).size !== lowered.length)
    throw invalidField('accountIds', 'must not have duplicate items');
  return lowered;
}

/**
 * The accounts, locked against other role changes (in id order), checked: every account exists (404) and may
 * hold the role (400 `error.account.roleScope`).
 */
async function lockAccounts(tx: Database, role: RoleRecord, accountIds: readonly string[]) {
  const held = await tx
    .select({ id: accounts.id, email: accounts.email, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]))
    .orderBy(asc(accounts.id))
    .for('update');
  if (held.length !== accountIds.length) throw fail(ACCOUNT_ERRORS.accountIdNotFound);
  if (!held.every((account) => roleFits(role, account.customerId))) throw roleScopeMismatch();
  return held;
}

const emailsOf = (held: readonly { id: string; email: string }[], ids: readonly string[]) =>
  held
    .filter((account) => ids.includes(account.id))
    .map((account) => account.email)
    .sort();

/** Gives the role to the accounts (those holding it already keep it); the accounts added are audited. */
export async function addAccountsToRole(scope: WriteScope, body: RoleAccounts) {
  const accountIds = accountIdsOf(body);
  const { tx } = scope;
  // The role is locked against deletion; the accounts against other role changes, in id order.
  const role = await roleRows.find(scope, body.roleId, { forUpdate: true });
  const held = await lockAccounts(tx, role, accountIds);
  const added = await tx
    .insert(accountRoles)
    .values(accountIds.map((accountId) => ({ accountId, roleId: role.id })))
    .onConflictDoNothing()
    .returning({ accountId: accountRoles.accountId });
  if (added.length > 0) {
    await scope.audit({
      table: 'Role',
      action: 'ADD_ACCOUNT',
      entityId: role.id,
      entityName: role.name,
      customerId: null,
      changes: {
        accounts: {
          before: null,
          after: emailsOf(
            held,
            added.map((row) => row.accountId),
          ),
        },
      },
    });
  }
  return { roleId: role.id, accountIds };
}

/**
 * Takes the role from the accounts: an account is never left without a role (400, and nothing changes),
 * nor the provider without an operator able to edit permissions; the accounts removed are audited.
 */
export async function removeAccountsFromRole(scope: WriteScope, body: RoleAccounts) {
  const accountIds = accountIdsOf(body);
  const { tx } = scope;
  // The role is locked against deletion; the accounts against other role changes, in id order.
  const role = await roleRows.find(scope, body.roleId, { forUpdate: true });
  const held = await lockAccounts(tx, role, accountIds);
  const removed = (
    await tx
      .delete(accountRoles)
      .where(and(eq(accountRoles.roleId, role.id), inArray(accountRoles.accountId, accountIds)))
      .returning({ accountId: accountRoles.accountId })
  ).map((row) => row.accountId);
  if (removed.length === 0) return { roleId: role.id, accountIds };
  const stillHolding = await tx
    .selectDistinct({ accountId: accountRoles.accountId })
    .from(accountRoles)
    .where(inArray(accountRoles.accountId, removed));
  // An account is never left without a role: throwing undoes the removal.
  if (stillHolding.length !== removed.length) throw fail(ACCOUNT_ERRORS.accountRoleRequired);
  if (role.scope === 'provider') await assertPermissionEditorLeft(tx);
  await scope.audit({
    table: 'Role',
    action: 'REMOVE_ACCOUNT',
    entityId: role.id,
    entityName: role.name,
    customerId: null,
    changes: { accounts: { before: emailsOf(held, removed), after: null } },
  });
  return { roleId: role.id, accountIds };
}
