import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/billing.ts';
import { auditLog, orders, serviceInstances, tokenPacks } from '../../../server/db/schema.ts';
import { signedIn } from '../fixtures/admin.ts';
import { billingSuite, customerWithAdmin, submitted } from '../fixtures/billing.ts';

/**
 * Orders (contract/billing.ts order): a customer submits a first subscription (a Free one approved at once,
 * once), lists and reads its own orders, and cancels a submitted one; an operator lists every customer's
 * orders with 'all', and alone approves.
 */

const { ctx, world, calls } = billingSuite();

const proYearly = () => [world.plans.pro.id, world.plans.proYearly];
const freeYear = () => [world.plans.free.id, world.plans.freeYear];
/** Acme's admin orders for `numberOfUsers` on the plans `[tier, period]`. */
const acmeSubmits = (numberOfUsers: number, paymentPlanIds: string[]) =>
  calls.submit(world.acme.admin, world.acme.id, { numberOfUsers, paymentPlanIds });

/** MM/YYYY of an ISO date (UTC), the month filter's form. */
const monthOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
};

describe('submitting an order', () => {
  it('places a Professional order, SUBMITTED, at the calculated price with the trial month', async () => {
    const answer = await acmeSubmits(25, proYearly());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = answer.body as Order;
    expect(order).toMatchObject({
      customerId: world.acme.id,
      companyName: 'Acme Rockets',
      action: 'SUBSCRIBE',
      status: 'SUBMITTED',
      numberOfUsers: 25,
      paymentPlanIds: proYearly(),
      tierPaymentPlan: { id: world.plans.pro.id, name: 'PROFESSIONAL', tierPlanType: 'NORMAL' },
      periodPaymentPlan: { id: world.plans.proYearly, periodCount: 12 },
      amount: 75000,
      currency: 'USD',
      trialTerm: 1,
      paid: false,
      notes: null,
      closedDate: null,
      subscriptionId: null,
      tokenPackId: null,
      serviceInstanceId: null,
      tokenPackName: null,
    });
    expect(Number.isNaN(Date.parse(order.createdDate))).toBe(false);
    // What the answer says is what a later read says.
    const read = await calls.detail(world.acme.admin, world.acme.id, order.id);
    expect(read.body).toEqual(order);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entries.map((entry) => [entry.tableName, entry.action])).toEqual([['Order', 'SUBMIT']]);
  });

  it('keeps the token pack name asked for, trimmed', async () => {
    const order = await submitted(
      calls.submit(world.globex.admin, world.globex.id, {
        numberOfUsers: 10,
        paymentPlanIds: proYearly(),
        tokenPackName: '  Head office  ',
      }),
    );
    expect(order.tokenPackName).toBe('Head office');
  });

  it('refuses a token pack name the token pack screens would refuse', async () => {
    const answer = await calls.submit(world.globex.admin, world.globex.id, {
      numberOfUsers: 10,
      paymentPlanIds: proYearly(),
      tokenPackName: 'Head <office>',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      messageKey: 'error.tokenPack.nameInvalid',
      message: 'Name is invalid',
    });
  });

  it('approves a Free order at once, with its subscription, token pack and service instance', async () => {
    const order = await submitted(acmeSubmits(5, freeYear()));
    expect(order).toMatchObject({
      status: 'APPROVED',
      amount: 0,
      trialTerm: 0,
      tierPaymentPlan: { tierPlanType: 'FREE' },
    });
    expect(order.closedDate).not.toBeNull();
    expect(order.subscriptionId).toEqual(expect.any(String));
    const [pack] = await ctx.db
      .select()
      .from(tokenPacks)
      .where(eq(tokenPacks.id, order.tokenPackId ?? randomUUID()));
    expect(pack).toMatchObject({
      customerId: world.acme.id,
      subscriptionId: order.subscriptionId,
      name: 'Free Token Pack',
    });
    const [instance] = await ctx.db
      .select()
      .from(serviceInstances)
      .where(eq(serviceInstances.id, order.serviceInstanceId ?? randomUUID()));
    expect(instance).toMatchObject({
      customerId: world.acme.id,
      tokenPackId: pack!.id,
      instanceName: 'Free Token Pack Service',
    });
  });

  it('refuses a second Free plan with 409, and places no order', async () => {
    const before = await ctx.db.select().from(orders).where(eq(orders.customerId, world.acme.id));
    const answer = await acmeSubmits(5, freeYear());
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      messageKey: 'error.billing.freePlanSubscribed',
      message: 'You already subscribed to the Free Plan',
    });
    const after = await ctx.db.select().from(orders).where(eq(orders.customerId, world.acme.id));
    expect(after).toHaveLength(before.length);
  });

  it("refuses fewer users than the tier's minimum with 400, and an unknown plan with 404", async () => {
    const few = await acmeSubmits(9, proYearly());
    expect(few.status).toBe(400);
    expect(few.body).toEqual({
      messageKey: 'error.billing.order.minNumberOfUser',
      message: 'Minimum 10 users required',
      params: { minUser: 10 },
    });
    const enterprise = await acmeSubmits(99, [world.plans.enterprise.id, world.plans.enterprise12]);
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.params).toEqual({ minUser: 100 });
    const unknown = await acmeSubmits(10, [randomUUID(), world.plans.proYearly]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messageKey).toBe('error.billing.tierNotFound');
    const crossed = await acmeSubmits(100, [world.plans.pro.id, world.plans.enterprise12]);
    expect(crossed.status).toBe(404);
    expect(crossed.body.messageKey).toBe('error.billing.periodNotFound');
  });

  it("is refused to an operator (403) and in another customer's name (404)", async () => {
    const byOperator = await calls.submit(world.operator, world.acme.id, {
      numberOfUsers: 25,
      paymentPlanIds: proYearly(),
    });
    expect(byOperator.status).toBe(403);
    const elsewhere = await calls.submit(world.acme.admin, world.globex.id, {
      numberOfUsers: 25,
      paymentPlanIds: proYearly(),
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.messageKey).toBe('error.customer.notFound');
    const globexOrders = await ctx.db.select().from(orders).where(eq(orders.customerId, world.globex.id));
    expect(globexOrders.every((row) => row.numberOfUsers !== 25)).toBe(true);
  });
});

