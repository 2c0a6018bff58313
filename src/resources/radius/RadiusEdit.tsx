import { Edit, useNotify } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { RadiusForm } from './RadiusForm';
import { toRadiusBody } from './radiusFields';

/** PUT /idm-config/connectors/radius/{customerId}/{id}: the name and IP address (the secret is kept). */
export const RadiusEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      transform={toRadiusBody}
      mutationMode="pessimistic"
      redirect="show"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <RadiusForm />
    </Edit>
  );
};
