import { type Static, Type } from 'typebox';
import { closedQuery, NullableString } from './fields.ts';
import { defineErrors, defineResource, type Grant } from './kit.ts';

/**
 * The dashboard (/report; docs/requirements/portal-routes-and-menus.md, docs/requirements/billing-services-states.md Reporting time filter, docs/requirements/billing-services-data-calls.md Dashboards, docs/requirements/constants-and-limits.md): a customer's
 * panels (users, activation codes by status, sign-ins and approvals over time, services by status, the
 * subscription) or the provider's (customers, orders by status, active subscriptions, sign-ins across
 * customers). `GET /grafana/dashboards/uid/{uid}` describes a dashboard's panels; the data-source proxy
 * answers one panel's figures, computed in SQL, one call per panel.
 */

/** The dashboards: a customer's (operators inside a customer see it too) and the provider's. */
export const DASHBOARD_UIDS = ['customer', 'provider'] as const;
export type DashboardUid = (typeof DASHBOARD_UIDS)[number];

export const CUSTOMER_PANELS = ['users', 'activation-codes', 'sign-ins', 'services', 'subscription'] as const;
export const PROVIDER_PANELS = ['customers', 'orders', 'subscriptions', 'sign-ins'] as const;
export const REPORT_PANELS = [...new Set([...CUSTOMER_PANELS, ...PROVIDER_PANELS])] as const;
export type ReportPanel = (typeof CUSTOMER_PANELS)[number] | (typeof PROVIDER_PANELS)[number];

/** The value of `{customerId}` that names the provider's dashboard (operators only). */
export const REPORT_PROVIDER = 'provider';

/**
 * The reporting range (docs/requirements/billing-services-states.md): from one unit back from now to now by default (docs/requirements/constants-and-limits.md); the picker
 * changes the unit or sets both ends, and resets to the default. Buckets of the sign-ins series: an hour
 * for a day, a day for a week or a month, a month for a year.
 */
