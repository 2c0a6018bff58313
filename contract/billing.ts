import { type Static, Type } from 'typebox';
import { closed, closedQuery } from './fields.ts';
import { defineCalls, defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';

/**
 * Plans and prices (docs/requirements/billing-services-entities.md Package or tier, Period plan, Calculation result; docs/requirements/billing-services-data-calls.md billing calls; docs/requirements/constants-and-limits.md; spec
 * 01 docs/requirements/who-uses-it.md tiers, docs/requirements/roles-and-permissions.md calls without a token): the tiers a customer subscribes to, their billing periods and
 * features, and what a subscription costs. Money is an integer in the currency's minor unit (cents for USD):
 * never a floating-point number.
 */

export const TIER_PLAN_TYPES = ['FREE', 'NORMAL', 'ENTERPRISE'] as const;
export type TierPlanType = (typeof TIER_PLAN_TYPES)[number];

/** docs/requirements/constants-and-limits.md: the default currency. */
export const DEFAULT_CURRENCY = 'USD';
/** docs/requirements/constants-and-limits.md: number of users, default 10, maximum 100000, minimum the tier's minUser. */
export const NUMBER_OF_USERS = { default: 10, max: 100_000 } as const;
/** docs/requirements/constants-and-limits.md: a subscription that ends within 14 days is expiring soon. */
export const EXPIRY_WINDOW_MS = 1_209_600_000;

export const PeriodPlan = Type.Object({
  id: Type.String(),
  tierPlanId: Type.String(),
  name: Type.String(),
  /** Months billed and served. */
  periodCount: Type.Integer(),
  /** Months of the period not charged (a discount on longer periods). */
  freeMonth: Type.Integer(),
  /** Months added free to a customer's first paid subscription (the trial term). */
  firstTimeFreeMonth: Type.Integer(),
});
export type PeriodPlan = Static<typeof PeriodPlan>;

export const TierPlan = Type.Object({
  id: Type.String(),
  /** PROFESSIONAL for the NORMAL tier (docs/requirements/who-uses-it.md: Normal is shown as Professional). */
  name: Type.String(),
  tierPlanType: Type.Enum(TIER_PLAN_TYPES),
  minUser: Type.Integer(),
  description: Type.String(),
  /** Per user and month, in the currency's minor unit. */
  pricePerUserMonth: Type.Integer(),
  currency: Type.String(),
  /** The service features the tier includes (their ids). */
  featureIds: Type.Array(Type.String()),
  /** Its billing periods, shortest first (public: the home page shows them before sign-in). */
  periods: Type.Array(PeriodPlan),
});
export type TierPlan = Static<typeof TierPlan>;

export const ServiceFeature = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
});
export type ServiceFeature = Static<typeof ServiceFeature>;

export const paymentPlan = defineResource({
  name: 'payment_plan',
  base: '/billing/payment_plan',
  customerScoped: false,
  permission: null,
  list: {
    // The price list, shown as tiles to choose a plan from (and on the public pages), not a list to export.
    exported: false,
    by: 'array',
    path: '{base}',
    summary: 'The tiers, cheapest first, with their periods and features (no token needed)',
    access: { public: true },
    limit: 'public',
    schema: { response: { 200: Type.Array(TierPlan) } },
  },
  actions: {
    higherPlan: {
      by: 'call',
      method: 'GET',
      path: '{base}/higher_plan',
      query: ['tierPlanId'],
      summary: 'The tiers above a tier (what an upgrade may move to)',
      access: {},
      errors: [404],
      schema: {
        querystring: Type.Object({ tierPlanId: Type.String({ maxLength: 100 }) }, closedQuery),
        response: { 200: Type.Array(TierPlan) },
      },
    },
    details: {
      by: 'call',
      method: 'POST',
      path: '{base}/details',
      body: 'ids',
      summary: 'Tiers and periods by id (unknown ids are left out)',
      access: {},
      schema: {
        body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }) }, closed),
        response: {
          200: Type.Object({ tiers: Type.Array(TierPlan), periods: Type.Array(PeriodPlan) }),
        },
      },
    },
  },
});

export const periodPlan = defineResource({
  name: 'period_plan',
  base: '/billing/period_plan',
  customerScoped: false,
  permission: null,
  list: {
    // A tier's periods, shown as tiles of the purchase dialog, not a list to export.
    exported: false,
    by: 'array',
    path: '{base}',
    summary: 'The billing periods of a tier, shortest first',
    access: {},
    errors: [404],
    schema: {
      querystring: Type.Object({ tierPlanId: Type.String({ maxLength: 100 }) }, closedQuery),
      response: { 200: Type.Array(PeriodPlan) },
    },
  },
});

