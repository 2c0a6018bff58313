import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/billing.ts';
import {
  auditLog,
  customers,
  orders,
  serviceInstances,
  subscriptions,
  tokenPacks,
} from '../../../server/db/schema.ts';
import { providerRole, signedIn } from '../fixtures/admin.ts';
import {
  billingSuite,
  type Customer,
  customerWithAdmin,
  monthsAfter,
  submitted,
} from '../fixtures/billing.ts';
import { OPERATOR_EMAIL } from '../helpers.ts';

/**
 * Approving an order (POST /api/billing/approve_payment, operators): in one transaction the order is
 * APPROVED and a SUBSCRIBE order makes its subscription, token pack and service instance, with their audit
 * entries; the customer's support features follow its tiers. A step that fails leaves nothing behind.
 */

const { ctx, world, calls } = billingSuite();

const proYearly = () => [world.plans.pro.id, world.plans.proYearly];

const subscriptionsOf = (customerId: string) =>
  ctx.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
const packsOf = (customerId: string) =>
  ctx.db.select().from(tokenPacks).where(eq(tokenPacks.customerId, customerId));
const instancesOf = (customerId: string) =>
  ctx.db.select().from(serviceInstances).where(eq(serviceInstances.customerId, customerId));
const auditsOf = (customerId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.customerId, customerId))
    .orderBy(asc(auditLog.modifiedDate));
const featuresOf = async (customerId: string) => {
  const [row] = await ctx.db
    .select({ features: customers.features })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.features;
};

describe('an operator approving a Professional order', () => {
  let order: Order;
  let approved: Order;

  beforeAll(async () => {
    order = await submitted(
      calls.submit(world.acme.admin, world.acme.id, { numberOfUsers: 25, paymentPlanIds: proYearly() }),
    );
    // Before the approval: no theme, nothing made.
    expect((await calls.supportFeatures(world.acme.admin, world.acme.id)).body).toEqual({ theme: false });
    expect(await subscriptionsOf(world.acme.id)).toEqual([]);
    const answer = await calls.approve(world.operator, order.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    approved = answer.body as Order;
  });

  it('answers the order APPROVED, with what the approval made', async () => {
    expect(approved).toMatchObject({
      id: order.id,
      status: 'APPROVED',
      customerId: world.acme.id,
      amount: 75000,
      trialTerm: 1,
    });
    expect(approved.closedDate).not.toBeNull();
    expect(approved.subscriptionId).toEqual(expect.any(String));
    expect(approved.tokenPackId).toEqual(expect.any(String));
    expect(approved.serviceInstanceId).toEqual(expect.any(String));
    // The customer reads the same.
    const read = await calls.detail(world.acme.admin, world.acme.id, order.id);
    expect(read.body).toEqual(approved);
  });

  it('makes an ACTIVE subscription for the period and the trial month: 12 + 1 months', async () => {
    const held = await subscriptionsOf(world.acme.id);
    expect(held).toHaveLength(1);
    const subscription = held[0]!;
    expect(subscription).toMatchObject({
      id: approved.subscriptionId,
      tierPlanId: world.plans.pro.id,
      periodPlanId: world.plans.proYearly,
      numberOfUsers: 25,
      status: 'ACTIVE',
    });
    expect(subscription.expireDate.toISOString()).toBe(monthsAfter(subscription.startDate, 13).toISOString());
    // Started when the order was approved.
    expect(subscription.startDate.toISOString()).toBe(approved.closedDate);
  });

  it("makes the tier's token pack for it, and a service instance in that pack", async () => {
    // One of each (toMatchObject of an array wants its length too).
    expect(await packsOf(world.acme.id)).toMatchObject([
      { id: approved.tokenPackId, subscriptionId: approved.subscriptionId, name: 'Professional Token Pack' },
    ]);
    expect(await instancesOf(world.acme.id)).toMatchObject([
      {
        id: approved.serviceInstanceId,
        tokenPackId: approved.tokenPackId,
        instanceName: 'Professional Token Pack Service',
      },
    ]);
  });

  it("gives the customer the tier's features: theme among them", async () => {
    const answer = await calls.supportFeatures(world.acme.admin, world.acme.id);
    expect(answer).toMatchObject({ status: 200, body: { theme: true } });
    expect(await featuresOf(world.acme.id)).toEqual(['directory', 'oidc', 'radius', 'saml', 'theme']);
  });

  it('writes the audit entries of the order, the subscription, the token pack and the service', async () => {
    const entries = await auditsOf(world.acme.id);
    const kinds = entries.map((entry) => [entry.tableName, entry.action, entry.entityId]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['Order', 'SUBMIT', order.id],
        ['Order', 'APPROVE', order.id],
        ['Subscription', 'CREATE', approved.subscriptionId],
        ['TokenPack', 'CREATE', approved.tokenPackId],
        ['Service', 'CREATE', approved.serviceInstanceId],
      ]),
    );
    const byOperator = entries.filter((entry) => entry.action !== 'SUBMIT');
    expect(byOperator).toHaveLength(4);
    expect(byOperator.every((entry) => entry.modifiedBy === OPERATOR_EMAIL)).toBe(true);
    const approval = entries.find((entry) => entry.action === 'APPROVE');
    expect(approval!.changes).toMatchObject({ status: { before: 'SUBMITTED', after: 'APPROVED' } });
  });

  it('refuses to approve it again (409), making nothing more', async () => {
    const again = await calls.approve(world.operator, order.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      messageKey: 'error.billing.orderNotSubmitted',
      message: 'Only a submitted order can be cancelled or approved; this one is APPROVED.',
      params: { status: 'APPROVED' },
    });
    expect(await subscriptionsOf(world.acme.id)).toHaveLength(1);
    expect(await packsOf(world.acme.id)).toHaveLength(1);
    expect(await instancesOf(world.acme.id)).toHaveLength(1);
  });
});

