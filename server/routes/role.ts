import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { callerOf, customerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { accountRoles, accounts, customers, rolePermissions, roles } from '../db/schema.ts';
import { accountNotFound, roleRequired } from '../domain/accounts.ts';
import { changesBetween, recordAudit } from '../domain/audit.ts';
import {
  claimRoleName,
  providerManaged,
  type RoleScope,
  roleBuiltIn,
  roleFits,
  roleNameExisted,
  roleNotFound,
  roleScopeMismatch,
} from '../domain/roles.ts';
import { BUILT_IN_ROLES } from '../domain/seed.ts';
import { conflict, forbidden } from '../errors.ts';
import { answerCreated, CreatedAnswer } from '../http/actions.ts';
import { resolveCustomer } from '../http/customerScope.ts';
import { RECORD_IN_USE, sqlStateOf } from '../http/deleteMany.ts';
import { defineListing, eq as equals, findRows, ilikeAny } from '../http/listing.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../http/pageSearch.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../http/postSearch.ts';
import { invalidField, notAllowed, UUID_PATTERN, Uuid } from '../http/validation.ts';

/**
 * Roles (spec 01 §6): the provider's roles, provider-scope for its operators and shared customer-scope
 * roles for the accounts of every customer; which accounts hold each; the permissions roles grant.
 * Provider operators only, but for `GET /account/role/all`, the role picker of the account forms.
 */

const Scope = Type.Union([Type.Literal('provider'), Type.Literal('customer')]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

const RoleRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  scope: Scope,
  customerId: NullableString,
  accountCount: Type.Integer(),
});

/** A role as the account forms' picker shows it (no count of the accounts holding it). */
const AssignableRole = Type.Omit(RoleRecord, ['accountCount']);

const NAME = /^[\p{L}\p{N}_\-. ]+$/u;

const RoleName = Type.Refine(
  Type.String({ minLength: 1, maxLength: 100 }),
  (value) => value.trim() !== '' && NAME.test(value),
  () => 'may contain only letters, digits, spaces, _, - and .',
);

const DisplayName = Type.Refine(
  Type.String({ minLength: 1, maxLength: 200 }),
  (value) => value.trim() !== '',
  () => 'must not be empty',
);

const ReadOnly = Type.Optional(Type.Unknown());
const refuseOthers = { additionalProperties: notAllowed('is not a known field') };

const NewRole = Type.Object(
  {
    name: RoleName,
    displayName: DisplayName,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    scope: Scope,
  },
  refuseOthers,
);

/** The edit form; the record's read-only fields may come back with it and are ignored (scope cannot change). */
const RoleForm = Type.Object(
  {
    name: RoleName,
    displayName: DisplayName,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    scope: Type.Optional(Scope),
    id: ReadOnly,
    customerId: ReadOnly,
    accountCount: ReadOnly,
  },
  refuseOthers,
);

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const AllQuery = Type.Object(
  {
    scope: Type.Optional(Scope),
    customerId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: notAllowed('is not a known parameter') },
);

const MAX_ACCOUNTS = 100;

/**
 * Accounts given or taken a role: `accountIds` (1 to 100), or one `accountId` (the form the portal's
 * account_role delete sends).
 */
const RoleAccounts = Type.Object(
  {
    roleId: Uuid,
    accountIds: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: MAX_ACCOUNTS, uniqueItems: true })),
    accountId: Type.Optional(Uuid),
  },
  refuseOthers,
);
type RoleAccounts = Static<typeof RoleAccounts>;

const RoleAccountsAnswer = Type.Object({ roleId: Type.String(), accountIds: Type.Array(Type.String()) });

const PermissionsParams = Type.Object({ customerId: Type.String({ maxLength: 100 }) });
const PermissionsQuery = Type.Object(
  { roleIds: Type.Optional(Type.String({ maxLength: 40_000 })) },
  { additionalProperties: notAllowed('is not a known parameter') },
);

const AccountRoleRow = Type.Object({
  id: Type.String(),
  roleId: Type.String(),
  accountId: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.String(),
  customerName: NullableString,
});

const roleList = defineListing({
  filters: { q: ilikeAny([roles.name, roles.displayName]), scope: equals(roles.scope) },
  sort: {
    name: roles.name,
    displayName: roles.displayName,
    description: roles.description,
    scope: roles.scope,
    id: roles.id,
  },
  defaultSort: { field: 'name', order: 'ASC' },
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
  defaultSort: { field: 'email', order: 'ASC' },
  unique: accounts.id,
});