describe('the order list', () => {
  /** Orders of two fresh customers, placed in this order: ids oldest first. */
  let placed: { soylent: Order[]; tyrell: Order[] };
  let soylent: Awaited<ReturnType<typeof customerWithAdmin>>;
  let tyrell: Awaited<ReturnType<typeof customerWithAdmin>>;

  beforeAll(async () => {
    soylent = await customerWithAdmin(ctx, 'Soylent Foods');
    tyrell = await customerWithAdmin(ctx, 'Tyrell Systems');
    placed = { soylent: [], tyrell: [] };
    for (const users of [10, 20, 30]) {
      placed.soylent.push(
        await submitted(
          calls.submit(soylent.admin, soylent.id, { numberOfUsers: users, paymentPlanIds: proYearly() }),
        ),
      );
    }
    placed.tyrell.push(
      await submitted(
        calls.submit(tyrell.admin, tyrell.id, { numberOfUsers: 40, paymentPlanIds: proYearly() }),
      ),
    );
    // One of Soylent's is cancelled: the status filter tells them apart.
    const cancelled = await calls.cancel(soylent.admin, soylent.id, { orderId: placed.soylent[0]!.id });
    expect(cancelled.status).toBe(200);
  });

  const idsOf = (answer: { body: { contents: Order[] } }) => answer.body.contents.map((order) => order.id);
  const ours = (ids: string[]) => {
    const mine = new Set([...placed.soylent, ...placed.tyrell].map((order) => order.id));
    return ids.filter((id) => mine.has(id));
  };

  it('shows a customer its own orders only, newest first, with the total count', async () => {
    const answer = await calls.search(soylent.admin, soylent.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.totalElements).toBe(3);
    expect(idsOf(answer)).toEqual(placed.soylent.map((order) => order.id).reverse());
    expect(answer.body.contents.every((order: Order) => order.customerId === soylent.id)).toBe(true);

    const theirs = await calls.search(tyrell.admin, tyrell.id);
    expect(idsOf(theirs)).toEqual([placed.tyrell[0]!.id]);
  });

  it('pages and sorts as asked', async () => {
    const first = await calls.search(soylent.admin, soylent.id, { page: 0, limit: 2 });
    const second = await calls.search(soylent.admin, soylent.id, { page: 1, limit: 2 });
    expect(first.body.totalElements).toBe(3);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(placed.soylent.map((order) => order.id).reverse());
    const oldestFirst = await calls.search(soylent.admin, soylent.id, {
      sort: { field: 'createdDate', order: 'ASC' },
    });
    expect(idsOf(oldestFirst)).toEqual(placed.soylent.map((order) => order.id));
    const byUsers = await calls.search(soylent.admin, soylent.id, {
      sort: { field: 'numberOfUsers', order: 'DESC' },
    });
    expect(byUsers.body.contents.map((order: Order) => order.numberOfUsers)).toEqual([30, 20, 10]);
  });

  it("refuses 'all' to a customer's account, and another customer's id (404)", async () => {
    for (const path of ['all', tyrell.id]) {
      const answer = await calls.search(soylent.admin, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.messageKey).toBe('error.customer.notFound');
    }
  });

  it("shows an operator every customer's orders with 'all', or one customer's by its id", async () => {
    const all = await calls.search(world.operator, 'all');
    expect(all.status).toBe(200);
    const allIds = idsOf(all);
    expect(ours(allIds)).toEqual(
      [placed.soylent[0]!, placed.soylent[1]!, placed.soylent[2]!, placed.tyrell[0]!]
        .map((order) => order.id)
        .reverse(),
    );
    expect(new Set(all.body.contents.map((order: Order) => order.customerId))).toEqual(
      new Set([world.acme.id, world.globex.id, soylent.id, tyrell.id]),
    );
    expect(all.body.totalElements).toBe(all.body.contents.length);
    const dates = all.body.contents.map((order: Order) => Date.parse(order.createdDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const one = await calls.search(world.operator, tyrell.id);
    expect(idsOf(one)).toEqual([placed.tyrell[0]!.id]);
    const byFilter = await calls.search(world.operator, 'all', { filters: { customerId: [tyrell.id] } });
    expect(idsOf(byFilter)).toEqual([placed.tyrell[0]!.id]);
  });

  it('filters by status', async () => {
    const cancelled = await calls.search(world.operator, 'all', { filters: { status: 'CANCELED' } });
    expect(ours(idsOf(cancelled))).toEqual([placed.soylent[0]!.id]);
    expect(cancelled.body.contents.every((order: Order) => order.status === 'CANCELED')).toBe(true);
    const approved = await calls.search(world.operator, 'all', { filters: { status: 'APPROVED' } });
    expect(approved.body.contents.every((order: Order) => order.status === 'APPROVED')).toBe(true);
    expect(ours(idsOf(approved))).toEqual([]);
    const own = await calls.search(soylent.admin, soylent.id, { filters: { status: 'SUBMITTED' } });
    expect(idsOf(own)).toEqual([placed.soylent[2]!.id, placed.soylent[1]!.id]);
    const unknown = await calls.search(world.operator, 'all', { filters: { status: 'LOST' } });
    expect(unknown.status).toBe(400);
  });

  it('filters by the month they were placed in (MM/YYYY), refusing a month that is none', async () => {
    const placedIn = monthOf(placed.tyrell[0]!.createdDate);
    const thisMonth = await calls.search(world.operator, 'all', { filters: { month: placedIn } });
    expect(thisMonth.status).toBe(200);
    expect(ours(idsOf(thisMonth))).toContain(placed.tyrell[0]!.id);
    expect(thisMonth.body.contents.every((order: Order) => monthOf(order.createdDate) === placedIn)).toBe(
      true,
    );

    const [month, year] = placedIn.split('/').map(Number) as [number, number];
    const lastYear = `${String(month).padStart(2, '0')}/${year - 1}`;
    const none = await calls.search(world.operator, 'all', { filters: { month: lastYear } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ contents: [], totalElements: 0 });

    for (const bad of ['13/2026', '00/2026', '2026-01', '1/2026']) {
      const answer = await calls.search(world.operator, 'all', { filters: { month: bad } });
      expect(answer.status, bad).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
    }
  });

  it('filters by company name (q), ignoring case', async () => {
    const answer = await calls.search(world.operator, 'all', { filters: { q: 'tyrell' } });
    expect(idsOf(answer)).toEqual([placed.tyrell[0]!.id]);
    const partial = await calls.search(world.operator, 'all', { filters: { q: 'SOYLENT f' } });
    expect(partial.body.totalElements).toBe(3);
    const nobody = await calls.search(world.operator, 'all', { filters: { q: 'Cyberdyne' } });
    expect(nobody.body.totalElements).toBe(0);
  });

  it('refuses unknown filters and sort fields', async () => {
    const filter = await calls.search(world.operator, 'all', { filters: { amount: 1 } });
    expect(filter.status).toBe(400);
    const sort = await calls.search(world.operator, 'all', { sort: { field: 'amount', order: 'ASC' } });
    expect(sort.status).toBe(400);
  });

  it("gives an order's detail to its customer and to operators, 404 to anyone else", async () => {
    const order = placed.soylent[1]!;
    const own = await calls.detail(soylent.admin, soylent.id, order.id);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: order.id, status: 'SUBMITTED', companyName: 'Soylent Foods' });
    const byOperator = await calls.detail(world.operator, 'all', order.id);
    expect(byOperator.body).toEqual(own.body);
    expect((await calls.detail(world.operator, soylent.id, order.id)).body).toEqual(own.body);

    // Tyrell asks for Soylent's order under its own id: not found, as if it did not exist.
    const other = await calls.detail(tyrell.admin, tyrell.id, order.id);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ messageKey: 'error.billing.orderNotFound', message: 'Order not found' });
    // An operator naming the wrong customer does not find it either.
    expect((await calls.detail(world.operator, tyrell.id, order.id)).status).toBe(404);
    // Under Soylent's id: the guard refuses.
    expect((await calls.detail(tyrell.admin, soylent.id, order.id)).status).toBe(404);
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await calls.detail(soylent.admin, soylent.id, id)).status).toBe(404);
    }
  });
});