describe('approving other orders', () => {
  it('names the token pack and its service after the name given at submit', async () => {
    const order = await submitted(
      calls.submit(world.globex.admin, world.globex.id, {
        numberOfUsers: 10,
        paymentPlanIds: [world.plans.pro.id, world.plans.proMonthly],
        tokenPackName: 'Staff VPN',
      }),
    );
    const answer = await calls.approve(world.operator, order.id);
    expect(answer.status).toBe(200);
    const [pack] = await ctx.db.select().from(tokenPacks).where(eq(tokenPacks.id, answer.body.tokenPackId));
    expect(pack?.name).toBe('Staff VPN');
    const [instance] = await ctx.db
      .select()
      .from(serviceInstances)
      .where(eq(serviceInstances.id, answer.body.serviceInstanceId));
    expect(instance).toMatchObject({ tokenPackId: pack!.id, instanceName: 'Staff VPN Service' });
    // A month and its trial month.
    const [subscription] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, answer.body.subscriptionId));
    expect(subscription!.expireDate.toISOString()).toBe(
      monthsAfter(subscription!.startDate, 2).toISOString(),
    );
  });

  it('leaves an Enterprise order SUBMITTED, with nothing made, until an operator approves it', async () => {
    const stark = await customerWithAdmin(ctx, 'Stark Industries');
    const order = await submitted(
      calls.submit(stark.admin, stark.id, {
        numberOfUsers: 100,
        paymentPlanIds: [world.plans.enterprise.id, world.plans.enterprise12],
      }),
    );
    expect(order).toMatchObject({ status: 'SUBMITTED', amount: 500000, trialTerm: 0, subscriptionId: null });
    const read = await calls.detail(stark.admin, stark.id, order.id);
    expect(read.body.status).toBe('SUBMITTED');
    expect(await subscriptionsOf(stark.id)).toEqual([]);
    expect(await packsOf(stark.id)).toEqual([]);
    expect((await calls.supportFeatures(stark.admin, stark.id)).body).toEqual({ theme: false });

    const answer = await calls.approve(world.operator, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('APPROVED');
    const [subscription] = await subscriptionsOf(stark.id);
    // No trial on Enterprise: twelve months.
    expect(subscription!.expireDate.toISOString()).toBe(
      monthsAfter(subscription!.startDate, 12).toISOString(),
    );
    expect((await packsOf(stark.id)).map((pack) => pack.name)).toEqual(['Enterprise Token Pack']);
    expect(await featuresOf(stark.id)).toEqual(['directory', 'oidc', 'radius', 'saml', 'support', 'theme']);
  });

  it('refuses a cancelled order (409) and answers 404 for an order that does not exist', async () => {
    const order = await submitted(
      calls.submit(world.globex.admin, world.globex.id, { numberOfUsers: 10, paymentPlanIds: proYearly() }),
    );
    expect((await calls.cancel(world.globex.admin, world.globex.id, { orderId: order.id })).status).toBe(200);
    const answer = await calls.approve(world.operator, order.id);
    expect(answer.status).toBe(409);
    expect(answer.body.params).toEqual({ status: 'CANCELED' });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await calls.approve(world.operator, id);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ messageKey: 'error.billing.orderNotFound', message: 'Order not found' });
    }
  });

  it("is refused to a customer's account and to an operator without 'subscription:configure' (403)", async () => {
    const order = await submitted(
      calls.submit(world.globex.admin, world.globex.id, { numberOfUsers: 10, paymentPlanIds: proYearly() }),
    );
    const viewerRole = await providerRole(ctx, ['subscription:view']);
    const viewer = await signedIn(ctx, { roleIds: [viewerRole.id] });
    for (const token of [world.globex.admin, viewer.token]) {
      const answer = await calls.approve(token, order.id);
      expect(answer.status).toBe(403);
    }
    expect((await calls.detail(world.globex.admin, world.globex.id, order.id)).body.status).toBe('SUBMITTED');
  });
});