const assignableFields = {
  id: roles.id,
  name: roles.name,
  displayName: roles.displayName,
  description: roles.description,
  scope: roles.scope,
  customerId: roles.customerId,
};

const roleFields = {
  ...assignableFields,
  accountCount: sql<number>`(select count(*) from ${accountRoles} where ${accountRoles.roleId} = ${roles.id})`
    .mapWith(Number)
    .as('account_count'),
};

type RoleRow = Static<typeof RoleRecord>;

/** What the audit log keeps of a role. */
const audited = (role: Pick<RoleRow, 'name' | 'displayName' | 'description' | 'scope'>) => ({
  name: role.name,
  displayName: role.displayName,
  description: role.description,
  scope: role.scope,
});

/** One of the provider's roles; 404 `error.role.notFound` for any other id. */
async function findRole(db: Database, id: string, forUpdate = false): Promise<RoleRow> {
  if (!UUID_PATTERN.test(id)) throw roleNotFound();
  const query = db
    .select(roleFields)
    .from(roles)
    .where(and(eq(roles.id, id.toLowerCase()), providerManaged));
  const [role] = forUpdate ? await query.for('update') : await query;
  if (!role) throw roleNotFound();
  return role;
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
 * The role (locked against deletion) and the accounts (locked against other role changes, in id order),
 * checked: every account exists (404) and may hold the role (400 `error.account.roleScope`).
 */
async function lockRoleAndAccounts(tx: Database, roleId: string, accountIds: readonly string[]) {
  const role = await findRole(tx, roleId, true);
  const held = await tx
    .select({ id: accounts.id, email: accounts.email, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]))
    .orderBy(asc(accounts.id))
    .for('update');
  if (held.length !== accountIds.length) throw accountNotFound();
  if (!held.every((account) => roleFits(role, account.customerId))) throw roleScopeMismatch();
  return { role, held };
}

const emailsOf = (held: readonly { id: string; email: string }[], ids: readonly string[]) =>
  held
    .filter((account) => ids.includes(account.id))
    .map((account) => account.email)
    .sort();

const asNameConflict = (error: unknown) => (sqlStateOf(error) === '23505' ? roleNameExisted() : error);

const access = (action: 'view' | 'create' | 'modify' | 'configure') =>
  ({ access: { scope: 'provider', permission: `role:${action}` } }) as const;

