import { GET } from '../dataProviders/edge';
import type { Requests } from '../dataProviders/requestCases';

/** The requests of connectors, as the server receives them. */
export default {
  connectors: [
    {
      call: 'ofType',
      params: { type: 'radius', filter: '{"q":"corp"}' },
      sent: [GET('/api/idm-config/connectors/radius?customerId=c1&filter=%7B%22q%22%3A%22corp%22%7D')],
    },
    { call: 'listTypes', params: {}, sent: [GET('/api/idm-config/connectors/list-type')] },
  ],
} satisfies Requests;
