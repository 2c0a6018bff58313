import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { assets, permissionActions, permissionResources, rolePermissions, roles } from '../db/schema.ts';
import { type Changes, changesBetween, recordAudit } from '../domain/audit.ts';
import { ACTIONS } from '../domain/permissions.ts';
import { providerManaged, roleNotFound, roleScopeMismatch } from '../domain/roles.ts';
import { notFound } from '../errors.ts';
import { defineListing, eq as equals, findRows, ilikeAny } from '../http/listing.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../http/postSearch.ts';
import { invalidField, notAllowed, UUID_PATTERN, Uuid } from '../http/validation.ts';

/**
 * Permission assets (spec 01 §6): one per resource of the catalogue, with the actions roles may be
 * granted on it, and the matrix of the provider's roles × those actions. A saved matrix takes effect on
 * the next call of every account holding the roles (the guard reads permissions from the database).
 * Provider operators only.
 */

const ResourceScope = Type.Union([Type.Literal('provider'), Type.Literal('customer'), Type.Literal('both')]);

const AssetRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  resourceType: Type.String(),
  actions: Type.Array(Type.String()),
  scope: ResourceScope,
});
type AssetRecord = Static<typeof AssetRecord>;

const ReadOnly = Type.Optional(Type.Unknown());
const refuseOthers = { additionalProperties: notAllowed('is not a known field') };

/** The edit form; the record's read-only fields may come back with it and are ignored. */
const AssetForm = Type.Object(
  {
    name: Type.Refine(
      Type.String({ minLength: 1, maxLength: 200 }),
      (value) => value.trim() !== '',
      () => 'must not be empty',
    ),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    id: ReadOnly,
    resourceType: ReadOnly,
    actions: ReadOnly,
    scope: ReadOnly,
  },
  refuseOthers,
);

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const AssetParams = Type.Object({ assetId: Type.String({ maxLength: 100 }) });

const RolePermissionDetail = Type.Object({
  roleId: Type.String(),
  roleName: Type.String(),
  displayName: Type.String(),
  scope: Type.String(),
  actions: Type.Array(Type.String()),
});

const AssetPermission = Type.Object({
  assetId: Type.String(),
  resourceType: Type.String(),
  actions: Type.Array(Type.String()),
  rolePermissionDetails: Type.Array(RolePermissionDetail),
});
type AssetPermission = Static<typeof AssetPermission>;

/** The roles to change and their actions now; the other fields of a GET row may come back and are ignored. */
const SavePermission = Type.Object(
  {
    assetId: Type.String({ maxLength: 100 }),
    rolePermissionDetails: Type.Array(
      Type.Object(
        {
          roleId: Uuid,
          actions: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50, uniqueItems: true }),
          roleName: ReadOnly,
          displayName: ReadOnly,
          scope: ReadOnly,
        },
        refuseOthers,
      ),
      { maxItems: 1000 },
    ),
  },
  refuseOthers,
);

const ResourceAnswer = Type.Object({
  name: Type.String(),
  scope: ResourceScope,
  actions: Type.Array(Type.String()),
});

const assetList = defineListing({
  filters: {
    q: ilikeAny([assets.name, assets.description, assets.resourceType]),
    scope: equals(permissionResources.scope),
  },
  sort: {
    name: assets.name,
    description: assets.description,
    resourceType: assets.resourceType,
    scope: permissionResources.scope,
    id: assets.id,
  },
  defaultSort: { field: 'name', order: 'ASC' },
  unique: assets.id,
});

const assetFields = {
  id: assets.id,
  name: assets.name,
  description: assets.description,
  resourceType: assets.resourceType,
  actions: assets.actions,
  scope: permissionResources.scope,
};

const selectAssets = (db: Database) =>
  db
    .select(assetFields)
    .from(assets)
    .innerJoin(permissionResources, eq(permissionResources.name, assets.resourceType))
    .$dynamic();

const assetNotFound = () => notFound('error.asset.notFound', 'Permission asset not found');

/** One asset; 404 `error.asset.notFound` for any other id. `forUpdate` locks it until the transaction ends. */
async function findAsset(db: Database, id: string, forUpdate = false): Promise<AssetRecord> {
  if (!UUID_PATTERN.test(id)) throw assetNotFound();
  const query = selectAssets(db).where(eq(assets.id, id.toLowerCase()));
  const [asset] = forUpdate ? await query.for('update', { of: assets }) : await query;
  if (!asset) throw assetNotFound();
  return asset;
}

