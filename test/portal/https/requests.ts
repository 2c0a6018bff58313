import { PUT } from '../dataProviders/edge';
import { connectorCases, type Requests } from '../dataProviders/requestCases';

/** The requests of https, as the server receives them. */
export default {
  https: [
    ...connectorCases('https'),
    {
      call: 'regenerateApiKey',
      params: { id: 'r1' },
      sent: [PUT('/api/idm-config/connectors/https/c1/r1/api-key')],
    },
  ],
} satisfies Requests;
