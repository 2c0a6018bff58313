import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { Saml2Form } from './Saml2Form';
import { toSaml2Body } from './saml2Fields';

/** PUT /idm-config/connectors/saml2/{customerId}/{id}. */
export const Saml2Edit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toSaml2Body}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <Saml2Form />
    </Edit>
  );
};
