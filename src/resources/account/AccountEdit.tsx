import { useRecordContext } from 'react-admin';
import { EditPage } from '../../kit/pages';
import { AccountForm } from './AccountForm';
import { type Account, toUpdateBody } from './accountFields';

/** An account's roles follow its own scope: customer roles for a customer's account. */
const AccountEditForm = () => {
  const record = useRecordContext<Account>();
  if (!record) return null;
  return <AccountForm roleScope={record.customerId ? 'customer' : 'provider'} edit />;
};

/** PUT /account/:id with the fields the form edits. */
export const AccountEdit = () => (
  <EditPage transform={toUpdateBody} redirect="list">
    <AccountEditForm />
  </EditPage>
);
