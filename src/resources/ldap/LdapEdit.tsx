import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { LdapForm } from './LdapForm';
import { toDirectoryBody } from './ldapFields';

/** PUT /idm-ldap/ldap/{customerId}/{id}: a password or secret left empty keeps the stored one. */
export const LdapEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toDirectoryBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <LdapForm editing />
    </Edit>
  );
};
