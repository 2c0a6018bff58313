import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  ASSET_ERRORS,
  ASSET_LISTING,
  type AssetPermission,
  type AssetRecord,
  WHO_CAN_MAX,
  type WhoCan,
} from '../../../contract/asset.ts';
import { grants } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import {
  accounts,
  assets,
  customers,
  permissionActions,
  permissionResources,
  rolePermissions,
  roles,
} from '../../db/schema.ts';
import { personName } from '../../domain/audit.ts';
import { ACTIONS } from '../../domain/permissions.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
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
 * granted on it; the matrix of the provider's roles × those actions, read and saved; the catalogue's
 * resources and actions.
 */

const assetListing = defineListing({
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
  defaultSort: ASSET_LISTING.defaultSort,
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

/** The permission assets, with their resource's scope. */
export const assetRows = defineRows<AssetRecord, AssetRecord>({
  table: assets,
  id: assets.id,
  select: (db) =>
    db
      .select(assetFields)
      .from(assets)
      .innerJoin(permissionResources, eq(permissionResources.name, assets.resourceType))
      .$dynamic(),
  listing: assetListing,
  toRecords: (_, found) => found,
  notFound: () => fail(ASSET_ERRORS.notFound),
  audit: {
    table: 'Asset',
    fields: (row) => ({ name: row.name, description: row.description }),
    customerOf: () => null,
  },
});

/** Actions in the order of `order` (the asset's), any others after them by name. */
function inOrder(actions: Iterable<string>, order: readonly string[]): string[] {
  const rank = (action: string) => {
    const index = order.indexOf(action);
    return index === -1 ? order.length : index;
  };
  return [...actions].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The matrix of an asset: every provider role and shared customer role, with its actions on the resource. */
export async function permissionMatrix(db: Database, asset: AssetRecord): Promise<AssetPermission> {
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

/**
 * Saves the actions of the roles named (the others keep theirs) on the asset of `assetId`, and answers the
 * matrix: every action is the asset's, every role a provider role, a customer role gets no action of a
 * provider asset; each role's change has its audit entry ('Asset', PERMISSION). A change of the permission
 * editing's own actions may not leave nobody able to edit permissions.
 */
export async function savePermissionMatrix(
  scope: WriteScope,
  assetId: string,
  details: readonly { roleId: string; actions: readonly string[] }[],
): Promise<AssetPermission> {
  const { tx } = scope;
  const roleIds = details.map((detail) => detail.roleId.toLowerCase());
  if (new Set(roleIds).size !== roleIds.length) {
    throw invalidField('rolePermissionDetails', 'must not name a role twice');
  }
  // Locked: two saves of the same asset's matrix run one after the other.
  const asset = await assetRows.find(scope, assetId, { forUpdate: true });
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
      ({ role, actions }) => role.scope === 'customer' && asset.scope === 'provider' && actions.length > 0,
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
            and(eq(rolePermissions.resource, asset.resourceType), inArray(rolePermissions.roleId, roleIds)),
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
    await scope.audit({
      table: 'Asset',
      action: 'PERMISSION',
      entityId: asset.id,
      customerId: null,
      changes: { [role.name]: { before, after: actions } },
    });
  }
  if (PERMISSION_EDITING.some(([resource]) => resource === asset.resourceType)) {
    await assertPermissionEditorLeft(tx);
  }
  return permissionMatrix(tx, asset);
}

/** The resources of the permission catalogue, with their scope and the actions of their asset. */
export async function permissionResourceList({ tx }: Scope) {
  const found = await tx
    .select({ name: permissionResources.name, scope: permissionResources.scope, actions: assets.actions })
    .from(permissionResources)
    .leftJoin(assets, eq(assets.resourceType, permissionResources.name))
    .orderBy(asc(permissionResources.name));
  return found.map((row) => ({ ...row, actions: row.actions ?? [] }));
}

/** The actions of the permission catalogue, in the catalogue's order. */
export async function permissionActionList({ tx }: Scope): Promise<string[]> {
  const found = await tx.select({ name: permissionActions.name }).from(permissionActions);
  return inOrder(
    found.map((row) => row.name),
    ACTIONS,
  );
}

/**
 * _Who can_ (contract/asset.ts WhoCan): for each action of the asset, the active accounts of an active
 * customer (or the provider's) whose roles grant it, by the guard's own condition (auth/guard.ts grants),
 * WHO_CAN_MAX of them by email, with their number.
 */
export async function whoCan(db: Database, asset: AssetRecord): Promise<WhoCan[]> {
  return Promise.all(
    asset.actions.map(async (action) => {
      const holds = and(
        grants(`${asset.resourceType}:${action}`),
        eq(accounts.status, 'ACTIVE'),
        or(isNull(accounts.customerId), eq(customers.status, 'ACTIVE')),
      );
      const [found, [counted]] = await Promise.all([
        db
          .select({
            id: accounts.id,
            email: accounts.email,
            firstName: accounts.firstName,
            lastName: accounts.lastName,
            customerName: customers.companyName,
          })
          .from(accounts)
          .leftJoin(customers, eq(customers.id, accounts.customerId))
          .where(holds)
          .orderBy(asc(accounts.email))
          .limit(WHO_CAN_MAX),
        db
          .select({ total: count() })
          .from(accounts)
          .leftJoin(customers, eq(customers.id, accounts.customerId))
          .where(holds),
      ]);
      return {
        action,
        total: counted?.total ?? 0,
        accounts: found.map((row) => ({
          id: row.id,
          email: row.email,
          name: personName(row.firstName, row.lastName) ?? row.email,
          customerName: row.customerName ?? null,
        })),
      };
    }),
  );
}
