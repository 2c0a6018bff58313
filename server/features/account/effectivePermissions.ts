import { eq, inArray } from 'drizzle-orm';
import type { EffectivePermission } from '../../../contract/account.ts';
import { PERMISSION_RESOURCES } from '../../../contract/permissions.ts';
import { grantingRoles } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { assets, rolePermissions, roles } from '../../db/schema.ts';

/** What roles grant: each permission with the role that grants it. */
type Granted = readonly { resource: string; action: string; roleId: string }[];

/**
 * Every `resource:action` of the catalogue, in its order, allowed when one of `granted` gives it, with those
 * roles by name, and the resource's permission asset by the name operators gave it.
 */
async function effectiveOf(tx: Database, granted: Granted): Promise<EffectivePermission[]> {
  const roleIds = [...new Set(granted.map((row) => row.roleId))];
  const named =
    roleIds.length === 0
      ? []
      : await tx
          .select({ id: roles.id, name: roles.displayName })
          .from(roles)
          .where(inArray(roles.id, roleIds));
  const nameOf = new Map(named.map((role) => [role.id, role.name]));
  const assetNames = new Map(
    (await tx.select({ resource: assets.resourceType, name: assets.name }).from(assets)).map((asset) => [
      asset.resource,
      asset.name,
    ]),
  );
  const byPermission = new Map<string, { id: string; name: string }[]>();
  for (const row of granted) {
    const key = `${row.resource}:${row.action}`;
    const list = byPermission.get(key) ?? [];
    list.push({ id: row.roleId, name: nameOf.get(row.roleId) ?? row.roleId });
    byPermission.set(key, list);
  }
  return PERMISSION_RESOURCES.flatMap((resource) =>
    resource.actions.map((action) => {
      const held = byPermission.get(`${resource.name}:${action}`) ?? [];
      held.sort((a, b) => a.name.localeCompare(b.name));
      return {
        resource: resource.name,
        assetName: assetNames.get(resource.name) ?? resource.asset.name,
        action,
        allowed: held.length > 0,
        roles: held,
      };
    }),
  );
}

/** An account's effective permissions, by the rule the guard enforces (grantingRoles: guard.ts grantOf). */
export async function effectivePermissionsOf(
  tx: Database,
  accountId: string,
): Promise<EffectivePermission[]> {
  return effectiveOf(tx, await grantingRoles(tx, accountId));
}

/** What a role gives: every permission of the catalogue, and whether the role grants it. */
export async function rolePermissionsOf(tx: Database, roleId: string): Promise<EffectivePermission[]> {
  const granted = await tx
    .select({
      resource: rolePermissions.resource,
      action: rolePermissions.action,
      roleId: rolePermissions.roleId,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return effectiveOf(tx, granted);
}
