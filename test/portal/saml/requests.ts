import { GET } from '../dataProviders/edge';
import { connectorCases, type Requests } from '../dataProviders/requestCases';

/** The requests of saml, as the server receives them. */
export default {
  saml: [
    ...connectorCases('saml'),
    { call: 'defaults', params: {}, sent: [GET('/api/idm-config/connectors/saml/c1/defaults')] },
    {
      call: 'federateScript',
      params: { id: 'r1', domain: 'example.com', unFederate: 0 },
      sent: [
        GET(
          '/api/idm-config/connectors/saml/script/federate-script?customerId=c1&id=r1&domain=example.com&unFederate=0',
        ),
      ],
    },
  ],
} satisfies Requests;
