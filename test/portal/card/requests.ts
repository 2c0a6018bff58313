import { DELETE, GET, POST, PUT } from '../dataProviders/edge';
import { getSearches, type Requests } from '../dataProviders/requestCases';

/** The requests of card, as the server receives them. */
export default {
  card: [
    ...getSearches('/api/billing/c1/get-list-payment-sources', 'whole'),
    {
      call: 'create',
      params: { data: { stripeTokenId: 'tok_test_x' } },
      sent: [POST('/api/billing/c1/add-card', { stripeTokenId: 'tok_test_x' })],
      answer: { json: { id: 'card1' } },
    },
    { call: 'delete', params: { id: 'card1' }, sent: [DELETE('/api/billing/c1/delete-card/card1')] },
    { call: 'setDefault', params: { id: 'card1' }, sent: [PUT('/api/billing/c1/set-as-default-card/card1')] },
    {
      call: 'pay',
      params: { data: { orderId: 'o1', sourceId: 'card1' } },
      sent: [POST('/api/billing/c1/pay', { orderId: 'o1', sourceId: 'card1' })],
    },
    {
      call: 'payForOrder',
      params: { orderId: 'o1' },
      sent: [POST('/api/billing/c1/pay-for-order/o1')],
    },
    { call: 'provider', params: {}, sent: [GET('/api/billing/payment-provider')] },
  ],
} satisfies Requests;