describe('cancelling an order', () => {
  let wayne: Awaited<ReturnType<typeof customerWithAdmin>>;
  beforeAll(async () => {
    wayne = await customerWithAdmin(ctx, 'Wayne Enterprises');
  });

  const place = () =>
    submitted(calls.submit(wayne.admin, wayne.id, { numberOfUsers: 12, paymentPlanIds: proYearly() }));

  it("turns the customer's own submitted order CANCELED, noting 'Cancelled by user' by default", async () => {
    const order = await place();
    const answer = await calls.cancel(wayne.admin, wayne.id, { orderId: order.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: order.id, status: 'CANCELED', notes: 'Cancelled by user' });
    expect(answer.body.closedDate).not.toBeNull();
    const read = await calls.detail(wayne.admin, wayne.id, order.id);
    expect(read.body).toMatchObject({ status: 'CANCELED', notes: 'Cancelled by user' });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'CANCEL')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toMatchObject({ status: { before: 'SUBMITTED', after: 'CANCELED' } });
  });

  it('keeps the notes given', async () => {
    const order = await place();
    const answer = await calls.cancel(wayne.admin, wayne.id, { orderId: order.id, notes: 'Too many users' });
    expect(answer.body).toMatchObject({ status: 'CANCELED', notes: 'Too many users' });
  });

  it('refuses to cancel it twice, or an approved order (409, with the status)', async () => {
    const order = await place();
    expect((await calls.cancel(wayne.admin, wayne.id, { orderId: order.id })).status).toBe(200);
    const again = await calls.cancel(wayne.admin, wayne.id, { orderId: order.id, notes: 'again' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      messageKey: 'error.billing.orderNotSubmitted',
      message: 'Only a submitted order can be cancelled or approved; this one is CANCELED.',
      params: { status: 'CANCELED' },
    });
    expect((await calls.detail(wayne.admin, wayne.id, order.id)).body.notes).toBe('Cancelled by user');

    const free = await submitted(
      calls.submit(wayne.admin, wayne.id, { numberOfUsers: 3, paymentPlanIds: freeYear() }),
    );
    const approved = await calls.cancel(wayne.admin, wayne.id, { orderId: free.id });
    expect(approved.status).toBe(409);
    expect(approved.body.params).toEqual({ status: 'APPROVED' });
  });

  it("answers 404 for another customer's order, which stays SUBMITTED", async () => {
    const theirs = await submitted(
      calls.submit(world.globex.admin, world.globex.id, { numberOfUsers: 11, paymentPlanIds: proYearly() }),
    );
    const answer = await calls.cancel(wayne.admin, wayne.id, { orderId: theirs.id });
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe('error.billing.orderNotFound');
    // The path names Globex: the guard refuses Wayne's account.
    const underTheirs = await calls.cancel(wayne.admin, world.globex.id, { orderId: theirs.id });
    expect(underTheirs.status).toBe(404);
    // The body names Globex while the path names Wayne: the guard refuses it as a customer Wayne's account
    // may not act in, even for Wayne's own order.
    const own = await place();
    for (const orderId of [theirs.id, own.id]) {
      const mixed = await ctx.call('POST', `/api/billing/order/${wayne.id}/cancel`, {
        token: wayne.admin,
        json: { orderId, customerId: world.globex.id },
      });
      expect(mixed.status).toBe(404);
      expect(mixed.body.messageKey).toBe('error.customer.notFound');
    }
    expect((await calls.detail(wayne.admin, wayne.id, own.id)).body.status).toBe('SUBMITTED');
    expect((await calls.detail(world.globex.admin, world.globex.id, theirs.id)).body.status).toBe(
      'SUBMITTED',
    );
  });

  it('is refused to an operator (403)', async () => {
    const order = await place();
    const answer = await calls.cancel(world.operator, wayne.id, { orderId: order.id });
    expect(answer.status).toBe(403);
    expect((await calls.detail(wayne.admin, wayne.id, order.id)).body.status).toBe('SUBMITTED');
  });
});

