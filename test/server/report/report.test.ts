import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PANELS, PROVIDER_PANELS, REPORT_ERRORS } from '../../../contract/report.ts';
import { CUSTOMER_NOT_FOUND } from '../../../server/auth/customer.ts';
import {
  activationCodes,
  orders,
  periodPlans,
  serviceInstances,
  signInEvents,
  subscriptions,
  tierPlans,
  tokenPacks,
  users,
} from '../../../server/db/schema.ts';
import { redactUrl } from '../../../server/logging.ts';
import {
  addUsers,
  codeCalls,
  generated,
  storedCodes,
  type Tenant,
  tenant,
} from '../activationCode/fixtures.ts';
import { tokenWithRole } from '../fixtures/admin.ts';
import {
  createTestContext,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
  uniqueEmail,
} from '../helpers.ts';
import {
  type AppAccount,
  accountWithApp,
  codeOf,
  PASSWORD,
  pendingSignin,
  secondFactorCalls,
  wrongCodeOf,
} from '../secondFactor/fixtures.ts';

/**
 * The dashboard's server side (contract/report.ts): a dashboard's panels, and each panel's figures through
 * the data-source proxy, for a seeded customer with exact counts; sign-ins and approvals recorded by the
 * real flows, counted in the bucket of today with the other buckets answered as zeros; the range's limits;
 * who may read which dashboard; the session token in the query, never in the log.
 */

const DAY = 86_400_000;
const PROXY = '/api/grafana/api/datasources/proxy';

const logLines: string[] = [];
let ctx: TestContext;
let acme: Tenant;
let initech: Tenant;
let globexId: string;
let operator: string;
let tiers: { id: string; name: string; periodId: string }[];

const reportError = (error: { key: string; text: string }) => ({
  messageKey: error.key,
  message: error.text,
});

const panel = (token: string, customerId: string, id: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return ctx.call('GET', `${PROXY}/${customerId}/${id}${search ? `?${search}` : ''}`, { token });
};