export const roleRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/account/role/search',
    {
      config: access('view'),
      schema: { body: postSearchBody(roleList), response: { 200: searchAnswer(RoleRecord) } },
    },
    async (request) =>
      answerSearch(
        await findRows(
          db,
          db.select(roleFields).from(roles).$dynamic(),
          roleList,
          readPostSearch(request.body),
          providerManaged,
        ),
      ),
  );

  // Any signed-in account that may fill in an account form (account:create or account:modify), or an
  // operator who may see roles: the guard takes one permission, so the handler checks these.
  app.get(
    '/account/role/all',
    {
      config: { access: { scope: 'any' } },
      schema: { querystring: AllQuery, response: { 200: Type.Array(AssignableRole) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { permissions } = caller;
      const own = caller.account.customerId;
      const mayAssign = permissions.has('account:create') || permissions.has('account:modify');
      if (!mayAssign && !(own === null && permissions.has('role:view'))) throw forbidden();
      const { customerId } = request.query;
      // The customer of the accounts the roles are for; null: the provider's own accounts.
      const target =
        own !== null || customerId !== undefined
          ? await resolveCustomer(db, caller, customerId ?? own!)
          : null;
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
  );

  app.get(
    '/account/account_role',
    {
      config: access('view'),
      schema: {
        querystring: pageSearchQuery(accountRoleList, { roleId: Uuid }),
        response: { 200: pageAnswer(AccountRoleRow) },
      },
    },
    async (request) => {
      const role = await findRole(db, request.query.roleId);
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
  );

  app.get(
    '/account/role/:id',
    { config: access('view'), schema: { params: IdParams, response: { 200: RoleRecord } } },
    async (request) => findRole(db, request.params.id),
  );

  app.get(
    '/account/role/:customerId/permissions',
    {
      config: {
        access: {
          scope: 'provider',
          permission: 'role:view',
          customer: { from: 'path', provider: 'provider' },
        },
      },
      schema: {
        params: PermissionsParams,
        querystring: PermissionsQuery,
        response: { 200: Type.Array(Type.String()) },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const ids = [
        ...new Set(
          (request.query.roleIds ?? '')
            .split(',')
            .map((id) => id.trim().toLowerCase())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length > MAX_ACCOUNTS || !ids.every((id) => UUID_PATTERN.test(id))) {
        throw invalidField('roleIds', `must be a comma-separated list of at most ${MAX_ACCOUNTS} role ids`);
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
  );

  app.post(
    '/account/role/create',
    { config: access('create'), schema: { body: NewRole, response: { 201: CreatedAnswer } } },
    async (request, reply) => {
      const caller = callerOf(request).account;
      const values = {
        name: request.body.name.trim(),
        displayName: request.body.displayName.trim(),
        description: request.body.description?.trim() ?? '',
        scope: request.body.scope,
      };
      const id = await db
        .transaction(async (tx) => {
          await claimRoleName(tx, values.name);
          const [created] = await tx.insert(roles).values(values).returning({ id: roles.id });
          await recordAudit(tx, caller, {
            table: 'Role',
            action: 'CREATE',
            entityId: created!.id,
            customerId: null,
            after: audited(values),
          });
          return created!.id;
        })
        .catch((error: unknown) => {
          throw asNameConflict(error);
        });
      return answerCreated(reply, id);
    },
  );

  app.put(
    '/account/role/:id',
    {
      config: access('modify'),
      schema: { params: IdParams, body: RoleForm, response: { 200: RoleRecord } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      const name = request.body.name.trim();
      const id = await db
        .transaction(async (tx) => {
          const before = await findRole(tx, request.params.id, true);
          if (request.body.scope !== undefined && request.body.scope !== before.scope) {
            throw invalidField('scope', 'cannot be changed');
          }
          if (name !== before.name && BUILT_IN_ROLES.includes(before.name)) {
            throw invalidField('name', 'cannot be changed for a role that is part of the product');
          }
          await claimRoleName(tx, name, before.id);
          const values = {
            name,
            displayName: request.body.displayName.trim(),
            description: request.body.description?.trim() ?? before.description,
          };
          await tx.update(roles).set(values).where(eq(roles.id, before.id));
          const changes = changesBetween(audited(before), audited({ ...before, ...values }));
          if (Object.keys(changes).length > 0) {
            await recordAudit(tx, caller, {
              table: 'Role',
              action: 'UPDATE',
              entityId: before.id,
              customerId: null,
              changes,
            });
          }
          return before.id;
        })
        .catch((error: unknown) => {
          throw asNameConflict(error);
        });
      return findRole(db, id);
    },
  );

  app.delete(
    '/account/role/:id',
    {
      config: access('modify'),
      schema: { params: IdParams, response: { 200: Type.Object({ id: Type.String() }) } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      return db.transaction(async (tx) => {
        // Locked: an account given the role meanwhile waits, then finds it gone.
        const role = await findRole(tx, request.params.id, true);
        if (BUILT_IN_ROLES.includes(role.name)) throw roleBuiltIn();
        if (role.accountCount > 0) throw conflict(RECORD_IN_USE.key, RECORD_IN_USE.text);
        await tx.delete(roles).where(eq(roles.id, role.id));
        await recordAudit(tx, caller, {
          table: 'Role',
          action: 'DELETE',
          entityId: role.id,
          customerId: null,
          before: audited(role),
        });
        return { id: role.id };
      });
    },
  );

  app.post(
    '/account/role/add_account',
    {
      config: access('configure'),
      schema: { body: RoleAccounts, response: { 200: RoleAccountsAnswer } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      const accountIds = accountIdsOf(request.body);
      return db.transaction(async (tx) => {
        const { role, held } = await lockRoleAndAccounts(tx, request.body.roleId, accountIds);
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
  );

  app.post(
    '/account/role/remove_account',
    {
      config: access('configure'),
      schema: { body: RoleAccounts, response: { 200: RoleAccountsAnswer } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      const accountIds = accountIdsOf(request.body);
      return db.transaction(async (tx) => {
        const { role, held } = await lockRoleAndAccounts(tx, request.body.roleId, accountIds);
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
  );
};
