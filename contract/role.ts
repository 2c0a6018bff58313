import { type Static, Type } from 'typebox';
import { EffectivePermission } from './account.ts';
import {
  CreatedAnswer,
  closed,
  closedQuery,
  IdParams,
  NullableString,
  PageAnswer,
  ReadOnly,
  RequiredText,
  Uuid,
} from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource, NO_DELETE } from './kit.ts';

/**
 * Roles (docs/requirements/roles-and-permissions.md): the provider's roles, provider-scope for its operators and shared customer-scope roles
 * for the accounts of every customer; which accounts hold each; the permissions roles grant. Provider
 * operators only, but for `GET /account/role/all`, the role picker of the account forms.
 */

export const ROLE_SCOPES = ['provider', 'customer'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];

export const ROLE_LIMITS = { name: 100, displayName: 200, description: 1000 } as const;
/** Letters, digits, spaces, _, - and . */
export const ROLE_NAME_PATTERN = /^[\p{L}\p{N}_\-. ]+$/u;
export const isRoleName = (value: string): boolean => value.trim() !== '' && ROLE_NAME_PATTERN.test(value);

/** The most accounts one add or remove call takes. */
export const MAX_ROLE_ACCOUNTS = 100;

const Scope = Type.Enum([...ROLE_SCOPES]);

export const RoleRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  scope: Scope,
  customerId: NullableString,
  /** Part of the product (provider_admin, customer_admin): it cannot be renamed or deleted. */
  builtIn: Type.Boolean(),
  accountCount: Type.Integer(),
});
export type RoleRecord = Static<typeof RoleRecord>;

/** A role as the account forms' picker shows it (no count of the accounts holding it). */
export const AssignableRole = Type.Omit(RoleRecord, ['accountCount']);

const RoleName = Type.Refine(
  Type.String({ minLength: 1, maxLength: ROLE_LIMITS.name }),
  (value) => isRoleName(value),
  () => 'may contain only letters, digits, spaces, _, - and .',
);

export const NewRole = Type.Object(
  {
    name: RoleName,
    displayName: RequiredText(ROLE_LIMITS.displayName),
    description: Type.Optional(Type.String({ maxLength: ROLE_LIMITS.description })),
    scope: Scope,
  },
  closed,
);

/** The edit form; the record's read-only fields may come back with it and are ignored (scope cannot change). */
export const RoleForm = Type.Object(
  {
    name: RoleName,
    displayName: RequiredText(ROLE_LIMITS.displayName),
    description: Type.Optional(Type.String({ maxLength: ROLE_LIMITS.description })),
    scope: Type.Optional(Scope),
    id: ReadOnly(),
    customerId: ReadOnly(),
    builtIn: ReadOnly(),
    accountCount: ReadOnly(),
  },
  closed,
);
export type RoleForm = Static<typeof RoleForm> & { scope?: RoleScope };

/**
 * Accounts given or taken a role: `accountIds` (1 to 100), or one `accountId` (the form the portal's
 * account_role delete sends).
 */
export const RoleAccounts = Type.Object(
  {
    roleId: Uuid,
    accountIds: Type.Optional(
      Type.Array(Uuid, { minItems: 1, maxItems: MAX_ROLE_ACCOUNTS, uniqueItems: true }),
    ),
    accountId: Type.Optional(Uuid),
  },
  closed,
);
export type RoleAccounts = Static<typeof RoleAccounts>;

const RoleAccountsAnswer = Type.Object({ roleId: Type.String(), accountIds: Type.Array(Type.String()) });

/** A row of the role's Accounts tab: one account holding the role (id `roleId:accountId`). */
export const AccountRoleRow = Type.Object({
  id: Type.String(),
  roleId: Type.String(),
  accountId: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.String(),
  customerName: NullableString,
});