/** Actions in the order of `order` (the asset's), any others after them by name. */
function inOrder(actions: Iterable<string>, order: readonly string[]): string[] {
  const rank = (action: string) => {
    const index = order.indexOf(action);
    return index === -1 ? order.length : index;
  };
  return [...actions].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The matrix of an asset: every provider role and shared customer role, with its actions on the resource. */
async function permissionMatrix(db: Database, asset: AssetRecord): Promise<AssetPermission> {
  const [allRoles, granted] = await Promise.all([
    db
      .select({ roleId: roles.id, roleName: roles.name, displayName: roles.displayName, scope: roles.scope })
      .from(roles)
      .where(providerManaged)
      .orderBy(desc(roles.scope), asc(roles.name), asc(roles.id)),
    db
      .select({ roleId: rolePermissions.roleId, action: rolePermissions.action })
      .from(rolePermissions)
      .where(eq(rolePermissions.resource, asset.resourceType)),
  ]);
  return {
    assetId: asset.id,
    resourceType: asset.resourceType,
    actions: asset.actions,
    rolePermissionDetails: allRoles.map((role) => ({
      ...role,
      actions: inOrder(
        granted.filter((row) => row.roleId === role.roleId).map((row) => row.action),
        asset.actions,
      ),
    })),
  };
}

const access = (action: 'view' | 'modify' | 'configure') =>
  ({ access: { scope: 'provider', permission: `asset:${action}` } }) as const;

export const assetRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/account/asset/search',
    {
      config: access('view'),
      schema: { body: postSearchBody(assetList), response: { 200: searchAnswer(AssetRecord) } },
    },
    async (request) =>
      answerSearch(await findRows(db, selectAssets(db), assetList, readPostSearch(request.body))),
  );

  app.get(
    '/account/asset/:id',
    { config: access('view'), schema: { params: IdParams, response: { 200: AssetRecord } } },
    async (request) => findAsset(db, request.params.id),
  );

  app.put(
    '/account/asset/:id',
    {
      config: access('modify'),
      schema: { params: IdParams, body: AssetForm, response: { 200: AssetRecord } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      return db.transaction(async (tx) => {
        const before = await findAsset(tx, request.params.id, true);
        const values = {
          name: request.body.name.trim(),
          description: request.body.description?.trim() ?? before.description,
        };
        await tx.update(assets).set(values).where(eq(assets.id, before.id));
        const changes = changesBetween({ name: before.name, description: before.description }, values);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, caller, {
            table: 'Asset',
            action: 'UPDATE',
            entityId: before.id,
            customerId: null,
            changes,
          });
        }
        return { ...before, ...values };
      });
    },
  );

  app.get(
    '/account/asset/:assetId/permission',
    { config: access('view'), schema: { params: AssetParams, response: { 200: AssetPermission } } },
    async (request) => permissionMatrix(db, await findAsset(db, request.params.assetId)),
  );

  app.post(
    '/account/asset/:assetId/permission',
    {
      config: access('configure'),
      schema: { params: AssetParams, body: SavePermission, response: { 200: AssetPermission } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      const { assetId, rolePermissionDetails: details } = request.body;
      if (assetId.toLowerCase() !== request.params.assetId.toLowerCase()) {
        throw invalidField('assetId', 'must be the asset of the path');
      }
      const roleIds = details.map((detail) => detail.roleId.toLowerCase());
      if (new Set(roleIds).size !== roleIds.length) {
        throw invalidField('rolePermissionDetails', 'must not name a role twice');
      }
      return db.transaction(async (tx) => {
        // Locked: two saves of the same asset's matrix run one after the other.
        const asset = await findAsset(tx, request.params.assetId, true);
        details.forEach((detail, index) => {
          if (!detail.actions.every((action) => asset.actions.includes(action))) {
            throw invalidField(
              `rolePermissionDetails.${index}.actions`,
              `must be among the asset's actions (${asset.actions.join(', ')})`,
            );
          }
        });
        const named =
          roleIds.length === 0
            ? []
            : await tx
                .select({ id: roles.id, name: roles.name, scope: roles.scope })
                .from(roles)
                .where(and(inArray(roles.id, roleIds), providerManaged));
        if (named.length !== roleIds.length) throw roleNotFound();
        const roleById = new Map(named.map((role) => [role.id, role]));
        const wanted = details.map((detail, index) => ({
          role: roleById.get(roleIds[index]!)!,
          actions: inOrder(detail.actions, asset.actions),
        }));
        if (
          wanted.some(
            ({ role, actions }) =>
              role.scope === 'customer' && asset.scope === 'provider' && actions.length > 0,
          )
        ) {
          throw roleScopeMismatch();
        }
        const current =
          roleIds.length === 0
            ? []
            : await tx
                .select({ roleId: rolePermissions.roleId, action: rolePermissions.action })
                .from(rolePermissions)
                .where(
                  and(
                    eq(rolePermissions.resource, asset.resourceType),
                    inArray(rolePermissions.roleId, roleIds),
                  ),
                );
        for (const { role, actions } of wanted) {
          const before = inOrder(
            current.filter((row) => row.roleId === role.id).map((row) => row.action),
            asset.actions,
          );
          const removed = before.filter((action) => !actions.includes(action));
          const added = actions.filter((action) => !before.includes(action));
          if (removed.length === 0 && added.length === 0) continue;
          if (removed.length > 0) {
            await tx
              .delete(rolePermissions)
              .where(
                and(
                  eq(rolePermissions.roleId, role.id),
                  eq(rolePermissions.resource, asset.resourceType),
                  inArray(rolePermissions.action, removed),
                ),
              );
          }
          if (added.length > 0) {
            await tx
              .insert(rolePermissions)
              .values(added.map((action) => ({ roleId: role.id, resource: asset.resourceType, action })));
          }
          const changes: Changes = { [role.name]: { before, after: actions } };
          await recordAudit(tx, caller, {
            table: 'Asset',
            action: 'PERMISSION',
            entityId: asset.id,
            customerId: null,
            changes,
          });
        }
        return permissionMatrix(tx, asset);
      });
    },
  );

  app.get(
    '/account/resource/all',
    { config: access('view'), schema: { response: { 200: Type.Array(ResourceAnswer) } } },
    async () => {
      const rows = await db
        .select({ name: permissionResources.name, scope: permissionResources.scope, actions: assets.actions })
        .from(permissionResources)
        .leftJoin(assets, eq(assets.resourceType, permissionResources.name))
        .orderBy(asc(permissionResources.name));
      return rows.map((row) => ({ ...row, actions: row.actions ?? [] }));
    },
  );

  app.get(
    '/account/action/all',
    { config: access('view'), schema: { response: { 200: Type.Array(Type.String()) } } },
    async () => {
      const rows = await db.select({ name: permissionActions.name }).from(permissionActions);
      return inOrder(
        rows.map((row) => row.name),
        ACTIONS,
      );
    },
  );
};
