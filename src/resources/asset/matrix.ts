import type { Identifier } from 'react-admin';

/** The answer of GET /account/asset/{assetId}/permission. */
export interface RolePermission {
  roleId: Identifier;
  roleName: string;
  displayName: string;
  scope: 'provider' | 'customer';
  actions: string[];
}

export interface AssetPermission {
  assetId: Identifier;
  resourceType: string;
  actions: string[];
  rolePermissionDetails: RolePermission[];
}

/** What POST /account/asset/{assetId}/permission takes for each changed role. */
export interface RolePermissionChange {
  roleId: Identifier;
  actions: string[];
}

/** The actions ticked now, by role id, for the roles the user has touched. */
export type Edits = Readonly<Record<string, readonly string[]>>;

/** A customer-scope role cannot hold a provider-only resource. */
export const canHold = (roleScope: string, assetScope: string | undefined): boolean =>
  !(roleScope === 'customer' && assetScope === 'provider');

const sorted = (actions: Iterable<string>, order: readonly string[]): string[] => {
  const rank = (action: string) => {
    const index = order.indexOf(action);
    return index === -1 ? order.length : index;
  };
  return [...actions].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
};

/** The role's actions with one action ticked or unticked, in the asset's order. */
export const withAction = (
  current: readonly string[],
  action: string,
  on: boolean,
  order: readonly string[],
): string[] => {
  const set = new Set(current);
  if (on) set.add(action);
  else set.delete(action);
  return sorted(set, order);
};

/** The role's actions with every action of the asset ticked, or none. */
export const withAll = (current: readonly string[], on: boolean, order: readonly string[]): string[] =>
  on ? sorted(new Set([...current, ...order]), order) : current.filter((action) => !order.includes(action));

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((action) => b.includes(action));

/** The roles whose actions differ from what the server answered, with their actions now. */
export const changedRoles = (
  roles: readonly RolePermission[],
  edits: Edits,
  order: readonly string[],
): RolePermissionChange[] =>
  roles.flatMap((role) => {
    const now = edits[String(role.roleId)];
    return now && !same(now, role.actions) ? [{ roleId: role.roleId, actions: sorted(now, order) }] : [];
  });

/** The actions a change takes away from the roles in `ownRoleIds` (the signed-in account's), by role. */
export const ownLosses = (
  roles: readonly RolePermission[],
  changes: readonly RolePermissionChange[],
  ownRoleIds: readonly Identifier[],
): { role: RolePermission; removed: string[] }[] =>
  changes.flatMap((change) => {
    const role = roles.find((one) => String(one.roleId) === String(change.roleId));
    if (!role || !ownRoleIds.some((id) => String(id) === String(role.roleId))) return [];
    const removed = role.actions.filter((action) => !change.actions.includes(action));
    return removed.length > 0 ? [{ role, removed }] : [];
  });
