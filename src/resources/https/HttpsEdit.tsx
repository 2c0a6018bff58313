import { EditThenShow } from '../../components/EditThenShow';
import { HttpsForm } from './HttpsForm';
import { toHttpsBody } from './httpsFields';

/** PUT /idm-config/connectors/https/{customerId}/{id}; then the connector's page. */
export const HttpsEdit = () => (
  <EditThenShow transform={toHttpsBody}>
    <HttpsForm />
  </EditThenShow>
);
