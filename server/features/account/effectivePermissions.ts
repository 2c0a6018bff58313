import { inArray } from 'drizzle-orm';
import type { EffectivePermission } from '../../../contract/account.ts';
import { PERMISSION_RESOURCES } from '../../../contract/permissions.ts';
import { grantingRoles } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { assets, roles } from '../../db/schema.ts';

/**
 * An account's effective permissions: every `resource:action` of the catalogue, in its order, allowed when
 * one of the account's roles grants it (the guard's rule, grantingRoles), with those roles by name.
 */
export async function effectivePermissionsOf(
  tx: Database,
  accountId: string,
): Promise<EffectivePermission[]> {
  const granted = await grantingRoles(tx, accountId);
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