/** A subscription written straight to the database, its dates relative to now. */
async function subscribe(
  customerId: string,
  tier: (typeof tiers)[number],
  values: {
    status?: 'ACTIVE' | 'CANCELED';
    expiresInMs: number;
    createdAgoMs: number;
    numberOfUsers: number;
  },
) {
  const now = Date.now();
  const [row] = await ctx.db
    .insert(subscriptions)
    .values({
      customerId,
      tierPlanId: tier.id,
      periodPlanId: tier.periodId,
      numberOfUsers: values.numberOfUsers,
      status: values.status ?? 'ACTIVE',
      startDate: new Date(now - values.createdAgoMs),
      expireDate: new Date(now + values.expiresInMs),
      createdDate: new Date(now - values.createdAgoMs),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  operator = await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
  const rows = await ctx.db
    .select({ id: tierPlans.id, name: tierPlans.name, periodId: periodPlans.id })
    .from(tierPlans)
    .innerJoin(periodPlans, eq(periodPlans.tierPlanId, tierPlans.id))
    .orderBy(tierPlans.rank, periodPlans.periodCount);
  tiers = rows.filter((row, index) => rows.findIndex((other) => other.id === row.id) === index);

  // Acme: 5 users (one inactive), their codes (one activated in the app, one expired), 3 services, and
  // an active subscription older than an ended one.
  // Its pack is the 25-user subscription's (made below, with the ended one).
  acme = await tenant(ctx, 'Acme', { numberOfUsers: null });
  const plan = await subscribe(acme.id, tiers[1]!, {
    expiresInMs: 10 * DAY + 3_600_000,
    createdAgoMs: 20 * DAY,
    numberOfUsers: 25,
  });
  await ctx.db.update(tokenPacks).set({ subscriptionId: plan.id }).where(eq(tokenPacks.id, acme.packId));
  await subscribe(acme.id, tiers[2]!, { expiresInMs: -DAY, createdAgoMs: DAY, numberOfUsers: 50 });
  const made = await addUsers(ctx, { customerId: acme.id, directoryId: acme.directoryId }, 5);
  expect(await generated(ctx, acme)).toBe(5);
  const codes = await storedCodes(ctx, acme.packId);
  const activated = await codeCalls(ctx).activate(codes[0]!.code);
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  await ctx.db
    .update(activationCodes)
    .set({ expireDate: new Date(Date.now() - DAY) })
    .where(eq(activationCodes.id, codes[1]!.id));
  await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, made[2]!.id));
  await ctx.db.insert(serviceInstances).values([
    { customerId: acme.id, tokenPackId: acme.packId, instanceName: 'VPN', status: 'STARTED' },
    { customerId: acme.id, tokenPackId: acme.packId, instanceName: 'CRM', status: 'STARTED' },
    { customerId: acme.id, tokenPackId: acme.packId, instanceName: 'Wiki', status: 'STOPPED' },
  ]);

  // Initech: the customer whose sign-ins are counted (its administrator signed in once in tenant()).
  initech = await tenant(ctx, 'Initech', { numberOfUsers: null });
  // Globex: nothing but its administrator.
  globexId = (await ctx.createCustomer({ companyName: 'Globex' })).id;
  await ctx.createCustomer({ companyName: 'Umbrella', status: 'INACTIVE' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the dashboards', () => {
  it("answers a customer's panels in display order, to any signed-in account", async () => {
    const expected = {
      uid: 'customer',
      panels: [
        { id: 'users', type: 'stat', ranged: false },
        { id: 'activation-codes', type: 'pie', ranged: false },
        { id: 'sign-ins', type: 'timeseries', ranged: true },
        { id: 'services', type: 'bar', ranged: false },
        { id: 'subscription', type: 'record', ranged: false },
      ],
    };
    for (const token of [acme.admin, operator]) {
      const answer = await ctx.call('GET', '/api/grafana/dashboards/uid/customer', { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expected);
    }
  });

  it("answers the provider's panels to operators only (403 for a customer's account)", async () => {
    const answer = await ctx.call('GET', '/api/grafana/dashboards/uid/provider', { token: operator });
    expect(answer.status).toBe(200);
    expect(answer.body.panels.map((one: { id: string }) => one.id)).toEqual([
      'customers',
      'orders',
      'subscriptions',
      'sign-ins',
    ]);
    const refused = await ctx.call('GET', '/api/grafana/dashboards/uid/provider', { token: acme.admin });
    expect(refused.status).toBe(403);
  });

  it('answers an unknown dashboard 404, and nothing without a session (401)', async () => {
    const unknown = await ctx.call('GET', '/api/grafana/dashboards/uid/finance', { token: operator });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(reportError(REPORT_ERRORS.REPORT_DASHBOARD_UNKNOWN));
    expect((await ctx.call('GET', '/api/grafana/dashboards/uid/customer')).status).toBe(401);
  });
});

describe("a customer's panels", () => {
  it('counts the users: all, active, activated on the app, and against the plan', async () => {
    const answer = await panel(acme.admin, acme.id, 'users');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      panel: 'users',
      from: null,
      to: null,
      bucket: null,
      counts: [
        { name: 'total', value: 5 },
        { name: 'active', value: 4 },
        { name: 'activated', value: 1 },
        // The 25-user subscription in force (the ended one covers nobody); nobody over it.
        { name: 'planCovers', value: 25 },
        { name: 'overPlan', value: 0 },
      ],
      series: [],
      record: null,
    });
  });

  it('counts the activation codes by status, a NEW code past its expiry as EXPIRED', async () => {
    const answer = await panel(acme.admin, acme.id, 'activation-codes');
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual([
      { name: 'NEW', value: 3 },
      { name: 'ACTIVATED', value: 1 },
      { name: 'EXPIRED', value: 1 },
    ]);
  });

  it('counts the services by status', async () => {
    const answer = await panel(acme.admin, acme.id, 'services');
    expect(answer.body.counts).toEqual([
      { name: 'STARTED', value: 2 },
      { name: 'STOPPED', value: 1 },
    ]);
  });

  it('shows the subscription in force rather than a later one that has ended, with its days left', async () => {
    const answer = await panel(acme.admin, acme.id, 'subscription');
    expect(answer.status).toBe(200);
    expect(answer.body.record).toEqual({
      id: expect.any(String),
      // The tier as the spec names it: the portal shows NORMAL as Professional.
      tier: 'NORMAL',
      status: 'ACTIVE',
      numberOfUsers: 25,
      expireDate: expect.any(String),
      daysLeft: 10,
    });
    expect(answer.body.counts).toEqual([]);
  });

  it('shows an ended subscription as EXPIRED with negative days, and none as null', async () => {
    await subscribe(initech.id, tiers[0]!, {
      expiresInMs: -(2 * DAY + 12 * 3_600_000),
      createdAgoMs: 40 * DAY,
      numberOfUsers: 5,
    });
    const ended = await panel(initech.admin, initech.id, 'subscription');
    expect(ended.body.record).toMatchObject({ tier: 'FREE', status: 'EXPIRED', daysLeft: -3 });
    const none = await panel(operator, globexId, 'subscription');
    expect(none.status).toBe(200);
    expect(none.body.record).toBeNull();
  });

  it('answers zeros for a customer with nothing yet', async () => {
    const answer = await panel(operator, globexId, 'activation-codes');
    expect(answer.body.counts).toEqual([
      { name: 'NEW', value: 0 },
      { name: 'ACTIVATED', value: 0 },
      { name: 'EXPIRED', value: 0 },
    ]);
  });

  it('answers a panel of another dashboard, or none, 404 REPORT_PANEL_UNKNOWN', async () => {
    for (const id of ['orders', 'customers', 'revenue']) {
      const answer = await panel(operator, acme.id, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(reportError(REPORT_ERRORS.REPORT_PANEL_UNKNOWN));
    }
    // A customer's administrator: the same, but for a panel whose permission it cannot hold (customer:view).
    for (const id of ['orders', 'revenue']) expect((await panel(acme.admin, acme.id, id)).status).toBe(404);
    expect((await panel(acme.admin, acme.id, 'customers')).status).toBe(403);
  });

  it("answers another customer's id as an unknown one (404), and 'provider' to a customer's account", async () => {
    const unknownId = '0b7a4a52-46c4-4d0c-9a57-6b8d3c1e0f00';
    for (const customerId of [initech.id, unknownId, 'provider']) {
      const answer = await panel(acme.admin, customerId, 'users');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ messageKey: CUSTOMER_NOT_FOUND.key, message: CUSTOMER_NOT_FOUND.text });
    }
  });

  it("lets an operator read a customer's panels", async () => {
    const answer = await panel(operator, acme.id, 'users');
    expect(answer.status).toBe(200);
    expect(answer.body.counts[0]).toEqual({ name: 'total', value: 5 });
  });
});

