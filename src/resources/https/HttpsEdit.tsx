import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { HttpsForm } from './HttpsForm';
import { toHttpsBody } from './httpsFields';

/** PUT /idm-config/connectors/https/{customerId}/{id}: the name (the API key is kept). */
export const HttpsEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toHttpsBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <HttpsForm />
    </Edit>
  );
};
