import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { Uuid } from '../../../contract/fields.ts';
import {
  ACCOUNT_ROLE_LISTING,
  AccountRoleRow,
  accountRole,
  MAX_ROLE_ACCOUNTS,
  ROLE_LISTING,
  type RoleAccounts,
  type RoleForm,
  type RoleRecord,
  type RoleScope,
  role,
} from '../../../contract/role.ts';
import { callerOf, customerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, ilikeAny } from '../../db/listing.ts';
import { accountRoles, accounts, customers, rolePermissions, roles } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { BUILT_IN_ROLES } from '../../domain/seed.ts';
import { conflict, forbidden } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { RECORD_IN_USE, sqlStateOf } from '../../kit/deleteMany.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { accountNotFound, roleRequired } from '../account/accounts.ts';
import {
  assertPermissionEditorLeft,
  claimRoleName,
  providerManaged,
  roleBuiltIn,
  roleFits,
  roleNameExisted,
  roleNotFound,
  roleScopeMismatch,
} from './roles.ts';

/**
 * Roles (contract/role.ts): the provider's roles, provider-scope for its operators and shared customer-scope
 * roles for the accounts of every customer; which accounts hold each; the permissions roles grant.
 */

const roleList = defineListing({
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

const accountRoleList = defineListing({
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

type RoleRow = RoleRecord;

/** What the audit log keeps of a role. */
const audited = (role: Pick<RoleRow, 'name' | 'displayName' | 'description' | 'scope'>) => ({
  name: role.name,
  displayName: role.displayName,
  description: role.description,
  scope: role.scope,
});

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
async function lockAccounts(tx: Database, role: RoleRow, accountIds: readonly string[]) {
  const held = await tx
    .select({ id: accounts.id, email: accounts.email, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]))
    .orderBy(asc(accounts.id))
    .for('update');
  if (held.length !== accountIds.length) throw accountNotFound();
  if (!held.every((account) => roleFits(role, account.customerId))) throw roleScopeMismatch();
  return held;
}

const emailsOf = (held: readonly { id: string; email: string }[], ids: readonly string[]) =>
  held
    .filter((account) => ids.includes(account.id))
    .map((account) => account.email)
    .sort();

const asNameConflict = (error: unknown) => (sqlStateOf(error) === '23505' ? roleNameExisted() : error);

export const roleRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<RoleRow, RoleRow, RoleForm>(app, {
    db,
    contract: role,
    listingNames: ROLE_LISTING,
    table: roles,
    id: roles.id,
    visible: () => providerManaged,
    select: (database) => database.select(roleFields).from(roles).$dynamic(),
    listing: roleList,
    record: role.getOne.schema.response[200],
    toRecords: (_, found) => found,
    notFound: roleNotFound,
    audit: { table: 'Role', fields: audited, customerOf: () => null },
    translate: asNameConflict,
    create: {
      values: async ({ tx }, form) => {
        const values = {
          name: form.name.trim(),
          displayName: form.displayName.trim(),
          description: form.description?.trim() ?? '',
          scope: form.scope!,
        };
        await claimRoleName(tx, values.name);
        return values;
      },
    },
    update: {
      values: async ({ tx }, before, form) => {
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
      },
    },
    delete: {
      check: (_, found) => {
        if (found.builtIn) throw roleBuiltIn();
        if (found.accountCount > 0) throw conflict(RECORD_IN_USE.key, RECORD_IN_USE.text);
      },
    },
  });

  app.route({
    ...routeOf(role.base, role.actions.all, 'role.all'),
    handler: async (request) => {
      const caller = callerOf(request);
      const permissions = await caller.permissions();
      const own = caller.account.customerId;
      const mayAssign = permissions.has('account:create') || permissions.has('account:modify');
      if (!mayAssign && !(own === null && permissions.has('role:view'))) throw forbidden();
      // The customer of the accounts the roles are for; null: the provider's own accounts.
      const target = customerOf(request);
      const scope: RoleScope = request.query.scope ?? (target === null ? 'provider' : 'customer');
      let where: SQL | undefined;
      if (scope === 'provider') {
        if (target !== null) return [];
        where = and(eq(roles.scope, 'provider'), providerManaged);
      } else {
        where = and(
          eq(roles.scope, 'customer'),
          target === null ? providerManaged : or(providerManaged, eq(roles.customerId, target)),
        );
      }
      return db.select(assignableFields).from(roles).where(where).orderBy(asc(roles.name), asc(roles.id));
    },
  });

  const listOfRole = optionsOf(contractRoute(accountRole, 'list'));
  app.route({
    ...listOfRole,
    schema: {
      ...listOfRole.schema,
      querystring: pageSearchQuery(accountRoleList, { roleId: Uuid }),
      response: { 200: pageAnswer(AccountRoleRow) },
    },
    handler: async (request) => {
      const role = await rows.find(db, request, request.query.roleId);
      const ask = readPageSearch(accountRoleList, request.query);
      const query = db
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
      const found = await findRows(db, query, accountRoleList, ask, eq(accountRoles.roleId, role.id));
      return answerPage(found, ask, (row) => ({ ...row, id: `${row.roleId}:${row.accountId}` }));
    },
  });

  app.route({
    ...routeOf(role.base, role.actions.permissions, 'role.permissions'),
    handler: async (request) => {
      const customerId = customerOf(request);
      const ids = [
        ...new Set(
          (request.query.roleIds ?? '')
            .split(',')
            .map((id) => id.trim().toLowerCase())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length > MAX_ROLE_ACCOUNTS || !ids.every((id) => UUID_PATTERN.test(id))) {
        throw invalidField(
          'roleIds',
          `must be a comma-separated list of at most ${MAX_ROLE_ACCOUNTS} role ids`,
        );
      }
      if (ids.length === 0) return [];
      const visible =
        customerId === null ? providerManaged : or(providerManaged, eq(roles.customerId, customerId));
      const [known] = await db
        .select({ total: count() })
        .from(roles)
        .where(and(inArray(roles.id, ids), visible));
      if (known?.total !== ids.length) throw roleNotFound();
      const granted = await db
        .selectDistinct({ resource: rolePermissions.resource, action: rolePermissions.action })
        .from(rolePermissions)
        .where(inArray(rolePermissions.roleId, ids));
      return granted.map((row) => `${row.resource}:${row.action}`).sort();
    },
  });

  app.route({
    ...routeOf(role.base, role.actions.addAccount, 'role.addAccount'),
    handler: async (request) => {
      const caller = callerOf(request).account;
      const accountIds = accountIdsOf(request.body);
      return db.transaction(async (tx) => {
        // The role is locked against deletion; the accounts against other role changes, in id order.
        const role = await rows.find(tx, request, request.body.roleId, true);
        const held = await lockAccounts(tx, role, accountIds);
        const added = await tx
          .insert(accountRoles)
          .values(accountIds.map((accountId) => ({ accountId, roleId: role.id })))
          .onConflictDoNothing()
          .returning({ accountId: accountRoles.accountId });
        if (added.length > 0) {
          await recordAudit(tx, caller, {
            table: 'Role',
            action: 'ADD_ACCOUNT',
            entityId: role.id,
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
      });
    },
  });

  app.route({
    ...routeOf(role.base, role.actions.removeAccount, 'role.removeAccount'),
    handler: async (request) => {
      const caller = callerOf(request).account;
      const accountIds = accountIdsOf(request.body);
      return db.transaction(async (tx) => {
        // The role is locked against deletion; the accounts against other role changes, in id order.
        const role = await rows.find(tx, request, request.body.roleId, true);
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
        if (stillHolding.length !== removed.length) throw roleRequired();
        if (role.scope === 'provider') await assertPermissionEditorLeft(tx);
        await recordAudit(tx, caller, {
          table: 'Role',
          action: 'REMOVE_ACCOUNT',
          entityId: role.id,
          customerId: null,
          changes: { accounts: { before: emailsOf(held, removed), after: null } },
        });
        return { roleId: role.id, accountIds };
      });
    },
  });
};
