import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../server/db/schema.ts';
import {
  billingSuite,
  type CalculateAsk,
  type Customer,
  customerWithAdmin,
  submitted,
} from '../fixtures/billing.ts';

/**
 * What a subscription costs (POST /api/billing/subscription/calculate, contract/billing.ts Calculation):
 * price × users × months, the period's free months as the discount, the first-time trial, an edit prorated on
 * what remains of the subscription's period, and the errors of a plan or subscription that is not there.
 */

const { ctx, world, calls } = billingSuite({ now: () => clock ?? new Date() });
/** The app's clock: the real time unless a test sets it (the proration reads it). */
let clock: Date | undefined;

const pro = (period: string) => [world.plans.pro.id, period];

/** A subscription the customer holds, made the way the product makes one: an order an operator approves. */
async function approvedSubscription(customer: Customer, numberOfUsers: number, period: string) {
  const order = await submitted(
    calls.submit(customer.admin, customer.id, { numberOfUsers, paymentPlanIds: pro(period) }),
  );
  const approved = await calls.approve(world.operator, order.id);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const id = approved.body.subscriptionId as string;
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('the approval made no subscription');
  return row;
}

/** What Acme's administrator is quoted for `numberOfUsers` on a tier and period (and the ask's other fields). */
const acmeQuote = (numberOfUsers: number, paymentPlanIds: string[], more: Partial<CalculateAsk> = {}) =>
  calls.calculate(world.acme.admin, { customerId: world.acme.id, numberOfUsers, paymentPlanIds, ...more });

/** A whole calculation, in cents. */
const price = (
  totalAmount: number,
  discountAmount: number,
  discountPercent: number,
  finalAmount: number,
  trialTerm: number,
) => ({ currency: 'USD', totalAmount, discountAmount, discountPercent, finalAmount, trialTerm });

