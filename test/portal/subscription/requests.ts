import { GET, POST } from '../dataProviders/edge';
import {
  eachOfMany,
  getSearches,
  LIST,
  ONE,
  postSearches,
  REF,
  type Requests,
  sends,
} from '../dataProviders/requestCases';

/** The requests of subscription, payment_plan, period_plan, service_feature, as the server receives them. */
export default {
  subscription: [
    ...postSearches('/api/billing/subscription/c1'),
    sends('getOne', ONE, GET('/api/billing/subscription/r1/detail?customerId=c1')),
    eachOfMany('getMany', (id) => GET(`/api/billing/subscription/${id}/detail?customerId=c1`)),
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
    sends('supportFeatures', {}, GET('/api/billing/c1/check/support_features')),
    sends(
      'precheckPayment',
      { subscriptionId: 'sub1' },
      POST('/api/billing/subscription/c1/precheck_payment?subscriptionId=sub1'),
    ),
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
    sends('cancel', { id: 'sub1' }, POST('/api/billing/subscription/sub1/cancel')),
  ],
  payment_plan: [
    ...getSearches('/api/billing/payment_plan', 'whole'),
    sends('higherPlan', { tierPlanId: 't1' }, GET('/api/billing/payment_plan/higher_plan?tierPlanId=t1')),
    sends('details', { ids: ['t1', 'p1'] }, POST('/api/billing/payment_plan/details', { ids: ['t1', 'p1'] })),
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
