import { PROVIDER_SCREENS, RESOURCE_GUARDS } from '../../contract/index';
import { hasPermissions } from './hasPermissions';

/**
 * Permission checks over the flat `resource:action` list the server answers
 * (`GET /account/permission?flattern=1`). Pure functions: the authProvider calls them.
 */

export { hasPermissions, type PermissionMode } from './hasPermissions';

/** react-admin's actions, in the spec's vocabulary (view, create, modify, delete, configure). */
const ACTION_OF: Record<string, string> = {
  list: 'view',
  show: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'modify',
  delete: 'delete',
};

/**
 * Which permission a react-admin resource is guarded by: its contract's (contract/index.ts). `null` means any
 * signed-in user (the dashboard). A resource named nowhere uses its own name.
 */
export const RESOURCE_PERMISSION = RESOURCE_GUARDS;

export interface AccessRequest {
  resource: string;
  action: string;
}

/**
 * The answer to react-admin's `canAccess({resource, action})`: missing keys are denied, and so are the
 * provider's screens while the current scope is a customer's (`customerScope`), whatever the permissions.
 */
export const canAccess = (
  granted: readonly string[],
  { resource, action }: AccessRequest,
  { customerScope = false }: { customerScope?: boolean } = {},
): boolean => {
  if (customerScope && PROVIDER_SCREENS.has(resource)) return false;
  const guard = resource in RESOURCE_PERMISSION ? RESOURCE_PERMISSION[resource] : resource;
  if (guard === null) return true;
  const specAction = ACTION_OF[action] ?? action;
  const resources = typeof guard === 'string' ? [guard] : guard;
  return hasPermissions(
    granted,
    resources.map((name) => `${name}:${specAction}`),
  );
};
