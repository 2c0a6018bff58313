import { EditThenShow } from '../../components/EditThenShow';
import { SamlForm } from './SamlForm';
import { toSamlBody } from './samlFields';

/** PUT /idm-config/connectors/saml/{customerId}/{id}; then the connector's page. */
export const SamlEdit = () => (
  <EditThenShow transform={toSamlBody}>
    <SamlForm />
  </EditThenShow>
);
