import { Create, type RaRecord } from 'react-admin';
import { OidcForm, useSaveNotices } from './OidcForm';
import { toOidcBody } from './oidcFields';

/**
 * POST /idm-config/connectors/oidc/{customerId}. The resource's errors are logged and swallowed by the data
 * layer (docs/requirements/error-messages.md): the swallowed answer has no id, which react-admin refuses, and the form stays with
 * the screen's own warning instead of the server's error.
 */
export const OidcCreate = () => {
  const { saved, notSaved } = useSaveNotices();
  return (
    <Create
      transform={toOidcBody}
      mutationOptions={{ onSuccess: (data: RaRecord) => saved('created', data), onError: notSaved }}
    >
      <OidcForm />
    </Create>
  );
};
