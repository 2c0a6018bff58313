import { EditPage } from '../../kit/pages';
import { SamlForm } from './SamlForm';
import { toSamlBody } from './samlFields';

/** PUT /idm-config/connectors/saml/{customerId}/{id}; then the connector's page. */
export const SamlEdit = () => (
  <EditPage transform={toSamlBody}>
    <SamlForm />
  </EditPage>
);
