import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  BILLING_ERRORS,
  SUBSCRIPTION_ERRORS,
  SUBSCRIPTION_LISTING,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  subscription,
} from '../../../contract/billing.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, inList } from '../../db/listing.ts';
import { customers, subscriptions, tierPlans, users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../../kit/postSearch.ts';
import { UUID_PATTERN } from '../../validation.ts';
import {
  checkMinUsers,
  findOrder,
  isFirstPaid,
  placeOrder,
  planOf,
  priceOrder,
  remainingOf,
  toOrder,
} from '../order/orders.ts';
import {
  findSubscription,
  selectSubscriptions,
  statusAt,
  statusIs,
  toSubscriptions,
} from './subscriptions.ts';

/**
 * Subscriptions (contract/billing.ts): the lists and the detail, and the orders that change one: upgrade,
 * extend (with the users to remove when the count falls below the active users) and edit (more users,
 * prorated), with the check that says whether a change is paid by card.
 */

const E = SUBSCRIPTION_ERRORS;
/** Ids looked up per query (PostgreSQL takes at most 65535 parameters). */
const ID_CHUNK = 1000;

export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  const modifier = (request: FastifyRequest) => {
    const { account } = callerOf(request);
    return { id: account.id, email: account.email };
  };
  const orderAnswer = async (id: string, customerId: string) => toOrder(await findOrder(db, id, customerId));

  /** The customer's subscription a change names; it must be active. */
  /** The customer's subscription a change names: active, or (an extension) ended but not cancelled. */
  const activeSubscription = async (tx: Database, customerId: string, id: string, ended = false) => {
    const found = await findSubscription(tx, id, customerId);
    const status = statusAt(found.subscription, now());
    if (!(status === 'ACTIVE' || (ended && status === 'EXPIRED'))) {
      throw conflict(E.notActive.key, E.notActive.text);
    }
    return found;
  };

  const subscriptionList = defineListing({
    filters: {
      // The status at the app's clock: an active subscription whose period has ended is EXPIRED.
      status: {
        schema: Type.Enum(SUBSCRIPTION_STATUSES),
        where: (value) => statusIs(value as Subscription['status'], now()),
      },
      tierPlanType: equals(tierPlans.tierPlanType),
      customerId: inList(subscriptions.customerId),
    },
    sort: {
      createdDate: subscriptions.createdDate,
      expireDate: subscriptions.expireDate,
      companyName: customers.companyName,
    },
    defaultSort: SUBSCRIPTION_LISTING.defaultSort,
    unique: subscriptions.id,
  });

  const listRoute = routeOf(
    subscription.base,
    { ...subscription.list, method: 'POST' as const },
    'subscription.list',
  );
  app.route({
    ...listRoute,
    schema: {
      ...listRoute.schema,
      body: postSearchBody(subscriptionList),
      response: { 200: searchAnswer(subscription.getOne.schema.response[200]) },
    },
    handler: async (request) => {
      const customer = request.customer ?? null;
      const found = await findRows(
        db,
        selectSubscriptions(db),
        subscriptionList,
        readPostSearch(request.body as never),
        customer === null ? undefined : eq(subscriptions.customerId, customer),
      );
      return answerSearch({ rows: await toSubscriptions(db, found.rows, now()), total: found.total });
    },
  });

  app.route({
    ...routeOf(subscription.base, subscription.getOne, 'subscription.getOne'),
    handler: async (request) => {
      const found = await findSubscription(db, request.params.id, request.customer ?? null);
      return (await toSubscriptions(db, [found], now()))[0]!;
    },
  });

  app.route({
    ...routeOf(subscription.base, subscription.actions.precheckPayment, 'subscription.precheckPayment'),
    handler: async (request) => {
      const found = await findSubscription(db, request.query.subscriptionId, request.customer as string);
      return { paymentRequired: found.tier.tierPlanType === 'NORMAL' };
    },
  });

  /**
   * An upgrade or an extension: the plan and its minimum checked, then in one transaction the active
   * subscription found, the change's own rule applied, and the order placed (201).
   */
  const placeChange = async (
    request: FastifyRequest,
    body: {
      numberOfUsers: number;
      paymentPlanIds: string[];
      subscriptionId: string;
      tokenPackName?: string | null;
      removeUsers?: string[];
    },
    action: 'UPGRADE' | 'EXTEND',
  ) => {
    const customerId = request.customer as string;
    const { tier, period } = await planOf(db, body.paymentPlanIds);
    checkMinUsers(tier, body.numberOfUsers);
    const id = await db.transaction(async (tx) => {
      const current = await activeSubscription(tx, customerId, body.subscriptionId, action === 'EXTEND');
      let trial = false;
      let removeUsers: string[] = [];
      if (action === 'UPGRADE') {
        if (tier.rank <= current.tier.rank) throw conflict(E.notHigher.key, E.notHigher.text);
        trial = await isFirstPaid(tx, customerId);
      } else {
        if (tier.id !== current.tier.id) throw badRequest(E.otherTier.key, E.otherTier.text);
        removeUsers = await checkRemovedUsers(tx, customerId, body.numberOfUsers, body.removeUsers ?? []);
      }
      return placeOrder(
        tx,
        modifier(request),
        {
          customerId,
          action,
          tier,
          period,
          numberOfUsers: body.numberOfUsers,
          subscriptionId: current.subscription.id,
          tokenPackName: body.tokenPackName,
          removeUsers,
          price: priceOrder(tier, period, body.numberOfUsers, trial),
        },
        now(),
      );
    });
    return orderAnswer(id, customerId);
  };

  app.route({
    ...routeOf(subscription.base, subscription.actions.upgrade, 'subscription.upgrade'),
    handler: async (request, reply) => {
      const answer = await placeChange(request, request.body, 'UPGRADE');
      reply.code(201);
      return answer;
    },
  });

  app.route({
    ...routeOf(subscription.base, subscription.actions.extend, 'subscription.extend'),
    handler: async (request, reply) => {
      const answer = await placeChange(request, request.body, 'EXTEND');
      reply.code(201);
      return answer;
    },
  });

  app.route({
    ...routeOf(subscription.base, subscription.update, 'subscription.update'),
    handler: async (request) => {
      const customerId = request.customer as string;
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const current = await activeSubscription(tx, customerId, body.subscriptionId);
        const currUser = current.subscription.numberOfUsers;
        if (body.numberOfUsers <= currUser) {
          throw badRequest(
            BILLING_ERRORS.lessThanCurrentNumberOfUser.key,
            BILLING_ERRORS.lessThanCurrentNumberOfUser.text,
            { currUser },
          );
        }
        const { subscription: held, tier, period } = current;
        return placeOrder(
          tx,
          modifier(request),
          {
            customerId,
            action: 'EDIT',
            tier,
            period,
            numberOfUsers: body.numberOfUsers,
            subscriptionId: held.id,
            price: priceOrder(tier, period, body.numberOfUsers - currUser, false, remainingOf(held, now())),
          },
          now(),
        );
      });
      return orderAnswer(id, customerId);
    },
  });
};

/**
 * An extension to fewer users than are active names the users to deactivate: at least the difference, each
 * an active user of the customer (spec 02 §4 Extend with fewer users). Answers their ids, lower-cased.
 */
async function checkRemovedUsers(
  tx: Database,
  customerId: string,
  numberOfUsers: number,
  named: readonly string[],
): Promise<string[]> {
  const [row] = await tx
    .select({ active: count() })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.status, 'ACTIVE')));
  const active = row?.active ?? 0;
  const needed = active - numberOfUsers;
  if (needed <= 0) return [];
  const ids = [...new Set(named.map((id) => id.toLowerCase()))].filter((id) => UUID_PATTERN.test(id));
  const found: { id: string }[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    found.push(
      ...(await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.customerId, customerId),
            eq(users.status, 'ACTIVE'),
            inArray(users.id, ids.slice(start, start + ID_CHUNK)),
          ),
        )),
    );
  }
  if (found.length < needed) {
    throw badRequest(E.removeUsers.key, E.removeUsers.text, { count: needed, active });
  }
  return found.map((user) => user.id);
}
