import { GET, PUT } from '../dataProviders/edge';
import { connectorCases, type Requests } from '../dataProviders/requestCases';

/** The requests of oidc, as the server receives them. */
export default {
  oidc: [
    ...connectorCases('oidc', 'clientName'),
    {
      call: 'getClientSecret',
      params: { id: 'k1' },
      sent: [GET('/api/idm-config/connectors/oidc/get-client-secret/k1?customerId=c1')],
    },
    {
      call: 'regenerateSecret',
      params: { id: 'k1' },
      sent: [PUT('/api/idm-config/connectors/oidc/c1/k1/client-secret')],
    },
  ],
} satisfies Requests;