export const serviceFeature = defineResource({
  name: 'service_feature',
  base: '/billing/service_feature',
  customerScoped: false,
  permission: null,
  list: {
    // The features a tier lists, shown with the tiers, not a list to export.
    exported: false,
    by: 'array',
    path: '{base}',
    summary: 'The service features plans may include (no token needed)',
    access: { public: true },
    limit: 'public',
    schema: { response: { 200: Type.Array(ServiceFeature) } },
  },
});

// ——— What a subscription costs ———

export const CalculateBody = Type.Object(
  {
    customerId: Type.String({ maxLength: 100 }),
    /** The users to bill: all of them, or (edit, calculateOnRemainingTime) the users added. */
    numberOfUsers: Type.Integer({ minimum: 1, maximum: NUMBER_OF_USERS.max }),
    /** [tier id, period id]. */
    paymentPlanIds: Type.Array(Type.String({ maxLength: 100 }), { minItems: 2, maxItems: 2 }),
    /** false: no first-time free months (an extension). */
    applyTrial: Type.Optional(Type.Boolean()),
    /** An edit: the added users are billed for what remains of the subscription's period. */
    calculateOnRemainingTime: Type.Optional(Type.Boolean()),
    subscriptionId: Type.Optional(Type.String({ maxLength: 100 })),
    currency: Type.Optional(Type.Literal(DEFAULT_CURRENCY)),
  },
  closed,
);
export type CalculateBody = Static<typeof CalculateBody>;

export const Calculation = Type.Object({
  currency: Type.String(),
  /** Price of the users for the whole period, before the free months (minor unit). */
  totalAmount: Type.Integer(),
  /** The period's free months, in money and as a rounded percentage of the total. */
  discountAmount: Type.Integer(),
  discountPercent: Type.Integer(),
  /** What is charged (minor unit). */
  finalAmount: Type.Integer(),
  /** Free months added to the period: the first-time trial. */
  trialTerm: Type.Integer(),
});
export type Calculation = Static<typeof Calculation>;

export const billingCalls = defineCalls({
  name: 'billing-calculation',
  calls: {
    calculate: {
      method: 'POST',
      path: '/billing/subscription/calculate',
      summary:
        "What a subscription, an extension or an edit costs: the total, the free months' discount, the trial and the final amount",
      access: { customer: { from: 'body' } },
      errors: [404],
      schema: { body: CalculateBody, response: { 200: Calculation } },
    },
  },
});

/** The server's answers about plans and prices, in the catalogue's words (src/i18n/en/errors.ts). */
export const BILLING_ERRORS = defineErrors({
  tierNotFound: { status: 404, key: 'error.billing.tierNotFound', text: 'This plan does not exist.' },
  periodNotFound: {
    status: 404,
    key: 'error.billing.periodNotFound',
    text: 'This billing period does not exist for the chosen plan.',
  },
  subscriptionNotFound: {
    status: 404,
    key: 'error.billing.subscriptionNotFound',
    text: 'Subscription not found',
  },
  minNumberOfUser: {
    status: 400,
    key: 'error.billing.order.minNumberOfUser',
    text: 'Minimum %{minUser} users required',
  },
  lessThanCurrentNumberOfUser: {
    status: 400,
    key: 'error.billing.order.lessThanCurrentNumberOfUser',
    text: 'Only support to change the value greater than current subscription users. Current users is %{currUser}.',
  },
  freePlanSubscribed: {
    status: 409,
    key: 'error.billing.freePlanSubscribed',
    text: 'You already subscribed to the Free Plan',
  },
});

// ——— Orders (docs/requirements/billing-services-screens.md Orders list, docs/requirements/billing-services-entities.md Order, docs/requirements/billing-services-states.md Order states) ———

