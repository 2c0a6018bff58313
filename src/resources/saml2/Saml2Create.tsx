import { CreatePage } from '../../kit/pages';
import { Saml2Form } from './Saml2Form';
import { toSaml2Body } from './saml2Fields';

/** POST /idm-config/connectors/saml2/{customerId}, from a known service provider's defaults or none. */
export const Saml2Create = () => (
  <CreatePage transform={toSaml2Body}>
    <Saml2Form creating />
  </CreatePage>
);
