import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  ASSET_LISTING,
  type AssetForm,
  type AssetPermission,
  type AssetRecord,
  asset as assetContract,
} from '../../../contract/asset.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import { assets, permissionActions, permissionResources, rolePermissions, roles } from '../../db/schema.ts';
import { type Changes, recordAudit } from '../../domain/audit.ts';
import { ACTIONS } from '../../domain/permissions.ts';
import { notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { invalidField } from '../../validation.ts';
import {
  assertPermissionEditorLeft,
  PERMISSION_EDITING,
  providerManaged,
  roleNotFound,
  roleScopeMismatch,
} from '../role/roles.ts';

/**
 * Permission assets (contract/asset.ts): one per resource of the catalogue, with the actions roles may be
 * granted on it, and the matrix of the provider's roles × those actions. A saved matrix takes effect on the
 * next call of every account holding the roles (the guard reads permissions from the database).
 */

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

export const assetRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<AssetRecord, AssetRecord, AssetForm>(app, {
    db,
    contract: assetContract,
    listingNames: ASSET_LISTING,
    table: assets,
    id: assets.id,
    select: selectAssets,
    listing: assetList,
    record: assetContract.getOne.schema.response[200],
    toRecords: (_, found) => found,
    notFound: assetNotFound,
    audit: {
      table: 'Asset',
      fields: (row) => ({ name: row.name, description: row.description }),
      customerOf: () => null,
    },
    update: {
      values: (_, before, form) => ({
        name: form.name.trim(),
        description: form.description?.trim() ?? before.description,
      }),
    },
  });

  app.route({
    ...routeOf(assetContract.base, assetContract.actions.getPermission, 'asset.getPermission'),
    handler: async (request) => permissionMatrix(db, await rows.find(db, request, request.params.assetId)),
  });

  app.route({
    ...routeOf(assetContract.base, assetContract.actions.savePermission, 'asset.savePermission'),
    handler: async (request) => {
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
        const asset = await rows.find(tx, request, request.params.assetId, true);
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
        if (PERMISSION_EDITING.some(([resource]) => resource === asset.resourceType)) {
          await assertPermissionEditorLeft(tx);
        }
        return permissionMatrix(tx, asset);
      });
    },
  });

  app.route({
    ...routeOf(assetContract.base, assetContract.actions.resources, 'asset.resources'),
    handler: async () => {
      const found = await db
        .select({ name: permissionResources.name, scope: permissionResources.scope, actions: assets.actions })
        .from(permissionResources)
        .leftJoin(assets, eq(assets.resourceType, permissionResources.name))
        .orderBy(asc(permissionResources.name));
      return found.map((row) => ({ ...row, actions: row.actions ?? [] }));
    },
  });

  app.route({
    ...routeOf(assetContract.base, assetContract.actions.actions, 'asset.actions'),
    handler: async () => {
      const found = await db.select({ name: permissionActions.name }).from(permissionActions);
      return inOrder(
        found.map((row) => row.name),
        ACTIONS,
      );
    },
  });
};
