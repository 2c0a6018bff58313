import { GET } from '../dataProviders/edge';
import { connectorCases, type Requests } from '../dataProviders/requestCases';

/** The requests of saml2, as the server receives them. */
export default {
  saml2: [
    ...connectorCases('saml2', 'providerName'),
    { call: 'check', params: { uname: 'app1' }, sent: [GET('/api/idm-config/connectors/saml2/check/app1')] },
    { call: 'xml', params: { uname: 'app1' }, sent: [GET('/api/idm-config/connectors/saml2/xml/app1')] },
    { call: 'defaultConfig', params: { type: 'aws' }, sent: [GET('/api/idm-config/saml2/aws')] },
  ],
} satisfies Requests;