describe('sign-ins and approvals over time', () => {
  let owners: AppAccount[];

  beforeAll(async () => {
    const calls = secondFactorCalls(ctx);
    // A password sign-in that succeeds, one with a wrong password, one with an address nobody has.
    const email = uniqueEmail('initech');
    await ctx.createAccount({ email, password: PASSWORD, customerId: initech.id });
    await ctx.signIn(email, PASSWORD);
    expect((await calls.signin(email, 'Wrong-Password-1')).status).toBe(401);
    expect((await calls.signin(uniqueEmail('nobody'), 'Wrong-Password-1')).status).toBe(401);
    // Two accounts with the second factor: the app approves the first's request; the second types a
    // wrong code, then its app rejects the request.
    // Their apps are activated under a plan in force, cancelled right after (so that the subscription panels
    // above and the provider's count stay as they are): the portal's own second factor goes through no
    // service, so the plan does not limit it.
    const plan = await subscribe(initech.id, tiers[1]!, {
      expiresInMs: 30 * DAY,
      createdAgoMs: 50 * DAY,
      numberOfUsers: 25,
    });
    await ctx.db.update(tokenPacks).set({ subscriptionId: plan.id }).where(eq(tokenPacks.id, initech.packId));
    owners = [
      await accountWithApp(ctx, initech, { enable2fa: true }),
      await accountWithApp(ctx, initech, { enable2fa: true }),
    ];
    await ctx.db.update(subscriptions).set({ status: 'CANCELED' }).where(eq(subscriptions.id, plan.id));
    const approved = await pendingSignin(ctx, owners[0]!.email);
    const decided = await calls.appDecision({
      requestId: approved.requestId,
      decision: 'APPROVE',
      code: await codeOf(owners[0]!.seed),
    });
    expect(decided.status).toBe(200);
    const { requestId, requestSecret } = approved;
    expect((await calls.complete({ requestId, requestSecret })).status).toBe(200);
    const refused = await pendingSignin(ctx, owners[1]!.email);
    const typed = await calls.complete({
      requestId: refused.requestId,
      requestSecret: refused.requestSecret,
      code: await wrongCodeOf(owners[1]!.seed),
    });
    expect(typed.status).toBe(401);
    const rejected = await calls.appDecision({
      requestId: refused.requestId,
      decision: 'REJECT',
      code: await codeOf(owners[1]!.seed),
    });
    expect(rejected.status).toBe(200);
  });

  const startOfDay = (iso: string) => `${iso.slice(0, 10)}T00:00:00.000Z`;

  it("counts them in the bucket of today, a day's buckets over the default week, the others zero", async () => {
    const before = Date.now();
    const answer = await panel(initech.admin, initech.id, 'sign-ins');
    expect(answer.status).toBe(200);
    const { from, to, bucket, series } = answer.body;
    expect(bucket).toBe('day');
    expect(new Date(to).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(7 * DAY);
    // Eight days touched by a week back from now (seven when it ends at midnight), oldest first.
    expect(series.length).toBe(to.endsWith('T00:00:00.000Z') ? 7 : 8);
    expect(series[0].time).toBe(startOfDay(from));
    const today = series.at(-1);
    expect(today).toEqual({
      time: startOfDay(to),
      // The administrator (tenant), the account's password, the two second-factor accounts' passwords.
      signIns: 4,
      signInFailures: 1,
      // The app's approval; the wrong code typed and the app's rejection.
      approvals: 1,
      approvalFailures: 2,
    });
    for (const point of series.slice(0, -1)) {
      expect(point).toMatchObject({ signIns: 0, signInFailures: 0, approvals: 0, approvalFailures: 0 });
    }
  });

  it('records who: the account and its customer, and a refusal for an unknown address with neither', async () => {
    const [approval] = await ctx.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.accountId, owners[0]!.accountId))
      .orderBy(sql`${signInEvents.id} desc`)
      .limit(1);
    expect(approval).toMatchObject({
      kind: 'approval',
      method: 'app',
      outcome: 'success',
      customerId: initech.id,
    });
    const anonymous = await ctx.db
      .select()
      .from(signInEvents)
      .where(sql`${signInEvents.accountId} is null and ${signInEvents.kind} = 'sign-in'`);
    expect(anonymous).toEqual([
      expect.objectContaining({ outcome: 'failure', method: 'password', customerId: null }),
    ]);
  });

  it('answers every hour of a day and every month of a year, with zeros where nothing happened', async () => {
    const day = await panel(initech.admin, initech.id, 'sign-ins', {
      from: '2020-01-01T00:00:00.000Z',
      to: '2020-01-02T00:00:00.000Z',
    });
    expect(day.status).toBe(200);
    expect(day.body.bucket).toBe('hour');
    expect(day.body.series).toHaveLength(24);
    expect(day.body.series[23]).toEqual({
      time: '2020-01-01T23:00:00.000Z',
      signIns: 0,
      signInFailures: 0,
      approvals: 0,
      approvalFailures: 0,
    });
    const year = await panel(initech.admin, initech.id, 'sign-ins', {
      from: '2020-01-15T00:00:00.000Z',
      to: '2020-12-31T00:00:00.000Z',
    });
    expect(year.body.bucket).toBe('month');
    expect(year.body.series.map((point: { time: string }) => point.time.slice(0, 7))).toEqual(
      Array.from({ length: 12 }, (_, month) => `2020-${String(month + 1).padStart(2, '0')}`),
    );
  });

  it("does not count another customer's sign-ins", async () => {
    const answer = await panel(operator, globexId, 'sign-ins');
    expect(answer.body.series.every((point: { signIns: number }) => point.signIns === 0)).toBe(true);
  });

  it('refuses a range that does not end after it starts, or spans more than 366 days (400 REPORT_RANGE)', async () => {
    const cases = [
      { from: '2024-03-02T00:00:00.000Z', to: '2024-03-01T00:00:00.000Z' },
      { from: '2024-03-01T00:00:00.000Z', to: '2024-03-01T00:00:00.000Z' },
      { from: '2023-01-01T00:00:00.000Z', to: '2024-01-03T00:00:00.000Z' },
    ];
    for (const query of cases) {
      const answer = await panel(initech.admin, initech.id, 'sign-ins', query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toEqual(reportError(REPORT_ERRORS.REPORT_RANGE));
    }
    expect((await panel(initech.admin, initech.id, 'sign-ins', { from: 'last week' })).status).toBe(400);
    const longest = await panel(initech.admin, initech.id, 'sign-ins', {
      from: '2023-01-01T00:00:00.000Z',
      to: '2024-01-02T00:00:00.000Z',
    });
    expect(longest.status).toBe(200);
  });
});

