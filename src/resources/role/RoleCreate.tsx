import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { RoleForm } from './RoleForm';
import { toCreateBody } from './roleFields';

/** POST /account/role/create; a taken name is refused ('Role name already existed.'). */
export const RoleCreate = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toCreateBody}
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <RoleForm />
    </Create>
  );
};
