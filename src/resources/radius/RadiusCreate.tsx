import { CreateWithSecret } from '../../components/CreateWithSecret';
import { RadiusForm } from './RadiusForm';
import { SECRET_TEXTS, toRadiusBody } from './radiusFields';

/**
 * POST /idm-config/connectors/radius/{customerId}: the answer carries the shared secret the gateway made,
 * shown once; then the connector's page opens.
 */
export const RadiusCreate = () => (
  <CreateWithSecret transform={toRadiusBody} field="sharedSecret" texts={SECRET_TEXTS}>
    <RadiusForm />
  </CreateWithSecret>
);
