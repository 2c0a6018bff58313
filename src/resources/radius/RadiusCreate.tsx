import { useState } from 'react';
import { Create, type Identifier, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { SecretDialog } from '../../components/SecretDialog';
import { RadiusForm } from './RadiusForm';
import { SECRET_TEXTS, toRadiusBody } from './radiusFields';

/**
 * POST /idm-config/connectors/radius/{customerId}: the answer carries the shared secret the gateway made,
 * shown once; then the connector's page opens.
 */
export const RadiusCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<{ id: Identifier; secret: string } | null>(null);
  return (
    <>
      <Create
        transform={toRadiusBody}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('resources.radius.notifications.created', { type: 'info' });
            setCreated({ id: data.id, secret: String(data.sharedSecret ?? '') });
          },
          onError: (error) => notify(...errorNotification(error)),
        }}
      >
        <RadiusForm />
      </Create>
      {created && (
        <SecretDialog
          texts={SECRET_TEXTS}
          secret={created.secret}
          onClose={() => redirect('show', 'radius', created.id)}
        />
      )}
    </>
  );
};
