import { EditPage } from '../../kit/pages';
import { HttpsForm } from './HttpsForm';
import { toHttpsBody } from './httpsFields';

/** PUT /idm-config/connectors/https/{customerId}/{id}; then the connector's page. */
export const HttpsEdit = () => (
  <EditPage transform={toHttpsBody}>
    <HttpsForm />
  </EditPage>
);
