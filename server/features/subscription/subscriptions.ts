import { and, count, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  BILLING_ERRORS,
  EXPIRY_WINDOW_MS,
  type Order,
  SUBSCRIPTION_ERRORS,
  SUBSCRIPTION_LISTING,
  SUBSCRIPTION_STATUSES,
  type Subscription,
} from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows, inList, type ListAsk } from '../../db/listing.ts';
import { customers, periodPlans, subscriptions, tierPlans, tokenPacks, users } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';
import {
  checkMinUsers,
  isFirstPaid,
  type OrderWrite,
  orderRecord,
  placeOrder,
  planOf,
  priceOrder,
  remainingOf,
} from '../order/orders.ts';

/**
 * Subscriptions (contract/billing.ts): as answered, the lists and finding one, and the orders that change
 * one: upgrade, extend (with the users to remove when the count falls below the active users) and edit
 * (more users, prorated). A customer's call sees only its own subscriptions and users (the database's
 * row-level security); an operator's outside a customer sees every customer's.
 */

const E = SUBSCRIPTION_ERRORS;
/** Ids looked up per query (PostgreSQL takes at most 65535 parameters). */
const ID_CHUNK = 1000;

export const subscriptionNotFound = () => fail(BILLING_ERRORS.subscriptionNotFound);

const selectSubscriptions = (db: Database) =>
  db
    .select({
      subscription: subscriptions,
      companyName: customers.companyName,
      tier: tierPlans,
      period: periodPlans,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .innerJoin(periodPlans, eq(periodPlans.id, subscriptions.periodPlanId))
    .$dynamic();

type SubscriptionJoin = Awaited<ReturnType<ReturnType<typeof selectSubscriptions>['execute']>>[number];

/** The subscription `id` the call may see (its customer's; any for an operator outside a customer), or its 404. */
export async function findSubscription(tx: Database, id: string) {
  if (!UUID_PATTERN.test(id)) throw subscriptionNotFound();
  const [found] = await selectSubscriptions(tx).where(eq(subscriptions.id, id.toLowerCase()));
  if (!found) throw subscriptionNotFound();
  return found;
}

/**
 * A subscription's status at `now`: an active one whose period has ended is EXPIRED (nothing needs to run
 * on a schedule to say so).
 */
export const statusAt = (subscription: { status: Subscription['status']; expireDate: Date }, now: Date) =>
  subscription.status === 'ACTIVE' && subscription.expireDate.getTime() <= now.getTime()
    ? ('EXPIRED' as const)
    : subscription.status;

/** The condition of a status filter at `now` (the stored status, and the period for ACTIVE and EXPIRED). */
const statusIs = (status: Subscription['status'], now: Date): SQL =>
  status === 'ACTIVE'
    ? and(eq(subscriptions.status, 'ACTIVE'), gt(subscriptions.expireDate, now))!
    : status === 'EXPIRED'
      ? or(
          eq(subscriptions.status, 'EXPIRED'),
          and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.expireDate, now)),
        )!
      : eq(subscriptions.status, status);

/** The records of joined rows, with their token packs; `now` decides what is expiring soon. */
async function toSubscriptions(db: Database, rows: SubscriptionJoin[], now: Date): Promise<Subscription[]> {
  const ids = rows.map((row) => row.subscription.id);
  const packs =
    ids.length === 0
      ? []
      : await db
          .select({ id: tokenPacks.id, name: tokenPacks.name, subscriptionId: tokenPacks.subscriptionId })
          .from(tokenPacks)
          .where(inArray(tokenPacks.subscriptionId, ids));
  return rows.map(({ subscription, companyName, tier, period }) => ({
    id: subscription.id,
    customerId: subscription.customerId,
    companyName,
    paymentPlanIds: [tier.id, period.id],
    numberOfUsers: subscription.numberOfUsers,
    tierPaymentPlan: {
      id: tier.id,
      name: tier.name,
      tierPlanType: tier.tierPlanType,
      description: tier.description,
      minUser: tier.minUser,
    },
    periodPaymentPlan: { id: period.id, name: period.name, periodCount: period.periodCount },
    tierPlanType: tier.tierPlanType,
    status: statusAt(subscription, now),
    startDate: subscription.startDate.toISOString(),
    expireDate: subscription.expireDate.toISOString(),
    expiringSoon:
      statusAt(subscription, now) === 'ACTIVE' &&
      subscription.expireDate.getTime() - now.getTime() <= EXPIRY_WINDOW_MS,
    tokenPacks: packs
      .filter((pack) => pack.subscriptionId === subscription.id)
      .map(({ id, name }) => ({ id, name })),
    createdDate: subscription.createdDate.toISOString(),
  }));
}

