import { EditPage } from '../../kit/pages';
import { Saml2Form } from './Saml2Form';
import { toSaml2Body } from './saml2Fields';

/** PUT /idm-config/connectors/saml2/{customerId}/{id}; then the connector's page. */
export const Saml2Edit = () => (
  <EditPage transform={toSaml2Body}>
    <Saml2Form />
  </EditPage>
);
