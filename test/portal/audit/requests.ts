import { GET } from '../dataProviders/edge';
import { listParams, type Requests, refParams } from '../dataProviders/requestCases';

/** The requests of audit, as the server receives them. */
export default {
  audit: [
    {
      call: 'getList',
      params: listParams(2, 25, ['modifiedDate', 'DESC'], { range: '2w', table: 'Account' }),
      sent: [
        GET('/api/audit/c1/search?page=1&pageSize=25&sort=modifiedDate&order=DESC&range=2w&table=Account'),
      ],
    },
    {
      call: 'getManyReference',
      params: refParams('entityId', 'e1', ['modifiedDate', 'DESC']),
      sent: [GET('/api/audit/c1/search?page=0&pageSize=5&sort=modifiedDate&order=DESC&entityId=e1')],
    },
    {
      call: 'getList',
      params: {
        ...listParams(1, 10, ['modifiedDate', 'DESC'], { range: '1m' }),
        meta: { customerId: 'provider' },
      },
      sent: [GET('/api/audit/provider/search?page=0&pageSize=10&sort=modifiedDate&order=DESC&range=1m')],
    },
  ],
} satisfies Requests;
