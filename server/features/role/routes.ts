import { Uuid } from '../../../contract/fields.ts';
import {
  AccountRoleRow,
  accountRole,
  ROLE_LISTING,
  type RoleForm,
  type RoleRecord,
  role,
} from '../../../contract/role.ts';
import type { Kit } from '../../kit/kit.ts';
import { rolePermissionsOf } from '../account/effectivePermissions.ts';
import {
  accountRoleListing,
  accountsHolding,
  addAccountsToRole,
  assignableRoles,
  checkRoleDeletable,
  newRoleValues,
  permissionsOfRoles,
  removeAccountsFromRole,
  roleChanges,
  roleRows,
} from './roles.ts';

/**
 * Roles (contract/role.ts): the provider's roles, provider-scope for its operators and shared customer-scope
 * roles for the accounts of every customer; which accounts hold each; the permissions roles grant; the
 * roles an account form may give (the contract says who may read them).
 */
export function roleRoutes(kit: Kit): void {
  kit.crud<RoleRecord, RoleRecord, RoleForm, typeof role>(role, roleRows, {
    record: role.getOne.schema.response[200],
    listingNames: ROLE_LISTING,
    create: { values: (call, form) => newRoleValues(call, form) },
    update: { values: (call, before, form) => roleChanges(call, before, form) },
    delete: { check: (_, found) => checkRoleDeletable(found) },
  });

  kit.route(role, 'effectivePermissions', async (call) =>
    rolePermissionsOf(call.tx, (await roleRows.find(call, call.params.id)).id),
  );

  kit.route(role, 'all', (call) => assignableRoles(call, call.query.scope));

  kit.list(accountRole, 'list', {
    listing: accountRoleListing,
    extra: { roleId: Uuid },
    record: AccountRoleRow,
    find: (call, ask) => accountsHolding(call, (call.query as { roleId?: unknown }).roleId, ask),
  });

  kit.route(role, 'permissions', (call) => permissionsOfRoles(call, call.query.roleIds));

  kit.route(role, 'addAccount', (call) => addAccountsToRole(call, call.body));

  kit.route(role, 'removeAccount', (call) => removeAccountsFromRole(call, call.body));
}