export const ORDER_ACTIONS = ['SUBSCRIBE', 'UPGRADE', 'EXTEND', 'EDIT'] as const;
export const ORDER_STATUSES = ['SUBMITTED', 'APPROVED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** docs/requirements/billing-services-data-calls.md: the note a customer's cancel sends. */
export const CANCEL_NOTE = 'Cancelled by user';
/** The token pack an approved order makes is named after its tier unless the order names one. */
export const TOKEN_PACK_NAME_MAX = 100;

export const Order = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  companyName: Type.String(),
  action: Type.Enum(ORDER_ACTIONS),
  status: Type.Enum(ORDER_STATUSES),
  numberOfUsers: Type.Integer(),
  /** [tier id, period id]. */
  paymentPlanIds: Type.Array(Type.String()),
  tierPaymentPlan: Type.Object({
    id: Type.String(),
    name: Type.String(),
    tierPlanType: Type.Enum(TIER_PLAN_TYPES),
    description: Type.String(),
  }),
  periodPaymentPlan: Type.Object({ id: Type.String(), name: Type.String(), periodCount: Type.Integer() }),
  subscriptionId: Type.Union([Type.String(), Type.Null()]),
  tokenPackName: Type.Union([Type.String(), Type.Null()]),
  removeUsers: Type.Array(Type.String()),
  /** What the order costs (minor unit), as calculated when it was placed. */
  amount: Type.Integer(),
  currency: Type.String(),
  trialTerm: Type.Integer(),
  /** Paid by card (a paid Professional order is approved at once). */
  paid: Type.Boolean(),
  notes: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
  /** When it was approved or cancelled. */
  closedDate: Type.Union([Type.String(), Type.Null()]),
  /** APPROVED: what the approval made. */
  tokenPackId: Type.Union([Type.String(), Type.Null()]),
  serviceInstanceId: Type.Union([Type.String(), Type.Null()]),
});
export type Order = Static<typeof Order>;

const UsersCount = Type.Integer({ minimum: 1, maximum: NUMBER_OF_USERS.max });
const PlanIds = Type.Array(Type.String({ maxLength: 100 }), { minItems: 2, maxItems: 2 });

export const SubmitOrderBody = Type.Object(
  {
    customerId: Type.String({ maxLength: 100 }),
    numberOfUsers: UsersCount,
    paymentPlanIds: PlanIds,
    tokenPackName: Type.Optional(Type.Union([Type.String({ maxLength: TOKEN_PACK_NAME_MAX }), Type.Null()])),
  },
  closed,
);
export type SubmitOrderBody = Static<typeof SubmitOrderBody>;

export const CancelOrderBody = Type.Object(
  {
    orderId: Type.String({ maxLength: 100 }),
    customerId: Type.String({ maxLength: 100 }),
    notes: Type.Optional(Type.String({ maxLength: 500 })),
  },
  closed,
);

export const ORDER_LISTING = defineListingNames({
  filters: ['q', 'status', 'month', 'customerId'],
  sort: ['createdDate', 'numberOfUsers', 'status', 'companyName'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

/** A month filter: MM/YYYY (docs/requirements/billing-services-screens.md Orders list). */
export const isMonth = (value: string): boolean => /^(0[1-9]|1[0-2])\/\d{4}$/.test(value);

/** The path value an operator lists every customer's orders with. */
export const ALL_CUSTOMERS = 'all';

/** A customer's own account changing its billing, in the customer of the path. */
const configureInPath = {
  permission: 'subscription:configure',
  scope: 'customer',
  customer: { from: 'path' },
} as const;
const CustomerParams = Type.Object({ customerId: Type.String({ maxLength: 100 }) });

export const order = defineResource({
  name: 'order',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Order', name: 'Order' },
  base: '/billing/order',
  customerScoped: true,
  permission: 'subscription',
  list: {
    by: 'postSearch',
    path: '{base}/{customerId}/search',
    summary:
      "Search orders: a customer's own, or every customer's for an operator (customerId 'all'); filters status, month (MM/YYYY) and, for operators, q (company name)",
    access: { permission: 'subscription:view', customer: { from: 'path', provider: ALL_CUSTOMERS } },
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/detail/{id}',
    summary: 'An order',
    access: { permission: 'subscription:view', customer: { from: 'path', provider: ALL_CUSTOMERS } },
    errors: [404],
    schema: {
      params: Type.Object({
        customerId: Type.String({ maxLength: 100 }),
        id: Type.String({ maxLength: 100 }),
      }),
      response: { 200: Order },
    },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/{customerId}/submit',
    body: 'data',
    summary:
      'Order a plan (the first subscription): a Free order is approved at once; a Professional one when paid; an Enterprise one by an operator',
    // The body names the customer again: another one than the path's is refused (404).
    access: { ...configureInPath, customer: { from: 'path', alsoIn: 'body' } },
    errors: [404, 409],
    schema: { params: CustomerParams, body: SubmitOrderBody, response: { 201: Order } },
  },
  actions: {
    cancel: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/cancel',
      body: { orderId: '{id}', customerId: '{customerId}', notes: '{notes}' },
      summary: "Cancel one of the customer's own submitted orders",
      // The body names the customer again: another one than the path's is refused (404).
      access: { ...configureInPath, customer: { from: 'path', alsoIn: 'body' } },
      errors: [404, 409],
      schema: { params: CustomerParams, body: CancelOrderBody, response: { 200: Order } },
    },
    approve: {
      by: 'call',
      method: 'POST',
      path: '/billing/approve_payment',
      body: 'data',
      summary:
        'Approve a submitted order (operators): in one transaction, the order approved, the subscription made or changed, and for a new subscription its token pack and service instance',
      access: { permission: 'subscription:configure', scope: 'provider' },
      errors: [404, 409],
      schema: {
        body: Type.Object({ orderId: Type.String({ maxLength: 100 }) }, closed),
        response: { 200: Order },
      },
    },
  },
});

export const ORDER_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.billing.orderNotFound', text: 'Order not found' },
  notSubmitted: {
    status: 409,
    key: 'error.billing.orderNotSubmitted',
    text: 'Only a submitted order can be cancelled or approved; this one is %{status}.',
  },
});