describe("the provider's panels", () => {
  beforeAll(async () => {
    const order = {
      tierPlanId: tiers[1]!.id,
      periodPlanId: tiers[1]!.periodId,
      numberOfUsers: 10,
      amount: 0,
    };
    await ctx.db.insert(orders).values([
      { ...order, customerId: acme.id, action: 'SUBSCRIBE', status: 'SUBMITTED' },
      { ...order, customerId: initech.id, action: 'SUBSCRIBE', status: 'SUBMITTED' },
      { ...order, customerId: acme.id, action: 'EXTEND', status: 'APPROVED' },
      { ...order, customerId: globexId, action: 'SUBSCRIBE', status: 'CANCELED' },
    ]);
  });

  it('counts the orders of every customer by status', async () => {
    const answer = await panel(operator, 'provider', 'orders');
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual([
      { name: 'SUBMITTED', value: 2 },
      { name: 'APPROVED', value: 1 },
      { name: 'CANCELED', value: 1 },
    ]);
  });

  it('counts the customers by status, and the subscriptions in force by tier', async () => {
    const customers = await panel(operator, 'provider', 'customers');
    expect(customers.body.counts).toEqual([
      { name: 'ACTIVE', value: 3 },
      { name: 'INACTIVE', value: 1 },
      { name: 'total', value: 4 },
    ]);
    const inForce = await panel(operator, 'provider', 'subscriptions');
    expect(inForce.body.counts).toEqual([
      { name: 'FREE', value: 0 },
      { name: 'NORMAL', value: 1 },
      { name: 'ENTERPRISE', value: 0 },
    ]);
  });

  it("counts the sign-ins of every customer, not the operators' own", async () => {
    const answer = await panel(operator, 'provider', 'sign-ins');
    const sum = (field: string) =>
      answer.body.series.reduce((total: number, point: Record<string, number>) => total + point[field]!, 0);
    const [stored] = await ctx.db
      .select({
        signIns: sql<number>`(count(*) filter (where kind = 'sign-in' and outcome = 'success'))::int`,
        signInFailures: sql<number>`(count(*) filter (where kind = 'sign-in' and outcome = 'failure'))::int`,
      })
      .from(signInEvents)
      .where(isNotNull(signInEvents.customerId));
    expect({ signIns: sum('signIns'), signInFailures: sum('signInFailures') }).toEqual(stored);
    // Acme's and Initech's administrators, and more.
    expect(stored!.signIns).toBeGreaterThan(3);
    const [operators] = await ctx.db
      .select({ signIns: sql<number>`count(*)::int` })
      .from(signInEvents)
      .where(isNull(signInEvents.customerId));
    // The operator signed in at least once (beforeAll), and is not counted.
    expect(operators!.signIns).toBeGreaterThan(0);
  });

  it('is not a panel of a customer (404 REPORT_PANEL_UNKNOWN)', async () => {
    const answer = await panel(operator, 'provider', 'users');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(reportError(REPORT_ERRORS.REPORT_PANEL_UNKNOWN));
  });
});

