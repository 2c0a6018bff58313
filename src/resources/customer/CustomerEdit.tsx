import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { CustomerForm } from './CustomerForm';
import { toProfile } from './customerFields';

/** PUT /customer/:id/update_profile with the profile fields only (the status has its own actions). */
export const CustomerEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toProfile}
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <CustomerForm />
    </Edit>
  );
};
