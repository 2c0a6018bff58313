import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { RoleForm } from './RoleForm';
import { toUpdateBody } from './roleFields';

/** PUT /account/role/:id without the scope. */
export const RoleEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toUpdateBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <RoleForm edit />
    </Edit>
  );
};
