import type { Order, Subscription, TierPlan } from '../../contract/billing';

/** The Professional tier plan ($3 a user a month, from 10 users; no feature, no period), with the fields given. */
export const proPlanOf = (fields: Partial<TierPlan> = {}): TierPlan => ({
  id: 'pro',
  name: 'PROFESSIONAL',
  tierPlanType: 'NORMAL',
  minUser: 10,
  description: 'Every connector.',
  pricePerUserMonth: 300,
  currency: 'USD',
  featureIds: [],
  periods: [],
  ...fields,
});

/**
 * The active subscription s1 of the customer c1 (Professional, 12 months, 25 users, from 2026-01-01 to
 * 2027-02-01, with the token pack tp1), with the fields given.
 */
export const subscriptionOf = (fields: Partial<Subscription> = {}): Subscription => ({
  id: 's1',
  customerId: 'c1',
  companyName: 'Acme',
  paymentPlanIds: ['pro', 'p12'],
  numberOfUsers: 25,
  tierPaymentPlan: { id: 'pro', name: 'PROFESSIONAL', tierPlanType: 'NORMAL', description: '', minUser: 10 },
  periodPaymentPlan: { id: 'p12', name: '12 months', periodCount: 12 },
  tierPlanType: 'NORMAL',
  status: 'ACTIVE',
  startDate: '2026-01-01T00:00:00.000Z',
  expireDate: '2027-02-01T00:00:00.000Z',
  expiringSoon: false,
  tokenPacks: [{ id: 'tp1', name: 'Professional Token Pack' }],
  createdDate: '2026-01-01T00:00:00.000Z',
  ...fields,
});

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