describe('approving', () => {
  it("is refused to a customer's account (403), the order left SUBMITTED", async () => {
    const order = await submitted(
      calls.submit(world.globex.admin, world.globex.id, { numberOfUsers: 15, paymentPlanIds: proYearly() }),
    );
    const answer = await calls.approve(world.globex.admin, order.id);
    expect(answer.status).toBe(403);
    const read = await calls.detail(world.globex.admin, world.globex.id, order.id);
    expect(read.body).toMatchObject({ status: 'SUBMITTED', subscriptionId: null });
  });
});

describe("a customer's account without 'subscription:configure'", () => {
  let viewer: string;
  let nobody: string;
  let order: Order;

  beforeAll(async () => {
    const viewRole = await ctx.createRole({
      name: 'billing_viewer',
      customerId: world.acme.id,
      permissions: ['subscription:view'],
    });
    viewer = (await signedIn(ctx, { customerId: world.acme.id, roleIds: [viewRole.id] })).token;
    const otherRole = await ctx.createRole({
      name: 'no_billing',
      customerId: world.acme.id,
      permissions: ['token-pack:view'],
    });
    nobody = (await signedIn(ctx, { customerId: world.acme.id, roleIds: [otherRole.id] })).token;
    order = await submitted(acmeSubmits(14, proYearly()));
  });

  it('may list and read the orders', async () => {
    const list = await calls.search(viewer, world.acme.id);
    expect(list.status).toBe(200);
    expect(list.body.contents.map((row: Order) => row.id)).toContain(order.id);
    expect((await calls.detail(viewer, world.acme.id, order.id)).status).toBe(200);
  });

  it('may neither submit nor cancel (403)', async () => {
    const submit = await calls.submit(viewer, world.acme.id, {
      numberOfUsers: 10,
      paymentPlanIds: proYearly(),
    });
    expect(submit.status).toBe(403);
    expect(submit.body.messageKey).toBe('error.action.notallow');
    const cancel = await calls.cancel(viewer, world.acme.id, { orderId: order.id });
    expect(cancel.status).toBe(403);
    expect((await calls.detail(viewer, world.acme.id, order.id)).body.status).toBe('SUBMITTED');
  });

  it("without 'subscription:view' either, may not list (403)", async () => {
    expect((await calls.search(nobody, world.acme.id)).status).toBe(403);
    expect((await calls.detail(nobody, world.acme.id, order.id)).status).toBe(403);
  });
});
