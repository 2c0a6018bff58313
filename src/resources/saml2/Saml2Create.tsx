import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { Saml2Form } from './Saml2Form';
import { toSaml2Body } from './saml2Fields';

/** POST /idm-config/connectors/saml2/{customerId}, from a known service provider's defaults or none. */
export const Saml2Create = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toSaml2Body}
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <Saml2Form creating />
    </Create>
  );
};
