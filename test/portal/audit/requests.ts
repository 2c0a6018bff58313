import { GET } from '../dataProviders/edge';
import { REF, type Requests } from '../dataProviders/requestCases';

/** The requests of audit, as the server receives them. */
export default {
  audit: [
    {
      call: 'getList',
      params: {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'modifiedDate', order: 'DESC' },
        filter: { range: '2w', table: 'Account' },
      },
      sent: [
        GET('/api/audit/c1/search?page=1&pageSize=25&sort=modifiedDate&order=DESC&range=2w&table=Account'),
      ],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'modifiedDate', order: 'DESC' }, target: 'entityId', id: 'e1' },
      sent: [GET('/api/audit/c1/search?page=0&pageSize=5&sort=modifiedDate&order=DESC&entityId=e1')],
    },
    {
      call: 'getList',
      params: {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'modifiedDate', order: 'DESC' },
        filter: { range: '1m' },
        meta: { customerId: 'provider' },
      },
      sent: [GET('/api/audit/provider/search?page=0&pageSize=10&sort=modifiedDate&order=DESC&range=1m')],
    },
  ],
} satisfies Requests;