describe('the first-time trial', () => {
  /*
   * SERVER BUG (server/routes/orders.ts submit handler, `isFirstPaid(tx, customerId)`, and
   * server/domain/billing/orders.ts isFirstPaid/approveOrder): whether an order gets the trial is decided when
   * it is submitted, from the subscriptions the customer already holds; pending orders are not counted and
   * approveOrder does not check again. Two paid orders submitted before either is approved both carry
   * trialTerm 1, and both subscriptions get the free month, although the trial belongs to a customer's
   * first paid subscription only (contract/billing.ts PeriodPlan.firstTimeFreeMonth). Marked `fails` until
   * fixed; either fix (no second trial, or the second order refused) makes it pass.
   */
  it('is given once: a second paid order submitted before the first is approved has none', async () => {
    const oscorp = await customerWithAdmin(ctx, 'Oscorp');
    const first = await submitted(
      calls.submit(oscorp.admin, oscorp.id, { numberOfUsers: 10, paymentPlanIds: proYearly() }),
    );
    const second = await calls.submit(oscorp.admin, oscorp.id, {
      numberOfUsers: 10,
      paymentPlanIds: proYearly(),
    });
    expect((await calls.approve(world.operator, first.id)).status).toBe(200);
    if (second.status === 409) return;
    expect(second.status).toBe(201);
    const approved = await calls.approve(world.operator, second.body.id);
    expect(approved.status).toBe(200);
    const [subscription] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, approved.body.subscriptionId));
    expect(subscription!.expireDate.toISOString()).toBe(
      monthsAfter(subscription!.startDate, 12).toISOString(),
    );
  });
});

describe('an approval that fails part way', () => {
  let wonka: Customer;

  beforeAll(async () => {
    wonka = await customerWithAdmin(ctx, 'Wonka Industries');
  });

  /** Makes every insert into service_instances fail, the last step of a subscription's approval. */
  async function withFailingServiceInsert(run: () => Promise<void>) {
    await ctx.db.execute(
      sql.raw(`create function refuse_service_instance() returns trigger language plpgsql as $$
        begin
          raise exception 'service instances refused by the test';
        end;
      $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger refuse_service_instance before insert on service_instances
        for each row execute function refuse_service_instance()`),
    );
    try {
      await run();
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_service_instance on service_instances'));
      await ctx.db.execute(sql.raw('drop function refuse_service_instance()'));
    }
  }

  it('leaves the order SUBMITTED and makes nothing: no subscription, token pack, features or audit entry', async () => {
    const order = await submitted(
      calls.submit(wonka.admin, wonka.id, { numberOfUsers: 20, paymentPlanIds: proYearly() }),
    );
    const auditBefore = await auditsOf(wonka.id);

    await withFailingServiceInsert(async () => {
      const answer = await calls.approve(world.operator, order.id);
      expect(answer.status).toBe(500);
      expect(answer.body.messageKey).toBe('error.default.internal.server.error');
    });

    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: 'SUBMITTED',
      closedDate: null,
      closedBy: null,
      subscriptionId: null,
      tokenPackId: null,
      serviceInstanceId: null,
    });
    expect(await subscriptionsOf(wonka.id)).toEqual([]);
    expect(await packsOf(wonka.id)).toEqual([]);
    expect(await instancesOf(wonka.id)).toEqual([]);
    expect(await featuresOf(wonka.id)).toEqual([]);
    expect(await auditsOf(wonka.id)).toEqual(auditBefore);

    // Once the cause is gone, the same order is approved in full.
    const answer = await calls.approve(world.operator, order.id);
    expect(answer.status).toBe(200);
    expect(await subscriptionsOf(wonka.id)).toHaveLength(1);
    expect(await instancesOf(wonka.id)).toHaveLength(1);
  });

  it('leaves no order behind when a Free order, approved as it is submitted, fails', async () => {
    const umbrella = await customerWithAdmin(ctx, 'Umbrella Health');
    await withFailingServiceInsert(async () => {
      const answer = await calls.submit(umbrella.admin, umbrella.id, {
        numberOfUsers: 5,
        paymentPlanIds: [world.plans.free.id, world.plans.freeYear],
      });
      expect(answer.status).toBe(500);
    });
    expect(await ctx.db.select().from(orders).where(eq(orders.customerId, umbrella.id))).toEqual([]);
    expect(await subscriptionsOf(umbrella.id)).toEqual([]);
    expect(await packsOf(umbrella.id)).toEqual([]);
    expect(await auditsOf(umbrella.id)).toEqual([]);
    // Nothing was placed, so the Free plan may still be asked for.
    const again = await submitted(
      calls.submit(umbrella.admin, umbrella.id, {
        numberOfUsers: 5,
        paymentPlanIds: [world.plans.free.id, world.plans.freeYear],
      }),
    );
    expect(again.status).toBe('APPROVED');
    const made = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.customerId, umbrella.id),
          inArray(auditLog.tableName, ['Subscription', 'TokenPack', 'Service']),
        ),
      );
    expect(made).toHaveLength(3);
  });
});