// ——— Subscriptions (docs/requirements/billing-services-screens.md Subscription page, docs/requirements/billing-services-entities.md Subscription, docs/requirements/billing-services-states.md Upgrade and extend, Edit) ———

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'EXPIRED', 'CANCELED'] as const;

export const Subscription = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  companyName: Type.String(),
  /** [tier id, period id]. */
  paymentPlanIds: Type.Array(Type.String()),
  numberOfUsers: Type.Integer(),
  tierPaymentPlan: Type.Object({
    id: Type.String(),
    name: Type.String(),
    tierPlanType: Type.Enum(TIER_PLAN_TYPES),
    description: Type.String(),
    minUser: Type.Integer(),
  }),
  periodPaymentPlan: Type.Object({ id: Type.String(), name: Type.String(), periodCount: Type.Integer() }),
  tierPlanType: Type.Enum(TIER_PLAN_TYPES),
  status: Type.Enum(SUBSCRIPTION_STATUSES),
  startDate: Type.String(),
  expireDate: Type.String(),
  /** ACTIVE and ending within the 14-day window (docs/requirements/constants-and-limits.md). */
  expiringSoon: Type.Boolean(),
  /** The token packs it serves. */
  tokenPacks: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  createdDate: Type.String(),
});
export type Subscription = Static<typeof Subscription>;

/**
 * The plan's number of users (README, _Decisions_: "The plan's user count"): a subscription in force covers
 * its `numberOfUsers` ACTIVE users of the primary directories of its token packs, those already enrolled in
 * them first, then the oldest; the others are over the plan (synchronised, never enrolled). What a generation
 * of activation codes or OTP seeds says beside its count: how many users of the pack's primary directory it
 * left out as over the plan, how many the plan covers, and the subscription to add users to, with its tier
 * (null: the pack has no subscription in force).
 */
export const PlanLeftOut = {
  leftOut: Type.Integer(),
  planCovers: Type.Integer(),
  subscriptionId: Type.Union([Type.String(), Type.Null()]),
  /** Its tier, which its _Add users_ opens on (null with it). */
  tierId: Type.Union([Type.String(), Type.Null()]),
};

/** The same, said by a re-generation only when it also made the missing ones (`all`). */
export const PlanLeftOutWhenAll = {
  leftOut: Type.Optional(PlanLeftOut.leftOut),
  planCovers: Type.Optional(PlanLeftOut.planCovers),
  subscriptionId: Type.Optional(PlanLeftOut.subscriptionId),
  tierId: Type.Optional(PlanLeftOut.tierId),
};

/** A customer's users against its plans: all its users, how many its subscriptions in force cover, and how many are over the plan. */
export const PlanCoverage = Type.Object({
  users: Type.Integer(),
  planCovers: Type.Integer(),
  overPlan: Type.Integer(),
});
export type PlanCoverage = Static<typeof PlanCoverage>;