export const REPORT_UNITS = ['day', 'week', 'month', 'year'] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number];
/** Chosen: a week, so that the sign-ins line has seven daily points. */
export const DEFAULT_REPORT_UNIT: ReportUnit = 'week';
export const REPORT_BUCKETS = ['hour', 'day', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
/** The longest range one call reads (a bucket of an hour over a year would be 8,760 points). */
export const REPORT_MAX_RANGE_DAYS = 366;

/** The default range: one unit back from `now`. */
export function defaultReportRange(
  now: Date,
  unit: ReportUnit = DEFAULT_REPORT_UNIT,
): { from: Date; to: Date } {
  const from = new Date(now);
  if (unit === 'day') from.setUTCDate(from.getUTCDate() - 1);
  else if (unit === 'week') from.setUTCDate(from.getUTCDate() - 7);
  else if (unit === 'month') from.setUTCMonth(from.getUTCMonth() - 1);
  else from.setUTCFullYear(from.getUTCFullYear() - 1);
  return { from, to: new Date(now) };
}

/** The bucket of a range: an hour up to two days, a day up to 92 days, a month beyond. */
export function bucketOf(from: Date, to: Date): ReportBucket {
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  return days <= 2 ? 'hour' : days <= 92 ? 'day' : 'month';
}

export const DashboardPanel = Type.Object({
  /** The panel's id, the last part of its data-source proxy path. */
  id: Type.String(),
  /** How the portal draws it: figures, a bar or pie of counts by status, a line over time, a record. */
  type: Type.Enum(['stat', 'bar', 'pie', 'timeseries', 'record']),
  /** Does the reporting range apply to it (sign-ins) or is it as of now. */
  ranged: Type.Boolean(),
});
export const Dashboard = Type.Object({
  uid: Type.Enum([...DASHBOARD_UIDS]),
  panels: Type.Array(DashboardPanel),
});
export type Dashboard = Static<typeof Dashboard>;

/** A count by name (status, or figure name): `{ name: 'ACTIVATED', value: 12 }`. */
export const Count = Type.Object({ name: Type.String(), value: Type.Integer() });
export type Count = Static<typeof Count>;

/** One bucket of the sign-ins series: its start, sign-ins and approvals that succeeded, and those that failed. */
export const SignInPoint = Type.Object({
  time: Type.String(),
  signIns: Type.Integer(),
  signInFailures: Type.Integer(),
  approvals: Type.Integer(),
  approvalFailures: Type.Integer(),
});
export type SignInPoint = Static<typeof SignInPoint>;

/** A panel's figures: `counts` for stat, bar and pie panels; `series` for sign-ins; `record` for the subscription. */
export const PanelData = Type.Object({
  panel: Type.String(),
  /** The range read (ranged panels), ISO dates, and its bucket. */
  from: NullableString,
  to: NullableString,
  bucket: Type.Union([Type.Enum([...REPORT_BUCKETS]), Type.Null()]),
  counts: Type.Array(Count),
  series: Type.Array(SignInPoint),
  /** The subscription panel: the active (or latest) subscription, or null when there is none. */
  record: Type.Union([
    Type.Object({
      id: Type.String(),
      tier: Type.String(),
      status: Type.String(),
      numberOfUsers: Type.Integer(),
      expireDate: NullableString,
      /** Whole days left until it expires (negative once expired), null without an expiry. */
      daysLeft: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type PanelData = Static<typeof PanelData>;

export const PanelQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  closedQuery,
);

/**
 * The answers of the report calls: the server answers `{messageKey: key, message}` with the status; the
 * catalogue (src/i18n/en/errors.ts) has each key with the same text.
 */
export const REPORT_ERRORS = defineErrors({
  REPORT_RANGE: {
    status: 400,
    key: 'error.report.range',
    text: 'The reporting range must end after it starts and span at most 366 days.',
  },
  REPORT_DASHBOARD_UNKNOWN: {
    status: 404,
    key: 'error.report.dashboardUnknown',
    text: 'There is no such dashboard.',
  },
  REPORT_PANEL_UNKNOWN: {
    status: 404,
    key: 'error.report.panelUnknown',
    text: 'This dashboard has no such panel.',
  },
});

/** Any signed-in account sees its customer's dashboard (docs/requirements/portal-routes-and-menus.md); operators the provider's with `provider`. */
/**
 * Who may read each panel: the permission of the records it counts (an operator inside a customer needs the
 * same as the customer's own accounts; the provider's panels are operators' only: the customer `provider`).
 */
export const PANEL_GRANTS = {
  users: [{ permission: 'user-management:view' }],
  'activation-codes': [{ permission: 'token-pack:view' }],
  'sign-ins': [
    { permission: 'user-management:view', scope: 'customer' },
    { permission: 'customer:view', scope: 'provider' },
  ],
  services: [{ permission: 'service_instance:view' }],
  subscription: [{ permission: 'subscription:view' }],
  customers: [{ permission: 'customer:view' }],
  orders: [{ permission: 'subscription:view' }],
  subscriptions: [{ permission: 'subscription:view' }],
} as const satisfies Record<ReportPanel, readonly Grant[]>;

const dashboardAccess = {
  customer: { from: 'path', provider: REPORT_PROVIDER },
  byParam: { param: 'panel', grants: PANEL_GRANTS },
} as const;

export const report = defineResource({
  name: 'report',
  base: '/grafana',
  customerScoped: false,
  permission: null,
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/dashboards/uid/{id}',
    summary: "A dashboard's panels (uid customer or provider)",
    // The provider's dashboard is for operators only.
    access: { providerWhen: { param: 'id', is: REPORT_PROVIDER } },
    errors: [404],
    schema: {
      params: Type.Object({ id: Type.String({ maxLength: 50 }) }, closedQuery),
      response: { 200: Dashboard },
    },
  },
  actions: {
    /** The data-source proxy: one panel's figures (`meta.customerId` 'provider' for the provider's panels). */
    panel: {
      by: 'call',
      method: 'GET',
      path: '{base}/api/datasources/proxy/{customerId}/{panel}',
      query: ['from', 'to'],
      summary:
        "One dashboard panel's figures (customerId provider: the provider's panels), computed in SQL; from/to ISO dates for ranged panels (default one week back)",
      access: dashboardAccess,
      errors: [404],
      schema: {
        params: Type.Object({
          customerId: Type.String({ maxLength: 100 }),
          panel: Type.String({ maxLength: 50 }),
        }),
        querystring: PanelQuery,
        response: { 200: PanelData },
      },
    },
  },
});
