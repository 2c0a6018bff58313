import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, gte, lt } from 'drizzle-orm';
import { Type } from 'typebox';
import { billingCalls, CANCEL_NOTE, isMonth, ORDER_LISTING, order } from '../../../contract/billing.ts';
import { customerNotFound } from '../../auth/customer.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, type Filter, findRows, ilikeAny, inList } from '../../db/listing.ts';
import { customers, orders } from '../../db/schema.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../../kit/postSearch.ts';
import { findSubscription } from '../subscription/subscriptions.ts';
import {
  approveOrder,
  cancelOrder,
  checkFreeOnce,
  checkMinUsers,
  findOrder,
  isFirstPaid,
  orderNotFound,
  placeOrder,
  planOf,
  priceOrder,
  remainingOf,
  selectOrders,
  toOrder,
} from './orders.ts';

/**
 * Orders and what they cost (contract/billing.ts): the calculation, submitting a first subscription, the
 * order lists (a customer's own; every customer's for operators), cancelling and approving.
 */

/** Created in a month given as MM/YYYY (UTC). */
const inMonth: Filter = {
  schema: Type.Refine(
    Type.String({ maxLength: 7 }),
    (value) => isMonth(value),
    () => 'must be a month as MM/YYYY',
  ),
  where: (value) => {
    const [month, year] = String(value).split('/').map(Number) as [number, number];
    return and(
      gte(orders.createdDate, new Date(Date.UTC(year, month - 1, 1))),
      lt(orders.createdDate, new Date(Date.UTC(year, month, 1))),
    );
  },
};

const orderList = defineListing({
  filters: {
    q: ilikeAny([customers.companyName]),
    status: equals(orders.status),
    month: inMonth,
    customerId: inList(orders.customerId),
  },
  sort: {
    createdDate: orders.createdDate,
    numberOfUsers: orders.numberOfUsers,
    status: orders.status,
    companyName: customers.companyName,
  },
  defaultSort: ORDER_LISTING.defaultSort,
  unique: orders.id,
});

export const orderRoutes: FastifyPluginAsyncTypebox<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  const modifier = (request: Parameters<typeof callerOf>[0]) => {
    const { account } = callerOf(request);
    return { id: account.id, email: account.email };
  };
  /** The order as answered, read after its write. */
  const answer = async (id: string, customerId: string | null) =>
    toOrder(await findOrder(db, id, customerId));

  app.route({
    ...routeOf('', billingCalls.calls.calculate, 'billing-calculation.calculate'),
    handler: async (request) => {
      const body = request.body;
      const customerId = body.customerId.toLowerCase();
      if (body.calculateOnRemainingTime) {
        // An edit keeps the subscription's own plan: the plan ids sent are not trusted for it.
        const held = await findSubscription(db, body.subscriptionId ?? '', customerId);
        return priceOrder(
          held.tier,
          held.period,
          body.numberOfUsers,
          false,
          remainingOf(held.subscription, now()),
        );
      }
      const { tier, period } = await planOf(db, body.paymentPlanIds);
      checkMinUsers(tier, body.numberOfUsers);
      const trial = body.applyTrial !== false && (await isFirstPaid(db, customerId));
      return priceOrder(tier, period, body.numberOfUsers, trial);
    },
  });

  const listRoute = routeOf(order.base, { ...order.list, method: 'POST' as const }, 'order.list');
  app.route({
    ...listRoute,
    schema: {
      ...listRoute.schema,
      body: postSearchBody(orderList),
      response: { 200: searchAnswer(order.getOne.schema.response[200]) },
    },
    handler: async (request) => {
      const customer = request.customer ?? null;
      const found = await findRows(
        db,
        selectOrders(db),
        orderList,
        readPostSearch(request.body as never),
        customer === null ? undefined : eq(orders.customerId, customer),
      );
      return answerSearch({ rows: found.rows.map(toOrder), total: found.total });
    },
  });

  app.route({
    ...routeOf(order.base, order.getOne, 'order.getOne'),
    handler: async (request) => answer(request.params.id, request.customer ?? null),
  });

  app.route({
    ...routeOf(order.base, order.create, 'order.create'),
    handler: async (request, reply) => {
      const customerId = request.customer as string;
      const body = request.body;
      if (body.customerId.toLowerCase() !== customerId) throw customerNotFound();
      const { tier, period } = await planOf(db, body.paymentPlanIds);
      checkMinUsers(tier, body.numberOfUsers);
      const id = await db.transaction(async (tx) => {
        // One customer's orders one at a time: the Free plan check and its order cannot cross.
        await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        if (tier.tierPlanType === 'FREE') await checkFreeOnce(tx, customerId);
        const trial = await isFirstPaid(tx, customerId);
        return placeOrder(
          tx,
          modifier(request),
          {
            customerId,
            action: 'SUBSCRIBE',
            tier,
            period,
            numberOfUsers: body.numberOfUsers,
            tokenPackName: body.tokenPackName,
            price: priceOrder(tier, period, body.numberOfUsers, trial),
          },
          now(),
        );
      });
      reply.code(201);
      return answer(id, customerId);
    },
  });

  app.route({
    ...routeOf(order.base, order.actions.cancel, 'order.cancel'),
    handler: async (request) => {
      const customerId = request.customer as string;
      if (request.body.customerId.toLowerCase() !== customerId) throw orderNotFound();
      await db.transaction((tx) =>
        cancelOrder(
          tx,
          modifier(request),
          request.body.orderId,
          customerId,
          request.body.notes || CANCEL_NOTE,
        ),
      );
      return answer(request.body.orderId, customerId);
    },
  });

  app.route({
    ...routeOf('', order.actions.approve, 'order.approve'),
    handler: async (request) => {
      await db.transaction((tx) => approveOrder(tx, modifier(request), request.body.orderId, now()));
      return answer(request.body.orderId, null);
    },
  });
};
