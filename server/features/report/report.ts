import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  bucketOf,
  type Count,
  CUSTOMER_PANELS,
  DASHBOARD_UIDS,
  type Dashboard,
  type DashboardUid,
  defaultReportRange,
  type PanelData,
  PROVIDER_PANELS,
  REPORT_ERRORS,
  REPORT_MAX_RANGE_DAYS,
  type ReportBucket,
  type SignInPoint,
} from '../../../contract/report.ts';
import type { Database } from '../../db/client.ts';
import {
  activationCodes,
  customers,
  orders,
  serviceInstances,
  signInEvents,
  subscriptions,
  tierPlans,
  tokenPacks,
  users,
} from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { customerPlan } from '../subscription/coverage.ts';

/**
 * The dashboard's figures (contract/report.ts; docs/requirements/billing-services-data-calls.md Dashboards): a customer's panels (its users,
 * activation codes by status, sign-ins and approvals over the reporting range, services by status, its
 * subscription) and the provider's (customers, orders by status, active subscriptions by tier, sign-ins
 * across customers). Each panel is one SQL statement of aggregates (FILTER clauses, a generated series of
 * buckets): nothing is counted row by row here, whatever the number of users. "As of now" is the app's clock.
 * A customer's panels run in that customer's transaction: the database's policies keep every count to its
 * rows (and lead each query by its customer's index); the provider's run outside any customer.
 */

type PanelType = Dashboard['panels'][number]['type'];
type CustomerPanel = (typeof CUSTOMER_PANELS)[number];
type ProviderPanel = (typeof PROVIDER_PANELS)[number];

const CUSTOMER_TYPES: Record<CustomerPanel, PanelType> = {
  users: 'stat',
  'activation-codes': 'pie',
  'sign-ins': 'timeseries',
  services: 'bar',
  subscription: 'record',
};
const PROVIDER_TYPES: Record<ProviderPanel, PanelType> = {
  customers: 'stat',
  orders: 'bar',
  subscriptions: 'pie',
  'sign-ins': 'timeseries',
};
/** The panels the reporting range applies to; the others are as of now. */
const RANGED = new Set<string>(['sign-ins']);

const panelsOf = (ids: readonly string[], types: Record<string, PanelType>) =>
  ids.map((id) => ({ id, type: types[id]!, ranged: RANGED.has(id) }));

/** The dashboards, their panels in display order. */
export const DASHBOARDS: Record<DashboardUid, Dashboard> = {
  customer: { uid: 'customer', panels: panelsOf(CUSTOMER_PANELS, CUSTOMER_TYPES) },
  provider: { uid: 'provider', panels: panelsOf(PROVIDER_PANELS, PROVIDER_TYPES) },
};

export const rangeRefused = () => fail(REPORT_ERRORS.REPORT_RANGE);
const panelUnknown = () => fail(REPORT_ERRORS.REPORT_PANEL_UNKNOWN);

/** The dashboard of a uid (customer or provider), or REPORT_DASHBOARD_UNKNOWN. */
export function dashboardOf(uid: string): Dashboard {
  if (!(DASHBOARD_UIDS as readonly string[]).includes(uid))
    throw fail(REPORT_ERRORS.REPORT_DASHBOARD_UNKNOWN);
  return DASHBOARDS[uid as DashboardUid];
}

const DAY_MS = 86_400_000;

/**
 * The reporting range asked: both ends, or one unit back from `to` (now when left out) by default (
 * docs/requirements/billing-services-states.md); an end that is not a date, a range that does not end after it starts or spans more than
 * REPORT_MAX_RANGE_DAYS: 400 REPORT_RANGE.
 */
export function reportRange(ask: { from?: string; to?: string }, now: Date): { from: Date; to: Date } {
  const to = ask.to === undefined ? now : new Date(ask.to);
  const from = ask.from === undefined ? defaultReportRange(to).from : new Date(ask.from);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw rangeRefused();
  if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > REPORT_MAX_RANGE_DAYS * DAY_MS) {
    throw rangeRefused();
  }
  return { from, to };
}

/** A timestamp parameter (ISO text cast in SQL: the same on PGlite and node-postgres). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
const countsOf = (row: Record<string, number> | undefined, names: readonly string[]): Count[] =>
  names.map((name) => ({ name, value: Number(row?.[name] ?? 0) }));

async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/**
 * Users: all of them, the active ones, those who activated the V-Key app; and against the plans
 * (subscription/coverage.ts, the users list's header says the same): how many the subscriptions in force
 * cover, how many are over the plan.
 */
