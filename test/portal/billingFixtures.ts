import type { Order } from '../../contract/billing';

/** An order of the customer c1 (a Professional yearly order for 25 users), with the fields given. */
export const orderOf = (fields: Partial<Order> = {}): Order => ({
  id: 'o1',
  customerId: 'c1',
  companyName: 'Acme',
  action: 'SUBSCRIBE',
  status: 'SUBMITTED',
  numberOfUsers: 25,
  paymentPlanIds: ['pro', 'p12'],
  tierPaymentPlan: { id: 'pro', name: 'PROFESSIONAL', tierPlanType: 'NORMAL', description: '' },
  periodPaymentPlan: { id: 'p12', name: '12 months', periodCount: 12 },
  subscriptionId: null,
  tokenPackName: null,
  removeUsers: [],
  amount: 75_000,
  currency: 'USD',
  trialTerm: 1,
  paid: false,
  notes: null,
  createdDate: '2026-11-20T10:00:00.000Z',
  closedDate: null,
  tokenPackId: null,
  serviceInstanceId: null,
  ...fields,
});
