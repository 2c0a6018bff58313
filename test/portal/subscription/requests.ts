import { GET, POST } from '../dataProviders/edge';
import {
  getSearches,
  LIST,
  MANY,
  ONE,
  postSearches,
  REF,
  type Requests,
} from '../dataProviders/requestCases';

/** The requests of subscription, payment_plan, period_plan, service_feature, as the server receives them. */
export default {
  subscription: [
    ...postSearches('/api/billing/subscription/c1'),
    { call: 'getOne', params: ONE, sent: [GET('/api/billing/subscription/r1/detail?customerId=c1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [
        GET('/api/billing/subscription/r1/detail?customerId=c1'),
        GET('/api/billing/subscription/r2/detail?customerId=c1'),
      ],
    },
    {
      call: 'update',
      params: {
        id: 'sub1',
        data: { customerId: 'c1', numberOfUsers: 20, subscriptionId: 'sub1' },
        previousData: { id: 'sub1' },
      },
      sent: [
        POST('/api/billing/subscription/c1/update', {
          customerId: 'c1',
          numberOfUsers: 20,
          subscriptionId: 'sub1',
        }),
      ],
    },
    {
      call: 'upgrade',
      params: { data: { numberOfUsers: 20, paymentPlanIds: ['t1', 'p1'], subscriptionId: 'sub1' } },
      sent: [
        POST('/api/billing/subscription/c1/upgrade', {
          numberOfUsers: 20,
          paymentPlanIds: ['t1', 'p1'],
          subscriptionId: 'sub1',
        }),
      ],
    },
    {
      call: 'extend',
      params: { data: { numberOfUsers: 20, removeUsers: [] } },
      sent: [POST('/api/billing/subscription/c1/extend', { numberOfUsers: 20, removeUsers: [] })],
    },
    {
      call: 'supportFeatures',
      params: {},
      sent: [GET('/api/billing/c1/check/support_features')],
    },
    {
      call: 'precheckPayment',
      params: { subscriptionId: 'sub1' },
      sent: [POST('/api/billing/subscription/c1/precheck_payment?subscriptionId=sub1')],
    },
    {
      call: 'calculate',
      params: { data: { customerId: 'c1', numberOfUsers: 20, paymentPlanIds: ['t1', 'p1'] } },
      sent: [
        POST('/api/billing/subscription/calculate', {
          customerId: 'c1',
          numberOfUsers: 20,
          paymentPlanIds: ['t1', 'p1'],
        }),
      ],
    },
    { call: 'cancel', params: { id: 'sub1' }, sent: [POST('/api/billing/subscription/sub1/cancel')] },
  ],
  payment_plan: [
    ...getSearches('/api/billing/payment_plan', 'whole'),
    {
      call: 'higherPlan',
      params: { tierPlanId: 't1' },
      sent: [GET('/api/billing/payment_plan/higher_plan?tierPlanId=t1')],
    },
    {
      call: 'details',
      params: { ids: ['t1', 'p1'] },
      sent: [POST('/api/billing/payment_plan/details', { ids: ['t1', 'p1'] })],
    },
  ],
  period_plan: [
    {
      call: 'getList',
      params: { ...LIST, filter: { tierPlanId: 't1' } },
      sent: [GET('/api/billing/period_plan?tierPlanId=t1')],
      answer: { json: [] },
    },
    {
      call: 'getManyReference',
      params: { ...REF, target: 'tierPlanId', id: 't1' },
      sent: [GET('/api/billing/period_plan?tierPlanId=t1')],
      answer: { json: [] },
    },
  ],
  service_feature: [...getSearches('/api/billing/service_feature', 'whole')],
} satisfies Requests;
