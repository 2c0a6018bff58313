import { GET } from '../dataProviders/edge';
import { listParams, type Requests, refParams } from '../dataProviders/requestCases';

/** The requests of outbox, as the server receives them. */
export default {
  outbox: [
    {
      call: 'getList',
      params: listParams(1, 25, ['createdDate', 'DESC'], { q: 'ann', status: 'OUTBOX' }),
      sent: [GET('/api/mail/outbox?page=0&pageSize=25&sort=createdDate&order=DESC&q=ann&status=OUTBOX')],
    },
    {
      call: 'getManyReference',
      params: refParams('customerId', 'c9', ['createdDate', 'DESC']),
      sent: [GET('/api/mail/outbox?page=0&pageSize=5&sort=createdDate&order=DESC&customerId=c9')],
    },
    { call: 'getOne', params: { id: 'm1' }, sent: [GET('/api/mail/outbox/m1')] },
  ],
} satisfies Requests;
