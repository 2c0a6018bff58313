import { GET, PUT } from '../dataProviders/edge';
import { connectorCases, type Requests, sends } from '../dataProviders/requestCases';

/** The requests of oidc, as the server receives them. */
export default {
  oidc: [
    ...connectorCases('oidc', 'clientName'),
    sends(
      'getClientSecret',
      { id: 'k1' },
      GET('/api/idm-config/connectors/oidc/get-client-secret/k1?customerId=c1'),
    ),
    sends('regenerateSecret', { id: 'k1' }, PUT('/api/idm-config/connectors/oidc/c1/k1/client-secret')),
  ],
} satisfies Requests;
