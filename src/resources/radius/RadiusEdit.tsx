import { EditThenShow } from '../../components/EditThenShow';
import { RadiusForm } from './RadiusForm';
import { toRadiusBody } from './radiusFields';

/** PUT /idm-config/connectors/radius/{customerId}/{id}; then the connector's page. */
export const RadiusEdit = () => (
  <EditThenShow transform={toRadiusBody}>
    <RadiusForm />
  </EditThenShow>
);
