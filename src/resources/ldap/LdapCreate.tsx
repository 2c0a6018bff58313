import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { LdapForm } from './LdapForm';
import { toDirectoryBody } from './ldapFields';

/** POST /idm-ldap/ldap/{customerId}: the name, the type and that type's fields. */
export const LdapCreate = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toDirectoryBody}
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <LdapForm />
    </Create>
  );
};