describe('the price of a Professional subscription', () => {
  it.each([
    {
      name: 'is 3 USD per user and month: 25 users for a month cost 75.00, with a month of trial',
      period: 'proMonthly',
      expected: price(7500, 0, 0, 7500, 1),
    },
    {
      name: 'takes the two free months of a year off: 900.00 less 150.00 (17 %) is 750.00',
      period: 'proYearly',
      expected: price(90000, 15000, 17, 75000, 1),
    },
    {
      name: 'takes the six free months of 24 months off: 1800.00 less 450.00 (25 %) is 1350.00',
      period: 'pro24',
      expected: price(180000, 45000, 25, 135000, 1),
    },
  ] as const)('$name', async ({ period, expected }) => {
    const answer = await acmeQuote(25, pro(world.plans[period]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual(expected);
  });

  it('has no trial when applyTrial is false (an extension), the amounts unchanged', async () => {
    const answer = await acmeQuote(25, pro(world.plans.proYearly), { applyTrial: false });
    expect(answer.body).toMatchObject({ totalAmount: 90000, finalAmount: 75000, trialTerm: 0 });
  });

  it('may be asked by an operator for any customer', async () => {
    const answer = await calls.calculate(world.operator, {
      customerId: world.globex.id,
      numberOfUsers: 10,
      paymentPlanIds: pro(world.plans.proMonthly),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalAmount: 3000, finalAmount: 3000, trialTerm: 1 });
  });
});

describe('the first-time trial', () => {
  it('is held by a submitted paid order, comes back if it is cancelled, and goes once one is approved', async () => {
    const initech = await customerWithAdmin(ctx, 'Initech');
    const ask = {
      customerId: initech.id,
      numberOfUsers: 25,
      paymentPlanIds: pro(world.plans.proYearly),
    };
    expect((await calls.calculate(initech.admin, ask)).body.trialTerm).toBe(1);
    const first = await submitted(
      calls.submit(initech.admin, initech.id, { numberOfUsers: 25, paymentPlanIds: ask.paymentPlanIds }),
    );
    // Two orders placed before either is approved share one trial.
    expect((await calls.calculate(initech.admin, ask)).body.trialTerm).toBe(0);
    expect((await calls.cancel(initech.admin, initech.id, { orderId: first.id })).status).toBe(200);
    expect((await calls.calculate(initech.admin, ask)).body.trialTerm).toBe(1);
    const order = await submitted(
      calls.submit(initech.admin, initech.id, { numberOfUsers: 25, paymentPlanIds: ask.paymentPlanIds }),
    );

    expect((await calls.approve(world.operator, order.id)).status).toBe(200);
    const after = await calls.calculate(initech.admin, ask);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(price(90000, 15000, 17, 75000, 0));
  });

  it('is still offered to a customer that holds only the Free plan', async () => {
    const hooli = await customerWithAdmin(ctx, 'Hooli');
    const free = await submitted(
      calls.submit(hooli.admin, hooli.id, {
        numberOfUsers: 5,
        paymentPlanIds: [world.plans.free.id, world.plans.freeYear],
      }),
    );
    expect(free.status).toBe('APPROVED');
    const answer = await calls.calculate(hooli.admin, {
      customerId: hooli.id,
      numberOfUsers: 10,
      paymentPlanIds: pro(world.plans.proMonthly),
    });
    expect(answer.body.trialTerm).toBe(1);
  });
});

describe('the price of the other tiers', () => {
  it('is nothing for the Free plan', async () => {
    const answer = await acmeQuote(5, [world.plans.free.id, world.plans.freeYear]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(price(0, 0, 0, 0, 0));
  });

  it('is 5 USD per user and month for Enterprise, with its free months and no trial', async () => {
    const answer = await acmeQuote(100, [world.plans.enterprise.id, world.plans.enterprise12]);
    expect(answer.body).toEqual(price(600000, 100000, 17, 500000, 0));
  });
});

describe('a calculation that cannot be made', () => {
  it("is refused below the tier's minimum of users, with the minimum", async () => {
    const answer = await acmeQuote(9, pro(world.plans.proYearly));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      messageKey: 'error.billing.order.minNumberOfUser',
      message: 'Minimum 10 users required',
      params: { minUser: 10 },
    });
    const enterprise = await acmeQuote(99, [world.plans.enterprise.id, world.plans.enterprise12]);
    expect(enterprise.status).toBe(400);
    expect(enterprise.body).toMatchObject({
      message: 'Minimum 100 users required',
      params: { minUser: 100 },
    });
  });

  it('answers 404 for a tier that does not exist', async () => {
    for (const tierId of [randomUUID(), 'not-a-tier']) {
      const answer = await acmeQuote(10, [tierId, world.plans.proYearly]);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        messageKey: 'error.billing.tierNotFound',
        message: 'This plan does not exist.',
      });
    }
  });

  it("answers 404 for a period that is another tier's, or none", async () => {
    for (const periodId of [world.plans.enterprise12, randomUUID()]) {
      const answer = await acmeQuote(100, pro(periodId));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        messageKey: 'error.billing.periodNotFound',
        message: 'This billing period does not exist for the chosen plan.',
      });
    }
  });

  it("answers 404 to a customer's account asking about another customer", async () => {
    const answer = await calls.calculate(world.acme.admin, {
      customerId: world.globex.id,
      numberOfUsers: 25,
      paymentPlanIds: pro(world.plans.proYearly),
    });
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe('error.customer.notFound');
  });

  it('answers 401 without a token', async () => {
    const answer = await ctx.call('POST', '/api/billing/subscription/calculate', {
      json: { customerId: world.acme.id, numberOfUsers: 25, paymentPlanIds: pro(world.plans.proYearly) },
    });
    expect(answer.status).toBe(401);
  });

  it('refuses a body that is not one: no users, one plan id, an unknown field', async () => {
    const base = { customerId: world.acme.id, numberOfUsers: 25, paymentPlanIds: pro(world.plans.proYearly) };
    for (const body of [
      { ...base, numberOfUsers: 0 },
      { ...base, paymentPlanIds: [world.plans.pro.id] },
      { ...base, discount: 100 },
    ]) {
      const answer = await ctx.call('POST', '/api/billing/subscription/calculate', {
        token: world.acme.admin,
        json: body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
  });
});

describe('an edit (calculateOnRemainingTime)', () => {
  let umbrella: Customer;
  let held: typeof subscriptions.$inferSelect;

  beforeAll(async () => {
    umbrella = await customerWithAdmin(ctx, 'Umbrella');
    held = await approvedSubscription(umbrella, 25, world.plans.proYearly);
  });

  const edit = (at: Date, numberOfUsers = 5, customer = umbrella, subscriptionId = held.id) => {
    clock = at;
    return calls
      .calculate(customer.admin, {
        customerId: customer.id,
        numberOfUsers,
        paymentPlanIds: pro(world.plans.proYearly),
        calculateOnRemainingTime: true,
        subscriptionId,
      })
      .finally(() => {
        clock = undefined;
      });
  };

  it("bills the added users the final amount's share of what remains: half the period, half the price", async () => {
    const start = held.startDate.getTime();
    const expire = held.expireDate.getTime();
    const halfway = new Date(start + Math.floor((expire - start) / 2));
    const answer = await edit(halfway);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // 5 users for the year: total 300 × 5 × 12 = 18000, final 300 × 5 × 10 = 15000, on the share remaining.
    const share = (expire - halfway.getTime()) / (expire - start);
    const totalAmount = Math.round(18000 * share);
    const finalAmount = Math.round(15000 * share);
    expect(answer.body).toEqual(price(totalAmount, totalAmount - finalAmount, 17, finalAmount, 0));
    expect(Math.abs(answer.body.finalAmount - 7500)).toBeLessThanOrEqual(1);
    expect(Math.abs(answer.body.totalAmount - 9000)).toBeLessThanOrEqual(1);
  });

  it('bills the whole period at its start, a quarter of it with a quarter left, and nothing once it ended', async () => {
    const start = held.startDate.getTime();
    const expire = held.expireDate.getTime();
    expect((await edit(held.startDate)).body).toMatchObject({ totalAmount: 18000, finalAmount: 15000 });

    const quarterLeft = new Date(expire - Math.floor((expire - start) / 4));
    const share = (expire - quarterLeft.getTime()) / (expire - start);
    expect((await edit(quarterLeft)).body).toMatchObject({ finalAmount: Math.round(15000 * share) });

    const after = await edit(new Date(expire + 86_400_000));
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ totalAmount: 0, discountAmount: 0, finalAmount: 0, trialTerm: 0 });
  });

  it("bills added users below the tier's minimum (only the users added are counted)", async () => {
    const answer = await edit(held.startDate, 1);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalAmount: 3600, finalAmount: 3000 });
  });

  it("answers 404 for a subscription the customer does not hold: another customer's, none, or not given", async () => {
    const theirs = await approvedSubscription(world.globex, 10, world.plans.proMonthly);
    for (const subscriptionId of [theirs.id, randomUUID(), 'not-an-id']) {
      const answer = await edit(held.startDate, 5, umbrella, subscriptionId);
      expect(answer.status, subscriptionId).toBe(404);
      expect(answer.body).toEqual({
        messageKey: 'error.billing.subscriptionNotFound',
        message: 'Subscription not found',
      });
    }
    const without = await calls.calculate(umbrella.admin, {
      customerId: umbrella.id,
      numberOfUsers: 5,
      paymentPlanIds: pro(world.plans.proYearly),
      calculateOnRemainingTime: true,
    });
    expect(without.status).toBe(404);
    expect(without.body.messageKey).toBe('error.billing.subscriptionNotFound');
  });
});