async function userCounts(db: Database, now: Date): Promise<Count[]> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: counted(sql`${users.status} = 'ACTIVE'`),
      activated: counted(sql`${users.appActivated}`),
    })
    .from(users);
  const plan = await customerPlan(db, now);
  return [
    ...countsOf(row, ['total', 'active', 'activated']),
    { name: 'planCovers', value: plan.planCovers },
    { name: 'overPlan', value: plan.overPlan },
  ];
}

/**
 * Activation codes by the status a list shows: a NEW code past its expiry date is EXPIRED. Read through the
 * customer's token packs, from the covering index of the codes (pack, username, id) INCLUDE (status,
 * expire_date, customer_id) alone.
 */
async function activationCodeCounts(db: Database, now: Date): Promise<Count[]> {
  const expired = sql`${activationCodes.expireDate} < ${at(now)}`;
  const [row] = await db
    .select({
      NEW: counted(sql`${activationCodes.status} = 'NEW' and not (${expired})`),
      ACTIVATED: counted(sql`${activationCodes.status} = 'ACTIVATED'`),
      EXPIRED: counted(sql`${activationCodes.status} = 'NEW' and ${expired}`),
    })
    .from(activationCodes)
    .where(inArray(activationCodes.tokenPackId, db.select({ id: tokenPacks.id }).from(tokenPacks)));
  return countsOf(row, ['NEW', 'ACTIVATED', 'EXPIRED']);
}

/** Service instances by status. */
async function serviceCounts(db: Database): Promise<Count[]> {
  const [row] = await db
    .select({
      STARTED: counted(sql`${serviceInstances.status} = 'STARTED'`),
      STOPPED: counted(sql`${serviceInstances.status} = 'STOPPED'`),
    })
    .from(serviceInstances);
  return countsOf(row, ['STARTED', 'STOPPED']);
}

/** The subscription in force (else the latest), its status at `now` and the whole days it has left. */
async function subscriptionRecord(db: Database, now: Date): Promise<PanelData['record']> {
  const inForce = sql`${subscriptions.status} = 'ACTIVE' and ${subscriptions.expireDate} > ${at(now)}`;
  const [row] = await db
    .select({
      id: subscriptions.id,
      // The tier as the spec names it (FREE, NORMAL shown as Professional, ENTERPRISE).
      tier: tierPlans.tierPlanType,
      // As the subscription list shows it: an active one whose period has ended is EXPIRED.
      status: sql<string>`case when ${subscriptions.status} = 'ACTIVE' and not (${inForce}) then 'EXPIRED' else ${subscriptions.status} end`,
      numberOfUsers: subscriptions.numberOfUsers,
      expireDate: subscriptions.expireDate,
      daysLeft: sql<number>`floor(extract(epoch from (${subscriptions.expireDate} - ${at(now)})) / 86400)::int`,
    })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .orderBy(desc(sql`(${inForce})`), desc(subscriptions.createdDate), desc(subscriptions.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    tier: row.tier,
    status: row.status,
    numberOfUsers: row.numberOfUsers,
    expireDate: row.expireDate.toISOString(),
    daysLeft: Number(row.daysLeft),
  };
}

const BUCKET_STEP: Record<ReportBucket, string> = { hour: '1 hour', day: '1 day', month: '1 month' };

/**
 * Sign-ins and approvals per bucket of the range, in UTC, every bucket of the range answered (those without
 * an event with zeros): the events of the range counted by bucket, joined to the generated series. Of the
 * transaction's customer, or (outside any customer) of every customer: the operators' own sign-ins are not
 * a customer's and are left out.
 */
async function signInSeries(
  db: Database,
  range: { from: Date; to: Date },
  bucket: ReportBucket,
): Promise<SignInPoint[]> {
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`'${BUCKET_STEP[bucket]}'::interval`);
  const from = at(range.from);
  const to = at(range.to);
  const of = (kind: string, outcome: string) =>
    sql.raw(`(count(*) filter (where kind = '${kind}' and outcome = '${outcome}'))::int`);
  return rowsOf<SignInPoint>(
    db.execute(sql`
      with counted as (
        select date_trunc(${unit}, ${signInEvents.createdDate} at time zone 'UTC') as start,
          ${of('sign-in', 'success')} as sign_ins, ${of('sign-in', 'failure')} as sign_in_failures,
          ${of('approval', 'success')} as approvals, ${of('approval', 'failure')} as approval_failures
        from ${signInEvents}
        where ${signInEvents.createdDate} >= ${from} and ${signInEvents.createdDate} < ${to}
          and ${signInEvents.customerId} is not null
        group by 1
      )
      select to_char(b.start, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "time",
        coalesce(c.sign_ins, 0) as "signIns", coalesce(c.sign_in_failures, 0) as "signInFailures",
        coalesce(c.approvals, 0) as "approvals", coalesce(c.approval_failures, 0) as "approvalFailures"
      from generate_series(date_trunc(${unit}, ${from} at time zone 'UTC'), ${to} at time zone 'UTC', ${step})
        as b(start)
      left join counted c on c.start = b.start
      where b.start < (${to} at time zone 'UTC')
      order by b.start`),
  );
}

