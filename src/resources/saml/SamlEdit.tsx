import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { SamlForm } from './SamlForm';
import { toSamlBody } from './samlFields';

/** PUT /idm-config/connectors/saml/{customerId}/{id}. */
export const SamlEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toSamlBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <SamlForm />
    </Edit>
  );
};
