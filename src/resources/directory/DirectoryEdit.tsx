import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { DirectoryForm } from './DirectoryForm';
import { toDirectoryBody } from './directoryFields';

/** PUT /idm-ldap/ldap/{customerId}/{id}: a password or secret left empty keeps the stored one. */
export const DirectoryEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toDirectoryBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <DirectoryForm editing />
    </Edit>
  );
};