export const SUBSCRIPTION_LISTING = defineListingNames({
  filters: ['status', 'tierPlanType', 'customerId'],
  sort: ['createdDate', 'expireDate', 'companyName'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const SubscriptionRef = Type.String({ maxLength: 100 });

/** What an upgrade and an extension send: the submit fields and the subscription they change. */
const CHANGE_FIELDS = {
  customerId: Type.String({ maxLength: 100 }),
  numberOfUsers: UsersCount,
  paymentPlanIds: PlanIds,
  subscriptionId: SubscriptionRef,
  tokenPackName: Type.Optional(Type.Union([Type.String({ maxLength: TOKEN_PACK_NAME_MAX }), Type.Null()])),
};
export const UpgradeBody = Type.Object(CHANGE_FIELDS, closed);
export const ExtendBody = Type.Object(
  {
    ...CHANGE_FIELDS,
    /** The users deactivated when the new count is below the active users (their ids). */
    removeUsers: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), { maxItems: NUMBER_OF_USERS.max }),
    ),
  },
  closed,
);
export const EditBody = Type.Object(
  {
    customerId: Type.String({ maxLength: 100 }),
    numberOfUsers: UsersCount,
    subscriptionId: SubscriptionRef,
  },
  closed,
);
export const PrecheckAnswer = Type.Object({
  /** A Professional subscription's change is paid by card; Free and Enterprise ones are not. */
  paymentRequired: Type.Boolean(),
});

export const subscription = defineResource({
  name: 'subscription',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Subscription', name: 'Subscription' },
  base: '/billing/subscription',
  customerScoped: true,
  permission: 'subscription',
  list: {
    by: 'postSearch',
    path: '{base}/{customerId}/search',
    summary:
      "Search subscriptions: a customer's own, or every customer's for an operator (customerId 'all'); filters status, tierPlanType",
    access: { permission: 'subscription:view', customer: { from: 'path', provider: ALL_CUSTOMERS } },
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}/detail',
    query: ['customerId'],
    summary: 'A subscription with its plan, dates and token packs',
    access: { permission: 'subscription:view', customer: { from: 'query', provider: ALL_CUSTOMERS } },
    errors: [404],
    schema: {
      params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
      querystring: Type.Object({ customerId: Type.String({ maxLength: 100 }) }, closedQuery),
      response: { 200: Subscription },
    },
  },
  getMany: { by: 'each' },
  update: {
    by: 'record',
    method: 'POST',
    path: '{base}/{customerId}/update',
    body: 'data',
    summary:
      'Edit a subscription: more users for the rest of its period (an order; a Free one is approved at once)',
    access: configureInPath,
    errors: [404],
    schema: { params: CustomerParams, body: EditBody, response: { 200: Order } },
  },
  actions: {
    upgrade: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/upgrade',
      body: 'data',
      summary: 'Order a higher tier for a subscription (from now, for the chosen period)',
      access: configureInPath,
      errors: [404, 409],
      schema: { params: CustomerParams, body: UpgradeBody, response: { 201: Order } },
    },
    extend: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/extend',
      body: 'data',
      summary:
        'Order another period of the same tier, possibly with fewer users (those to remove named when below the active users)',
      access: configureInPath,
      errors: [404],
      schema: { params: CustomerParams, body: ExtendBody, response: { 201: Order } },
    },
    precheckPayment: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/precheck_payment',
      query: ['subscriptionId'],
      summary:
        'Whether a change of the subscription is paid by card (Professional) or not (Free, Enterprise)',
      access: { permission: 'subscription:view', customer: { from: 'path' } },
      errors: [404],
      schema: {
        params: CustomerParams,
        querystring: Type.Object({ subscriptionId: SubscriptionRef }, closedQuery),
        response: { 200: PrecheckAnswer },
      },
    },
  },
});

export const SUBSCRIPTION_ERRORS = defineErrors({
  notHigher: {
    status: 409,
    key: 'error.billing.notHigherPlan',
    text: 'Choose a plan above the current one to upgrade.',
  },
  otherTier: {
    status: 400,
    key: 'error.billing.extendOtherTier',
    text: 'An extension keeps the plan of the subscription; to change the plan, upgrade it.',
  },
  removeUsers: {
    status: 400,
    key: 'error.billing.removeUsers',
    text: 'Choose %{count} users to remove: the new number of users is below the %{active} active users.',
  },
  notActive: {
    status: 409,
    key: 'error.billing.subscriptionNotActive',
    text: 'This subscription is not active.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  subscription: {
    scope: 'customer',
    actions: ['view', 'configure'],
    asset: { name: 'Subscriptions', description: 'Subscription plans of a customer' },
  },
});
