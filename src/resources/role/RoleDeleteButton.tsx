import { CanAccess } from 'react-admin';
import { DeleteButton } from '../../kit/DeleteButton';
import { deleteRefusalOf, type Role } from './roleFields';

/**
 * Deletes the role after confirmation (docs/requirements/portal-routes-and-menus.md). A role in use or built in is not offered for deletion
 * (the server would refuse it): the button says why. Guarded by `role:modify` (chosen: the permission
 * catalogue has no role:delete).
 */
export const RoleDeleteButton = () => (
  <CanAccess resource="role" action="modify">
    <DeleteButton<Role>
      nameOf={(record) => record.displayName || record.name}
      refusal={deleteRefusalOf}
      redirect="list"
    />
  </CanAccess>
);
