import { Edit, useNotify, useRecordContext } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { AccountForm } from './AccountForm';
import { type Account, toUpdateBody } from './accountFields';

/** An account's roles follow its own scope: customer roles for a customer's account. */
const AccountEditForm = () => {
  const record = useRecordContext<Account>();
  if (!record) return null;
  return <AccountForm roleScope={record.customerId ? 'customer' : 'provider'} edit />;
};

/** PUT /account/:id with the fields the form edits. */
export const AccountEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toUpdateBody}
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <AccountEditForm />
    </Edit>
  );
};
