import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, Subscription, TierPlan } from '../../../contract/billing.ts';
import { subscriptions, users } from '../../../server/db/schema.ts';
import { type Payer, tierSuite } from '../fixtures/billing.ts';

/**
 * Subscriptions (contract/billing.ts): the list and the detail in the customer's scope, and the orders that
 * change one (upgrade, extend with the users to remove, edit), each taking effect when approved.
 */

const { t, free, professional, enterprise, operator, newCustomer } = tierSuite();
type Customer = Payer;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, json?: unknown) =>
  t.call(method, `/api${url}`, { token, json });

/** Orders a plan and has the operator approve it (a Free order is approved at once). */
async function subscribe(customer: Customer, tier: TierPlan, numberOfUsers: number, period = 0) {
  const placed = await call('POST', `/billing/order/${customer.id}/submit`, customer.token, {
    customerId: customer.id,
    numberOfUsers,
    paymentPlanIds: [tier.id, tier.periods[period]!.id],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body as Order;
  if (order.status === 'SUBMITTED') await approve(order.id);
  const approved = await call('GET', `/billing/order/${customer.id}/detail/${order.id}`, customer.token);
  return approved.body.subscriptionId as string;
}

async function approve(orderId: string) {
  const answer = await call('POST', '/billing/approve_payment', operator.token, { orderId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Order;
}

const detail = async (customer: Customer, id: string) =>
  (await call('GET', `/billing/subscription/${id}/detail?customerId=${customer.id}`, customer.token))
    .body as Subscription;

/** `count` active users of the customer, answered by id. */
async function activeUsers(customer: Customer, count: number): Promise<string[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, n) => ({
        customerId: customer.id,
        source: 'CSV' as const,
        username: `user-${n}-${randomUUID().slice(0, 8)}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

describe('a subscription', () => {
  it('is listed and read by its customer with its token pack, and by no other customer', async () => {
    const acme = await newCustomer('Acme');
    const globex = await newCustomer('Globex');
    const id = await subscribe(acme, professional, 25, 1);
    const list = await call('POST', `/billing/subscription/${acme.id}/search`, acme.token, {
      page: 0,
      limit: 10,
    });
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(1);
    const listed = list.body.contents[0] as Subscription;
    expect(listed).toMatchObject({
      id,
      numberOfUsers: 25,
      tierPlanType: 'NORMAL',
      status: 'ACTIVE',
      expiringSoon: false,
      tokenPacks: [{ name: 'Professional Token Pack' }],
    });
    // 12 months and the first-time free month.
    const start = new Date(listed.startDate);
    const expire = new Date(listed.expireDate);
    expect(expire.getUTCMonth()).toBe((start.getUTCMonth() + 13) % 12);
    expect(await detail(acme, id)).toEqual(listed);

    const theirs = await call(
      'GET',
      `/billing/subscription/${id}/detail?customerId=${globex.id}`,
      globex.token,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.messageKey).toBe('error.billing.subscriptionNotFound');
    const named = await call('GET', `/billing/subscription/${id}/detail?customerId=${acme.id}`, globex.token);
    expect(named.status).toBe(404);
    const everyone = await call('POST', '/billing/subscription/all/search', operator.token, {
      page: 0,
      limit: 100,
      filters: { customerId: [acme.id, globex.id] },
    });
    expect(everyone.body.contents.map((row: Subscription) => row.id)).toEqual([id]);
  });

  it('says it is expiring soon within 14 days of its end', async () => {
    const acme = await newCustomer('Soon');
    const id = await subscribe(acme, professional, 10);
    await t.db
      .update(subscriptions)
      .set({ expireDate: new Date(Date.now() + 13 * 86_400_000) })
      .where(eq(subscriptions.id, id));
    expect((await detail(acme, id)).expiringSoon).toBe(true);
  });

  it('says whether a change is paid by card', async () => {
    const acme = await newCustomer('Precheck');
    const paid = await subscribe(acme, professional, 10);
    const gratis = await subscribe(acme, free, 5);
    const precheck = (id: string) =>
      call('POST', `/billing/subscription/${acme.id}/precheck_payment?subscriptionId=${id}`, acme.token);
    expect((await precheck(paid)).body).toEqual({ paymentRequired: true });
    expect((await precheck(gratis)).body).toEqual({ paymentRequired: false });
    expect((await precheck(randomUUID())).status).toBe(404);
  });
});

describe('an upgrade', () => {
  it('moves a Free subscription to Professional from now, with the first-time free month', async () => {
    const acme = await newCustomer('Upgrade');
    const id = await subscribe(acme, free, 5);
    const placed = await call('POST', `/billing/subscription/${acme.id}/upgrade`, acme.token, {
      customerId: acme.id,
      numberOfUsers: 20,
      paymentPlanIds: [professional.id, professional.periods[1]!.id],
      subscriptionId: id,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({
      action: 'UPGRADE',
      status: 'SUBMITTED',
      subscriptionId: id,
      amount: 60_000,
      trialTerm: 1,
    });
    await approve(placed.body.id);
    const after = await detail(acme, id);
    expect(after).toMatchObject({ tierPlanType: 'NORMAL', numberOfUsers: 20 });
    const features = await call('GET', `/billing/${acme.id}/check/support_features`, acme.token);
    expect(features.body).toEqual({ theme: true });
  });

  it('is refused to the same or a lower tier, and for another customer’s subscription', async () => {
    const acme = await newCustomer('Lower');
    const globex = await newCustomer('Other');
    const id = await subscribe(acme, enterprise, 100);
    const ask = (customer: Customer, tier: TierPlan, subscriptionId: string) =>
      call('POST', `/billing/subscription/${customer.id}/upgrade`, customer.token, {
        customerId: customer.id,
        numberOfUsers: 100,
        paymentPlanIds: [tier.id, tier.periods[0]!.id],
        subscriptionId,
      });
    const lower = await ask(acme, professional, id);
    expect(lower.status).toBe(409);
    expect(lower.body).toMatchObject({
      messageKey: 'error.billing.notHigherPlan',
      message: 'Choose a plan above the current one to upgrade.',
    });
    expect((await ask(acme, enterprise, id)).status).toBe(409);
    const foreign = await ask(globex, enterprise, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.messageKey).toBe('error.billing.subscriptionNotFound');
  });
});

describe('an extension', () => {
  it('keeps the tier: another one is refused', async () => {
    const acme = await newCustomer('Extend tier');
    const id = await subscribe(acme, professional, 10);
    const answer = await call('POST', `/billing/subscription/${acme.id}/extend`, acme.token, {
      customerId: acme.id,
      numberOfUsers: 100,
      paymentPlanIds: [enterprise.id, enterprise.periods[0]!.id],
      subscriptionId: id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.billing.extendOtherTier');
  });

  it('to fewer users than are active names the users to remove, who are deactivated when it is approved', async () => {
    const acme = await newCustomer('Extend fewer');
    const id = await subscribe(acme, professional, 30);
    const ids = await activeUsers(acme, 30);
    const before = await detail(acme, id);
    const extend = (removeUsers?: string[]) =>
      call('POST', `/billing/subscription/${acme.id}/extend`, acme.token, {
        customerId: acme.id,
        numberOfUsers: 25,
        paymentPlanIds: [professional.id, professional.periods[0]!.id],
        subscriptionId: id,
        ...(removeUsers ? { removeUsers } : {}),
      });
    const missing = await extend([ids[0]!]);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      messageKey: 'error.billing.removeUsers',
      message: 'Choose 5 users to remove: the new number of users is below the 30 active users.',
    });
    const removed = ids.slice(0, 5);
    const placed = await extend(removed);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // An extension has no first-time free month.
    expect(placed.body).toMatchObject({ action: 'EXTEND', trialTerm: 0, amount: 7_500 });
    await approve(placed.body.id);
    const inactive = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, acme.id), eq(users.status, 'INACTIVE')));
    expect(inactive.map((row) => row.id).sort()).toEqual([...removed].sort());
    const after = await detail(acme, id);
    expect(after.numberOfUsers).toBe(25);
    // The new period follows the one it extends (an edit then prorates over both).
    expect(after.startDate).toBe(before.expireDate);
    // One month added to the end it had.
    const was = new Date(before.expireDate);
    const is = new Date(after.expireDate);
    expect((is.getUTCFullYear() - was.getUTCFullYear()) * 12 + is.getUTCMonth() - was.getUTCMonth()).toBe(1);
  });
});

describe('an edit', () => {
  it('needs more users than the subscription has, and bills only the added users for the rest of the period', async () => {
    const acme = await newCustomer('Edit');
    const id = await subscribe(acme, professional, 30, 1);
    const edit = (numberOfUsers: number) =>
      call('POST', `/billing/subscription/${acme.id}/update`, acme.token, {
        customerId: acme.id,
        numberOfUsers,
        subscriptionId: id,
      });
    const same = await edit(30);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      messageKey: 'error.billing.order.lessThanCurrentNumberOfUser',
      message:
        'Only support to change the value greater than current subscription users. Current users is 30.',
    });
    const placed = await edit(40);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // 10 added users for a year of 10 billed months: at most 30000 cents, a little less as time has passed.
    expect(placed.body.amount).toBeGreaterThan(0);
    expect(placed.body.amount).toBeLessThanOrEqual(30_000);
    await approve(placed.body.id);
    expect((await detail(acme, id)).numberOfUsers).toBe(40);
  });
});

describe('an ended subscription', () => {
  it('is EXPIRED once its period is over: it may be extended from now, not upgraded or edited', async () => {
    const acme = await newCustomer('Ended');
    const id = await subscribe(acme, professional, 10);
    await t.db
      .update(subscriptions)
      .set({ expireDate: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.id, id));
    expect(await detail(acme, id)).toMatchObject({ status: 'EXPIRED', expiringSoon: false });
    const listed = async (status: string) =>
      (
        await call('POST', `/billing/subscription/${acme.id}/search`, acme.token, {
          page: 0,
          limit: 10,
          filters: { status },
        })
      ).body.contents.map((row: Subscription) => row.id);
    expect(await listed('EXPIRED')).toEqual([id]);
    expect(await listed('ACTIVE')).toEqual([]);

    const change = (kind: 'upgrade' | 'extend', tier: TierPlan, numberOfUsers: number) =>
      call('POST', `/billing/subscription/${acme.id}/${kind}`, acme.token, {
        customerId: acme.id,
        numberOfUsers,
        paymentPlanIds: [tier.id, tier.periods[0]!.id],
        subscriptionId: id,
      });
    const upgrade = await change('upgrade', enterprise, 100);
    expect(upgrade.status).toBe(409);
    expect(upgrade.body).toMatchObject({
      messageKey: 'error.billing.subscriptionNotActive',
      message: 'This subscription is not active.',
    });
    const edit = await call('POST', `/billing/subscription/${acme.id}/update`, acme.token, {
      customerId: acme.id,
      numberOfUsers: 20,
      subscriptionId: id,
    });
    expect(edit.status).toBe(409);

    const before = Date.now();
    const extend = await change('extend', professional, 10);
    expect(extend.status, JSON.stringify(extend.body)).toBe(201);
    await approve(extend.body.id);
    const after = await detail(acme, id);
    expect(after.status).toBe('ACTIVE');
    // The new period starts when it was approved, not where the ended one stopped.
    expect(new Date(after.startDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
