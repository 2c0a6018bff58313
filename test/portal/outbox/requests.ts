import { GET } from '../dataProviders/edge';
import { REF, type Requests } from '../dataProviders/requestCases';

/** The requests of outbox, as the server receives them. */
export default {
  outbox: [
    {
      call: 'getList',
      params: {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'createdDate', order: 'DESC' },
        filter: { q: 'ann', status: 'OUTBOX' },
      },
      sent: [GET('/api/mail/outbox?page=0&pageSize=25&sort=createdDate&order=DESC&q=ann&status=OUTBOX')],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'createdDate', order: 'DESC' }, target: 'customerId', id: 'c9' },
      sent: [GET('/api/mail/outbox?page=0&pageSize=5&sort=createdDate&order=DESC&customerId=c9')],
    },
    { call: 'getOne', params: { id: 'm1' }, sent: [GET('/api/mail/outbox/m1')] },
  ],
} satisfies Requests;
