import { GET, POST } from '../dataProviders/edge';
import { ONE, postSearches, type Requests } from '../dataProviders/requestCases';

/** The requests of order, as the server receives them. */
export default {
  order: [
    ...postSearches('/api/billing/order/c1'),
    { call: 'getOne', params: ONE, sent: [GET('/api/billing/order/c1/detail/r1')] },
    {
      call: 'create',
      params: {
        data: { customerId: 'c1', numberOfUsers: 10, paymentPlanIds: ['t1', 'p1'], tokenPackName: 'Pack' },
      },
      sent: [
        POST('/api/billing/order/c1/submit', {
          customerId: 'c1',
          numberOfUsers: 10,
          paymentPlanIds: ['t1', 'p1'],
          tokenPackName: 'Pack',
        }),
      ],
    },
    {
      call: 'cancel',
      params: { id: 'o1', notes: 'Cancelled by user' },
      sent: [
        POST('/api/billing/order/c1/cancel', { orderId: 'o1', customerId: 'c1', notes: 'Cancelled by user' }),
      ],
    },
    {
      call: 'approve',
      params: { data: { orderId: 'o1' } },
      sent: [POST('/api/billing/approve_payment', { orderId: 'o1' })],
    },
  ],
} satisfies Requests;
