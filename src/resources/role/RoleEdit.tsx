import { EditPage } from '../../kit/pages';
import { RoleForm } from './RoleForm';
import { toUpdateBody } from './roleFields';

/** PUT /account/role/:id without the scope. */
export const RoleEdit = () => (
  <EditPage transform={toUpdateBody}>
    <RoleForm edit />
  </EditPage>
);
