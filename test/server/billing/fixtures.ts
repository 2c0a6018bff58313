import type { Order, TierPlan } from '../../../contract/billing.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../adminFixtures.ts';
import { type JsonAnswer, OPERATOR_EMAIL, OPERATOR_PASSWORD, type TestContext } from '../helpers.ts';

/**
 * What the order, calculation and approval tests share: two customers with a customer administrator each,
 * the operator, the seeded plans by name, and the billing calls as a client makes them.
 */

export interface Plans {
  free: TierPlan;
  freeYear: string;
  pro: TierPlan;
  proMonthly: string;
  proYearly: string;
  pro24: string;
  enterprise: TierPlan;
  enterprise12: string;
  enterprise24: string;
}

/** The seeded tiers and their periods (server/domain/billing/plans.ts), read the way the home page does. */
export async function plansOf(ctx: TestContext): Promise<Plans> {
  const answer = await ctx.call('GET', '/api/billing/payment_plan');
  if (answer.status !== 200) throw new Error(`plans: ${answer.status}`);
  const tiers = answer.body as TierPlan[];
  const tier = (type: TierPlan['tierPlanType']) => {
    const found = tiers.find((plan) => plan.tierPlanType === type);
    if (!found) throw new Error(`no ${type} tier`);
    return found;
  };
  const period = (plan: TierPlan, months: number) => {
    const found = plan.periods.find((candidate) => candidate.periodCount === months);
    if (!found) throw new Error(`no ${months}-month period of ${plan.name}`);
    return found.id;
  };
  const free = tier('FREE');
  const pro = tier('NORMAL');
  const enterprise = tier('ENTERPRISE');
  return {
    free,
    freeYear: period(free, 12),
    pro,
    proMonthly: period(pro, 1),
    proYearly: period(pro, 12),
    pro24: period(pro, 24),
    enterprise,
    enterprise12: period(enterprise, 12),
    enterprise24: period(enterprise, 24),
  };
}

export interface Customer {
  id: string;
  companyName: string;
  /** A customer administrator's token (every customer permission). */
  admin: string;
}

export interface BillingWorld {
  plans: Plans;
  acme: Customer;
  globex: Customer;
  operator: string;
}

/** A new customer with a signed-in customer administrator (the built-in customer_admin role). */
export async function customerWithAdmin(ctx: TestContext, companyName: string): Promise<Customer> {
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  const { id } = await ctx.createCustomer({ companyName });
  const { token } = await signedIn(ctx, { customerId: id, roleIds: [role] });
  return { id, companyName, admin: token };
}

/** Two customers, each with a signed-in customer administrator, the operator's token and the plans. */
export async function billingWorld(ctx: TestContext): Promise<BillingWorld> {
  return {
    plans: await plansOf(ctx),
    acme: await customerWithAdmin(ctx, 'Acme Rockets'),
    globex: await customerWithAdmin(ctx, 'Globex Industries'),
    operator: await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD),
  };
}

export interface CalculateAsk {
  customerId: string;
  numberOfUsers: number;
  paymentPlanIds: string[];
  applyTrial?: boolean;
  calculateOnRemainingTime?: boolean;
  subscriptionId?: string;
}

/** The billing calls, as the portal makes them. */
export function billingCalls(ctx: TestContext) {
  return {
    calculate: (token: string, body: CalculateAsk): Promise<JsonAnswer> =>
      ctx.call('POST', '/api/billing/subscription/calculate', { token, json: body }),
    submit: (
      token: string,
      customerId: string,
      body: { numberOfUsers: number; paymentPlanIds: string[]; tokenPackName?: string | null },
    ): Promise<JsonAnswer> =>
      ctx.call('POST', `/api/billing/order/${customerId}/submit`, { token, json: { customerId, ...body } }),
    search: (
      token: string,
      customerId: string,
      body: {
        page?: number;
        limit?: number;
        filters?: Record<string, unknown>;
        sort?: { field: string; order: 'ASC' | 'DESC' };
      } = {},
    ): Promise<JsonAnswer> =>
      ctx.call('POST', `/api/billing/order/${customerId}/search`, {
        token,
        json: { page: 0, limit: 100, ...body },
      }),
    detail: (token: string, customerId: string, id: string): Promise<JsonAnswer> =>
      ctx.call('GET', `/api/billing/order/${customerId}/detail/${id}`, { token }),
    cancel: (
      token: string,
      customerId: string,
      body: { orderId: string; notes?: string },
    ): Promise<JsonAnswer> =>
      ctx.call('POST', `/api/billing/order/${customerId}/cancel`, { token, json: { customerId, ...body } }),
    approve: (token: string, orderId: string): Promise<JsonAnswer> =>
      ctx.call('POST', '/api/billing/approve_payment', { token, json: { orderId } }),
    supportFeatures: (token: string, customerId: string): Promise<JsonAnswer> =>
      ctx.call('GET', `/api/billing/${customerId}/check/support_features`, { token }),
  };
}

/** Expects 201 and answers the submitted order. */
export async function submitted(answer: Promise<JsonAnswer>): Promise<Order> {
  const done = await answer;
  if (done.status !== 201) throw new Error(`submit: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body as Order;
}

/**
 * `date` moved `months` calendar months on, in UTC, the day kept or, when the month is shorter, its last day
 * (written here independently of server/domain/billing/pricing.ts addMonths).
 */
export function monthsAfter(date: Date, months: number): Date {
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}
