import { GET } from '../dataProviders/edge';
import type { Requests } from '../dataProviders/requestCases';

/** The requests of report, as the server receives them. */
export default {
  report: [
    { call: 'getOne', params: { id: 'customer' }, sent: [GET('/api/grafana/dashboards/uid/customer')] },
    {
      call: 'panel',
      params: { panel: 'sign-ins', from: '2026-11-18T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' },
      sent: [
        GET(
          '/api/grafana/api/datasources/proxy/c1/sign-ins?from=2026-11-18T00%3A00%3A00.000Z&to=2026-11-25T00%3A00%3A00.000Z',
        ),
      ],
    },
    {
      call: 'panel',
      params: { panel: 'orders', meta: { customerId: 'provider' } },
      sent: [GET('/api/grafana/api/datasources/proxy/provider/orders')],
    },
  ],
} satisfies Requests;