describe('who may read a panel: its permission, for operators too', () => {
  it('refuses every panel and the support features to an operator whose roles grant nothing', async () => {
    const nobody = await tokenWithRole(ctx, 'report-nobody', []);
    for (const id of CUSTOMER_PANELS) expect((await panel(nobody, acme.id, id)).status, id).toBe(403);
    for (const id of PROVIDER_PANELS) expect((await panel(nobody, 'provider', id)).status, id).toBe(403);
    const features = await ctx.call('GET', `/api/billing/${acme.id}/check/support_features`, {
      token: nobody,
    });
    expect(features.status).toBe(403);
  });

  it('answers each panel to the permission of what it counts, and no other', async () => {
    const customersOnly = await tokenWithRole(ctx, 'report-customers', ['customer:view']);
    expect((await panel(customersOnly, 'provider', 'customers')).status).toBe(200);
    expect((await panel(customersOnly, 'provider', 'orders')).status).toBe(403);
    expect((await panel(customersOnly, acme.id, 'users')).status).toBe(403);
    expect((await panel(customersOnly, acme.id, 'subscription')).status).toBe(403);

    const usersOnly = await tokenWithRole(ctx, 'report-users', ['user-management:view'], acme.id);
    const users = await panel(usersOnly, acme.id, 'users');
    expect(users.status).toBe(200);
    expect(users.body.counts[0]).toEqual({ name: 'total', value: 5 });
    expect((await panel(usersOnly, acme.id, 'sign-ins')).status).toBe(200);
    expect((await panel(usersOnly, acme.id, 'subscription')).status).toBe(403);
    expect((await panel(usersOnly, acme.id, 'services')).status).toBe(403);
  });
});

