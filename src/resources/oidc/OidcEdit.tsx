import { Edit, type RaRecord, useNotify, useRedirect } from 'react-admin';
import { OidcForm } from './OidcForm';
import { failedUpdate, toOidcBody } from './oidcFields';

/** PUT /idm-config/connectors/oidc/{customerId}/{id}; a swallowed failure answers the record unchanged. */
export const OidcEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      transform={toOidcBody}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: RaRecord, variables: { previousData?: RaRecord }) => {
          if (failedUpdate(data, variables.previousData)) {
            notify('resources.oidc.notifications.notSaved', { type: 'warning' });
            return;
          }
          notify('resources.oidc.notifications.updated', { type: 'info' });
          redirect('show', 'oidc', data.id);
        },
      }}
    >
      <OidcForm />
    </Edit>
  );
};
