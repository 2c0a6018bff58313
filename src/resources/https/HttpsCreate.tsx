import { useState } from 'react';
import { Create, type Identifier, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { SecretDialog } from '../../components/SecretDialog';
import { HttpsForm } from './HttpsForm';
import { KEY_TEXTS, toHttpsBody } from './httpsFields';

/** POST /idm-config/connectors/https/{customerId}: the answer's API key is shown once. */
export const HttpsCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<{ id: Identifier; key: string } | null>(null);
  return (
    <>
      <Create
        transform={toHttpsBody}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('resources.https.notifications.created', { type: 'info' });
            setCreated({ id: data.id, key: String(data.apiKey ?? '') });
          },
          onError: (error) => notify(...errorNotification(error)),
        }}
      >
        <HttpsForm />
      </Create>
      {created && (
        <SecretDialog
          texts={KEY_TEXTS}
          secret={created.key}
          onClose={() => redirect('show', 'https', created.id)}
        />
      )}
    </>
  );
};