export const ROLE_LISTING = defineListingNames({
  filters: ['q', 'scope'],
  sort: ['name', 'displayName', 'description', 'scope', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

export const ACCOUNT_ROLE_LISTING = defineListingNames({
  filters: ['q', 'status'],
  sort: ['email', 'firstName', 'lastName', 'status', 'id'],
  defaultSort: { field: 'email', order: 'ASC' },
});

const view = { scope: 'provider', permission: 'role:view' } as const;
const modify = { scope: 'provider', permission: 'role:modify' } as const;
const configure = { scope: 'provider', permission: 'role:configure' } as const;

export const role = defineResource({
  name: 'role',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Role', name: 'Role' },
  base: '/account/role',
  customerScoped: false,
  permission: 'role',
  list: { by: 'postSearch', path: '{base}/search', summary: "Search the provider's roles", access: view },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'Read a role',
    access: view,
    errors: [404],
    schema: { params: IdParams, response: { 200: RoleRecord } },
  },
  getMany: { by: 'each' }, // chosen: no details call, one get per id
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/create',
    body: 'data',
    summary: 'Create a role (its name unique, whatever the case)',
    access: { scope: 'provider', permission: 'role:create' },
    errors: [409],
    schema: { body: NewRole, response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{id}',
    body: 'data',
    summary: "Change a role's name, display name and description",
    access: modify,
    errors: [404, 409],
    schema: { params: IdParams, body: RoleForm, response: { 200: RoleRecord } },
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{id}',
    summary: 'Delete a role no account holds (the built-in roles cannot be deleted)',
    access: modify,
    errors: [404, 409],
    schema: { params: IdParams },
  },
  deleteMany: { by: 'each' },
  actions: {
    effectivePermissions: {
      by: 'call',
      method: 'GET',
      path: '{base}/{id}/effective-permissions',
      summary: 'Every permission of the catalogue, and whether the role gives it',
      access: view,
      errors: [404],
      schema: { params: IdParams, response: { 200: Type.Array(EffectivePermission) } },
    },
    addAccount: {
      by: 'call',
      method: 'POST',
      path: '{base}/add_account',
      body: 'data',
      summary: 'Give a role to accounts',
      access: configure,
      errors: [404],
      schema: { body: RoleAccounts, response: { 200: RoleAccountsAnswer } },
    },
    removeAccount: {
      by: 'call',
      method: 'POST',
      path: '{base}/remove_account',
      body: 'data',
      summary: 'Take a role from accounts (an account is never left without a role)',
      access: configure,
      errors: [404],
      schema: { body: RoleAccounts, response: { 200: RoleAccountsAnswer } },
    },
    all: {
      by: 'call',
      method: 'GET',
      path: '{base}/all',
      query: ['scope'],
      summary: 'The roles an account of the provider or of a customer may hold (the account forms)',
      // The account forms' picker: whoever may create or change accounts, and operators who see the roles.
      access: {
        scope: 'any',
        anyOf: [
          { permission: 'account:create' },
          { permission: 'account:modify' },
          { permission: 'role:view', scope: 'provider' },
        ],
        customer: { from: 'query', optional: true },
      },
      schema: {
        querystring: Type.Object(
          { scope: Type.Optional(Scope), customerId: Type.Optional(Type.String({ maxLength: 100 })) },
          closedQuery,
        ),
        response: { 200: Type.Array(AssignableRole) },
      },
    },
    permissions: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/permissions',
      query: ['roleIds'],
      summary: 'The permissions a set of roles grants (customerId: a customer, or provider)',
      access: { ...view, customer: { from: 'path', provider: 'provider' } },
      errors: [404],
      schema: {
        params: Type.Object({ customerId: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({ roleIds: Type.Optional(Type.String({ maxLength: 40_000 })) }, closedQuery),
        response: { 200: Type.Array(Type.String()) },
      },
    },
  },
});

export const accountRole = defineResource({
  name: 'account_role',
  base: '/account/account_role',
  customerScoped: false,
  permission: 'account_role',
  list: {
    by: 'pageSearch',
    path: '{base}',
    summary: 'The accounts holding a role (roleId)',
    access: view,
    errors: [404],
  },
  // chosen: a link is made and unmade by the role's add_account / remove_account
  create: {
    by: 'record',
    method: 'POST',
    path: '/account/role/add_account',
    body: 'data',
    summary: role.actions.addAccount.summary,
    access: role.actions.addAccount.access,
  },
  delete: {
    by: 'record',
    method: 'POST',
    path: '/account/role/remove_account',
    body: { accountId: '{accountId}', roleId: '{roleId}' },
    summary: role.actions.removeAccount.summary,
    access: role.actions.removeAccount.access,
  },
});

export const AccountRolePage = PageAnswer(AccountRoleRow);

export const ROLE_ERRORS = defineErrors({
  permissionNoEditorLeft: {
    status: 409,
    key: 'error.permission.noEditorLeft',
    text: 'This change would leave no active operator able to edit permissions. Keep the view and configure actions of Permission Assets on a role of at least one active operator.',
  },
  nameExisted: { status: 409, key: 'error.role.nameExisted', text: 'Role name already existed.' },
  builtIn: {
    status: 409,
    key: 'error.role.builtIn',
    text: 'This role is part of the product and cannot be deleted.',
  },
  notFound: { status: 404, key: 'error.role.notFound', text: 'Role not found' },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  role: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Roles', description: 'Roles and the permissions they grant' },
  },
});
