import { CreatePage } from '../../kit/pages';
import { RoleForm } from './RoleForm';
import { toCreateBody } from './roleFields';

/** POST /account/role/create; a taken name is refused ('Role name already existed.'). */
export const RoleCreate = () => (
  <CreatePage transform={toCreateBody}>
    <RoleForm />
  </CreatePage>
);
