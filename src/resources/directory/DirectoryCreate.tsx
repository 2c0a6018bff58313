import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { DirectoryForm } from './DirectoryForm';
import { toDirectoryBody } from './directoryFields';

/** POST /idm-ldap/ldap/{customerId}: the name, the type and that type's fields. */
export const DirectoryCreate = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toDirectoryBody}
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <DirectoryForm />
    </Create>
  );
};
