/** The permission catalogue lives in the contract, read by both sides; the server's code imports it here. */
export {
  ACTIONS,
  type Action,
  allPermissionKeys,
  CATALOGUE,
  isPermission,
  PERMISSION_RESOURCES,
  type Permission,
  type PermissionResource,
  type PermissionResourceInfo,
  type ResourceScope,
} from '../../contract/permissions.ts';
