import { Edit, type RaRecord } from 'react-admin';
import { OidcForm, useSaveNotices } from './OidcForm';
import { failedUpdate, toOidcBody } from './oidcFields';

/** PUT /idm-config/connectors/oidc/{customerId}/{id}; a swallowed failure answers the record unchanged. */
export const OidcEdit = () => {
  const { saved, notSaved } = useSaveNotices();
  return (
    <Edit
      transform={toOidcBody}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: RaRecord, variables: { previousData?: RaRecord }) =>
          failedUpdate(data, variables.previousData) ? notSaved() : saved('updated', data),
      }}
    >
      <OidcForm />
    </Edit>
  );
};
