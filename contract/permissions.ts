/**
 * The permission catalogue of docs/requirements/roles-and-permissions.md: every resource, the actions it
 * knows, and the roles that may hold it, as the contracts declare them (definePermissions; gathered into
 * contract/permissionCatalogue.ts by `npm run registry`). A permission is a typed `resource:action`: a key
 * the catalogue does not have does not compile. Read by the server (seed, guard, permission assets) and by
 * the portal (canAccess).
 */

import { ACTIONS, type Action, type PermissionEntry, type ResourceScope } from './kit.ts';
import { CATALOGUE } from './permissionCatalogue.ts';

export type { Action, ResourceScope };
export { ACTIONS, CATALOGUE };

export type PermissionResource = keyof typeof CATALOGUE;

/** The actions the catalogue knows for a resource. */
export type ActionOf<R extends PermissionResource> = (typeof CATALOGUE)[R]['actions'][number];

/** `resource:action`, for the pairs the catalogue has only. */
export type Permission = { [R in PermissionResource]: `${R}:${ActionOf<R>}` }[PermissionResource];

export interface PermissionResourceInfo {
  name: PermissionResource;
  scope: ResourceScope;
  actions: readonly Action[];
  asset: { name: string; description: string };
}

/** The catalogue as a list, in its order. */
export const PERMISSION_RESOURCES: readonly PermissionResourceInfo[] = Object.entries(CATALOGUE).map(
  ([name, entry]) => ({ name: name as PermissionResource, ...entry }),
);

/** Every `resource:action` key of the catalogue. */
export const allPermissionKeys = (): Permission[] =>
  PERMISSION_RESOURCES.flatMap((resource) =>
    resource.actions.map((action) => `${resource.name}:${action}` as Permission),
  );

/** Whether a text is a key of the catalogue. */
export const isPermission = (key: string): key is Permission => {
  const [resource, action, ...rest] = key.split(':');
  if (rest.length > 0 || resource === undefined || action === undefined) return false;
  const entry = (CATALOGUE as Record<string, PermissionEntry>)[resource];
  return entry !== undefined && (entry.actions as readonly string[]).includes(action);
};