describe('the session token in the address', () => {
  it('is refused: a panel answers only with the bearer header', async () => {
    const url = `${PROXY}/${acme.id}/users`;
    const inAddress = await ctx.call('GET', `${url}?token=${encodeURIComponent(acme.admin)}`);
    expect(inAddress.status).toBe(401);
    expect(inAddress.body.messageKey).toBe('error.auth.unauthorized');
    const inHeader = await ctx.call('GET', url, { token: acme.admin });
    expect(inHeader.status).toBe(200);
    expect(inHeader.body.counts[0]).toEqual({ name: 'total', value: 5 });
  });

  it('never reaches the log', async () => {
    logLines.length = 0;
    await ctx.call('GET', `${PROXY}/${acme.id}/services?token=${encodeURIComponent(acme.admin)}`);
    const logged = logLines.join('\n');
    expect(logged).toContain(`/proxy/${acme.id}/services?token=[REDACTED]`);
    expect(logged).not.toContain(acme.admin);
    expect(redactUrl(`/api/x?from=1&token=abc.def&to=2`)).toBe('/api/x?from=1&token=[REDACTED]&to=2');
  });
});

describe('QR sign-ins', () => {
  const HOST = 'portal.example:8443';
  const inject = async (
    method: 'GET' | 'POST',
    url: string,
    init: { json?: unknown; token?: string } = {},
  ) => {
    const headers: Record<string, string> = { host: HOST };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const response = await ctx.app.inject({
      method,
      url,
      headers,
      payload: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const qrSession = async (appToken: string, decision: 'APPROVE' | 'REJECT') => {
    const query = new URLSearchParams({
      realm: 'r-portal',
      client_id: 'gateway-portal-web',
      redirect_url: `http://${HOST}/oauth2/handler`,
      state: 'state-qr',
    });
    const opened = await inject('GET', `/api/v-key-seamless/init-session?${query}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { sessionId, idSignature } = opened.body;
    const decided = await inject('POST', '/api/v-key-seamless/app/decision', {
      token: appToken,
      json: { sessionId, decision },
    });
    expect(decided.status).toBe(204);
    return { sessionId, idSignature };
  };

  it('counts a session granted as a sign-in, and one the app rejected as a refused one', async () => {
    const hooli = await ctx.createCustomer({ companyName: 'Hooli' });
    const email = uniqueEmail('hooli');
    const account = await ctx.createAccount({ email, password: PASSWORD, customerId: hooli.id });
    const appToken = await ctx.signIn(email, PASSWORD);
    const granted = await qrSession(appToken, 'APPROVE');
    expect((await inject('POST', '/api/v-key-seamless/authenticate', { json: granted })).status).toBe(200);
    await qrSession(appToken, 'REJECT');

    const stored = await ctx.db
      .select({ outcome: signInEvents.outcome, accountId: signInEvents.accountId })
      .from(signInEvents)
      .where(sql`${signInEvents.customerId} = ${hooli.id} and ${signInEvents.method} = 'qr'`)
      .orderBy(signInEvents.outcome);
    expect(stored).toEqual([
      { outcome: 'failure', accountId: account.id },
      { outcome: 'success', accountId: account.id },
    ]);
    const answer = await panel(operator, hooli.id, 'sign-ins');
    // The app's own password sign-in and the QR one; the rejected QR sign-in.
    expect(answer.body.series.at(-1)).toMatchObject({ signIns: 2, signInFailures: 1 });
  });
});
