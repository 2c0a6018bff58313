import { PUT } from '../dataProviders/edge';
import { connectorCases, type Requests } from '../dataProviders/requestCases';

/** The requests of radius, as the server receives them. */
export default {
  radius: [
    ...connectorCases('radius'),
    {
      call: 'regenerateSecret',
      params: { id: 'r1' },
      sent: [PUT('/api/idm-config/connectors/radius/c1/r1/shared-secret')],
    },
  ],
} satisfies Requests;
