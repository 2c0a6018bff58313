import { Create, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { OidcForm } from './OidcForm';
import { failedCreate, toOidcBody } from './oidcFields';

/**
 * POST /idm-config/connectors/oidc/{customerId}. The resource's errors are logged and swallowed (spec 02 §8):
 * an answer without an id means it was not saved, and the form stays with a warning.
 */
export const OidcCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={toOidcBody}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          if (failedCreate(data)) {
            notify('resources.oidc.notifications.notSaved', { type: 'warning' });
            return;
          }
          notify('resources.oidc.notifications.created', { type: 'info' });
          redirect('show', 'oidc', data.id);
        },
      }}
    >
      <OidcForm />
    </Create>
  );
};