/** The list's filters and sorts; a status is the one at the app's clock (`now`). */
export const subscriptionListing = (now: () => Date) =>
  defineListing({
    filters: {
      // An active subscription whose period has ended is EXPIRED.
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

/** A page of the subscriptions the call may see, as answered, with the total. */
export async function listSubscriptions(
  tx: Database,
  listing: ReturnType<typeof subscriptionListing>,
  ask: ListAsk,
  now: Date,
): Promise<{ rows: Subscription[]; total: number }> {
  const found = await findRows(tx, selectSubscriptions(tx), listing, ask);
  return { ...found, rows: await toSubscriptions(tx, found.rows, now) };
}

/** One subscription as answered. */
export async function subscriptionRecord(tx: Database, id: string, now: Date): Promise<Subscription> {
  return (await toSubscriptions(tx, [await findSubscription(tx, id)], now))[0]!;
}

/** Whether a change of the subscription is paid by card: a Professional (NORMAL) one's is. */
export async function paymentRequired(tx: Database, id: string): Promise<boolean> {
  return (await findSubscription(tx, id)).tier.tierPlanType === 'NORMAL';
}

/** The subscription a change names: active, or (an extension) ended but not cancelled; 409 otherwise. */
async function changeable(tx: Database, id: string, now: Date, ended = false) {
  const found = await findSubscription(tx, id);
  const status = statusAt(found.subscription, now);
  if (!(status === 'ACTIVE' || (ended && status === 'EXPIRED'))) throw fail(E.notActive);
  return found;
}

export interface ChangeBody {
  numberOfUsers: number;
  paymentPlanIds: string[];
  subscriptionId: string;
  tokenPackName?: string | null;
  removeUsers?: string[];
}

/**
 * An upgrade or an extension, in the call's customer: the plan and its minimum checked, the subscription
 * found (active; an extension's may have ended), the change's own rule applied, and the order placed.
 * Answers the order.
 */
export async function orderChange(
  write: OrderWrite,
  customerId: string,
  body: ChangeBody,
  action: 'UPGRADE' | 'EXTEND',
  now: Date,
): Promise<Order> {
  const { tier, period } = await planOf(write.tx, body.paymentPlanIds);
  checkMinUsers(tier, body.numberOfUsers);
  const current = await changeable(write.tx, body.subscriptionId, now, action === 'EXTEND');
  let trial = false;
  let removeUsers: string[] = [];
  if (action === 'UPGRADE') {
    if (tier.rank <= current.tier.rank) throw fail(E.notHigher);
    trial = await isFirstPaid(write.tx);
  } else {
    if (tier.id !== current.tier.id) throw fail(E.otherTier);
    removeUsers = await checkRemovedUsers(write.tx, body.numberOfUsers, body.removeUsers ?? []);
  }
  const id = await placeOrder(
    write,
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
    now,
  );
  return orderRecord(write.tx, id);
}

/**
 * An edit, in the call's customer: more users than the active subscription has, billed for what remains of
 * its period (an order; a Free one is approved at once). Answers the order.
 */
export async function orderEdit(
  write: OrderWrite,
  customerId: string,
  body: { subscriptionId: string; numberOfUsers: number },
  now: Date,
): Promise<Order> {
  const { subscription: held, tier, period } = await changeable(write.tx, body.subscriptionId, now);
  const currUser = held.numberOfUsers;
  if (body.numberOfUsers <= currUser) throw fail(BILLING_ERRORS.lessThanCurrentNumberOfUser, { currUser });
  const id = await placeOrder(
    write,
    {
      customerId,
      action: 'EDIT',
      tier,
      period,
      numberOfUsers: body.numberOfUsers,
      subscriptionId: held.id,
      price: priceOrder(tier, period, body.numberOfUsers - currUser, false, remainingOf(held, now)),
    },
    now,
  );
  return orderRecord(write.tx, id);
}

/**
 * An extension to fewer users than are active names the users to deactivate: at least the difference, each
 * an active user of the call's customer (docs/requirements/billing-services-states.md Extend with fewer users). Answers their ids, lower-cased.
 */
async function checkRemovedUsers(
  tx: Database,
  numberOfUsers: number,
  named: readonly string[],
): Promise<string[]> {
  const [row] = await tx.select({ active: count() }).from(users).where(eq(users.status, 'ACTIVE'));
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
        .where(and(eq(users.status, 'ACTIVE'), inArray(users.id, ids.slice(start, start + ID_CHUNK))))),
    );
  }
  if (found.length < needed) throw fail(E.removeUsers, { count: needed, active });
  return found.map((user) => user.id);
}

/** The support features of the customer's plans that the portal asks about (its theme menu). */
export async function supportFeaturesOf(tx: Database, customerId: string): Promise<{ theme: boolean }> {
  const [row] = await tx
    .select({ features: customers.features })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { theme: new Set(row?.features ?? []).has('theme') };
}
