import { type Static, Type } from 'typebox';
import { closed, IdParams, ReadOnly, RequiredText, Uuid } from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource, NO_DELETE } from './kit.ts';

/**
 * Permission assets (docs/requirements/roles-and-permissions.md): one per resource of the permission catalogue, with the actions roles may
 * be granted on it, and the matrix of the provider's roles × those actions (/asset/{assetId}/permission).
 * Provider operators only.
 */

export const ASSET_SCOPES = ['provider', 'customer', 'both'] as const;
export type AssetScope = (typeof ASSET_SCOPES)[number];

/** The editable fields' limits (the spec shows none). */
export const ASSET_LIMITS = { name: 200, description: 1000 } as const;

export const AssetRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  resourceType: Type.String(),
  actions: Type.Array(Type.String()),
  scope: Type.Enum([...ASSET_SCOPES]),
});
export type AssetRecord = Static<typeof AssetRecord>;

/** The edit form; the record's read-only fields may come back with it and are ignored. */
export const AssetForm = Type.Object(
  {
    name: RequiredText(ASSET_LIMITS.name),
    description: Type.Optional(Type.String({ maxLength: ASSET_LIMITS.description })),
    id: ReadOnly(),
    resourceType: ReadOnly(),
    actions: ReadOnly(),
    scope: ReadOnly(),
  },
  closed,
);
export type AssetForm = Static<typeof AssetForm>;

const RolePermissionDetail = Type.Object({
  roleId: Type.String(),
  roleName: Type.String(),
  displayName: Type.String(),
  scope: Type.String(),
  actions: Type.Array(Type.String()),
});

/** The matrix of an asset: every provider role and shared customer role, with its actions on the resource. */
export const AssetPermission = Type.Object({
  assetId: Type.String(),
  resourceType: Type.String(),
  actions: Type.Array(Type.String()),
  rolePermissionDetails: Type.Array(RolePermissionDetail),
});
export type AssetPermission = Static<typeof AssetPermission>;

/** The roles to change and their actions now; the other fields of a GET row may come back and are ignored. */
export const SavePermission = Type.Object(
  {
    assetId: Type.String({ maxLength: 100 }),
    rolePermissionDetails: Type.Array(
      Type.Object(
        {
          roleId: Uuid,
          actions: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50, uniqueItems: true }),
          roleName: ReadOnly(),
          displayName: ReadOnly(),
          scope: ReadOnly(),
        },
        closed,
      ),
      { maxItems: 1000 },
    ),
  },
  closed,
);

const AssetParams = Type.Object({ assetId: Type.String({ maxLength: 100 }) });

/** The most accounts _Who can_ names per action (the count is of them all). */
export const WHO_CAN_MAX = 100;

/**
 * _Who can_: for each action of an asset, the active accounts (of an active customer, or the provider's)
 * whose roles grant it: whom the server's guard admits to its calls.
 */
export const WhoCan = Type.Object({
  action: Type.String(),
  total: Type.Integer(),
  accounts: Type.Array(
    Type.Object({
      id: Type.String(),
      email: Type.String(),
      name: Type.String(),
      customerName: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type WhoCan = Static<typeof WhoCan>;

const ResourceAnswer = Type.Object({
  name: Type.String(),
  scope: Type.Enum([...ASSET_SCOPES]),
  actions: Type.Array(Type.String()),
});

export const ASSET_LISTING = defineListingNames({
  filters: ['q', 'scope'],
  sort: ['name', 'description', 'resourceType', 'scope', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const view = { scope: 'provider', permission: 'asset:view' } as const;

export const asset = defineResource({
  name: 'asset',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Asset', name: 'Permission asset' },
  base: '/account/asset',
  customerScoped: false,
  permission: 'asset',
  list: { by: 'postSearch', path: '{base}/search', summary: 'Search the permission assets', access: view },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'Read a permission asset',
    access: view,
    errors: [404],
    schema: { params: IdParams, response: { 200: AssetRecord } },
  },
  getMany: { by: 'each' }, // chosen: no details call, one get per id
  // chosen: an asset's name and description
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{id}',
    body: 'data',
    summary: "Change a permission asset's name and description",
    access: { scope: 'provider', permission: 'asset:modify' },
    errors: [404],
    schema: { params: IdParams, body: AssetForm, response: { 200: AssetRecord } },
  },
  actions: {
    getPermission: {
      by: 'call',
      method: 'GET',
      path: '{base}/{assetId}/permission',
      summary: "The roles × actions matrix of an asset's resource",
      access: view,
      errors: [404],
      schema: { params: AssetParams, response: { 200: AssetPermission } },
    },
    whoCan: {
      by: 'call',
      method: 'GET',
      path: '{base}/{assetId}/who-can',
      summary: "For each action of an asset's resource, the active accounts whose roles grant it",
      access: view,
      errors: [404],
      schema: { params: AssetParams, response: { 200: Type.Array(WhoCan) } },
    },
    savePermission: {
      by: 'call',
      method: 'POST',
      path: '{base}/{assetId}/permission',
      body: { assetId: '{assetId}', rolePermissionDetails: '{rolePermissionDetails}' },
      summary: 'Save the actions of the roles named; the others keep theirs',
      access: { scope: 'provider', permission: 'asset:configure' },
      errors: [404],
      schema: { params: AssetParams, body: SavePermission, response: { 200: AssetPermission } },
    },
    resources: {
      by: 'call',
      method: 'GET',
      path: '/account/resource/all',
      summary: 'The resources of the permission catalogue, with their scope and actions',
      access: view,
      schema: { response: { 200: Type.Array(ResourceAnswer) } },
    },
    actions: {
      by: 'call',
      method: 'GET',
      path: '/account/action/all',
      summary: 'The actions of the permission catalogue',
      access: view,
      schema: { response: { 200: Type.Array(Type.String()) } },
    },
  },
});

export const ASSET_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.asset.notFound', text: 'Permission asset not found' },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  asset: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: {
      name: 'Permission Assets',
      description: 'Resources and the actions roles may be granted on them',
    },
  },
});
