import { EditPage } from '../../kit/pages';
import { RadiusForm } from './RadiusForm';
import { toRadiusBody } from './radiusFields';

/** PUT /idm-config/connectors/radius/{customerId}/{id}; then the connector's page. */
export const RadiusEdit = () => (
  <EditPage transform={toRadiusBody}>
    <RadiusForm />
  </EditPage>
);