/** Customers by status, and all of them. */
async function customerCounts(db: Database): Promise<Count[]> {
  const [row] = await db
    .select({
      ACTIVE: counted(sql`${customers.status} = 'ACTIVE'`),
      INACTIVE: counted(sql`${customers.status} = 'INACTIVE'`),
      total: sql<number>`count(*)::int`,
    })
    .from(customers);
  return countsOf(row, ['ACTIVE', 'INACTIVE', 'total']);
}

/** Orders of every customer by status. */
async function orderCounts(db: Database): Promise<Count[]> {
  const [row] = await db
    .select({
      SUBMITTED: counted(sql`${orders.status} = 'SUBMITTED'`),
      APPROVED: counted(sql`${orders.status} = 'APPROVED'`),
      CANCELED: counted(sql`${orders.status} = 'CANCELED'`),
    })
    .from(orders);
  return countsOf(row, ['SUBMITTED', 'APPROVED', 'CANCELED']);
}

/** Subscriptions in force by tier (every tier, cheapest first, by its type: FREE, NORMAL, ENTERPRISE). */
async function activeSubscriptionCounts(db: Database, now: Date): Promise<Count[]> {
  const rows = await db
    .select({ name: tierPlans.tierPlanType, value: sql<number>`count(${subscriptions.id})::int` })
    .from(tierPlans)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.tierPlanId, tierPlans.id),
        eq(subscriptions.status, 'ACTIVE'),
        sql`${subscriptions.expireDate} > ${at(now)}`,
      ),
    )
    .groupBy(tierPlans.id, tierPlans.tierPlanType, tierPlans.rank)
    .orderBy(tierPlans.rank);
  return rows.map((row) => ({ name: row.name, value: Number(row.value) }));
}

const emptyPanel = (panel: string): PanelData => ({
  panel,
  from: null,
  to: null,
  bucket: null,
  counts: [],
  series: [],
  record: null,
});

/**
 * One panel's figures: of a customer's dashboard (customerId an id, `db` in its reach) or of the provider's
 * (null, `db` outside any customer). A panel the dashboard does not have: 404 REPORT_PANEL_UNKNOWN. The
 * range is read (and refused when wrong) for every panel, and applies to the ranged ones.
 */
export async function panelData(
  db: Database,
  values: { customerId: string | null; panel: string; from?: string; to?: string },
  now: Date,
): Promise<PanelData> {
  const { customerId, panel } = values;
  const dashboard = DASHBOARDS[customerId === null ? 'provider' : 'customer'];
  if (!dashboard.panels.some((candidate) => candidate.id === panel)) throw panelUnknown();
  const range = reportRange(values, now);
  const answer = emptyPanel(panel);
  if (RANGED.has(panel)) {
    const bucket = bucketOf(range.from, range.to);
    answer.from = range.from.toISOString();
    answer.to = range.to.toISOString();
    answer.bucket = bucket;
    answer.series = await signInSeries(db, range, bucket);
    return answer;
  }
  if (customerId === null) {
    if (panel === 'customers') answer.counts = await customerCounts(db);
    else if (panel === 'orders') answer.counts = await orderCounts(db);
    else answer.counts = await activeSubscriptionCounts(db, now);
    return answer;
  }
  if (panel === 'users') answer.counts = await userCounts(db, now);
  else if (panel === 'activation-codes') answer.counts = await activationCodeCounts(db, now);
  else if (panel === 'services') answer.counts = await serviceCounts(db);
  else answer.record = await subscriptionRecord(db, now);
  return answer;
}
