import { Create, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { OidcForm } from './OidcForm';
import { toOidcBody } from './oidcFields';

/**
 * POST /idm-config/connectors/oidc/{customerId}. The resource's errors are logged and swallowed by the data
 * layer (docs/requirements/error-messages.md): the swallowed answer has no id, which react-admin refuses, and the form stays with
 * the screen's own warning instead of the server's error.
 */
export const OidcCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={toOidcBody}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('resources.oidc.notifications.created', { type: 'info' });
          redirect('show', 'oidc', data.id);
        },
        onError: () => notify('resources.oidc.notifications.notSaved', { type: 'warning' }),
      }}
    >
      <OidcForm />
    </Create>
  );
};
