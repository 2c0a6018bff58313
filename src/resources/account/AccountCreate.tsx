import { useState } from 'react';
import { Create, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { errorNotification, fieldErrorsOf } from '../../kit/notifyError';
import { AccountForm } from './AccountForm';
import { toCreateBody, useAccountScope } from './accountFields';
import { InitialPasswordDialog } from './InitialPasswordDialog';

interface Created {
  email: string;
  password: string;
}

/** The create answer carries the initial password: {id, initialPassword}. */
const createdFrom = (data: RaRecord): Created | null =>
  typeof data.initialPassword === 'string' && data.initialPassword
    ? { email: String(data.email ?? ''), password: data.initialPassword }
    : null;

/**
 * POST /account/create_account_organization, in the session's customer in customer scope. The initial
 * password of the answer is shown once, then the list opens.
 */
export const AccountCreate = () => {
  const { customerId, roleScope } = useAccountScope();
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <>
      <Create
        transform={(values: Record<string, unknown>) => toCreateBody(values, customerId)}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('resources.account.notifications.created', { type: 'info' });
            const answer = createdFrom(data);
            if (answer) setCreated(answer);
            else redirect('list', 'account');
          },
          // A refusal of one field's value shows under that field (CreatePage).
          onError: (error) => {
            if (!fieldErrorsOf(error)) notify(...errorNotification(error));
          },
        }}
      >
        <AccountForm roleScope={roleScope} />
      </Create>
      {created && (
        <InitialPasswordDialog
          email={created.email}
          password={created.password}
          onClose={() => redirect('list', 'account')}
        />
      )}
    </>
  );
};
