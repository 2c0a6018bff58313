import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  BILLING_ERRORS,
  type CalculateBody,
  type Calculation,
  isMonth,
  ORDER_ERRORS,
  ORDER_LISTING,
  type Order,
  type SubmitOrderBody,
  type TierPlanType,
} from '../../../contract/billing.ts';
import { isTokenPackName, TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import {
  defineListing,
  eq as equals,
  type Filter,
  findRows,
  ilikeAny,
  inList,
  type ListAsk,
} from '../../db/listing.ts';
import { actingFor } from '../../db/reach.ts';
import {
  customers,
  orders,
  periodPlans,
  serviceInstances,
  subscriptions,
  tierPlans,
  tokenPacks,
  users,
} from '../../db/schema.ts';
import type { Modifier } from '../../domain/audit.ts';
import { fail } from '../../errors.ts';
import type { AuditWriter } from '../../kit/call.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { addMonths, priceOf } from '../plan/pricing.ts';
import { findSubscription } from '../subscription/subscriptions.ts';

/**
 * Orders (contract/billing.ts): pricing one, placing one, the lists, cancelling one, and approving it, which
 * makes or changes the subscription and, for a new subscription, its token pack and service instance, all
 * in the transaction of the approval. A customer's call sees only its own orders and subscriptions (the
 * database's row-level security); an operator's outside a customer sees every customer's.
 */

const E = BILLING_ERRORS;
export const orderNotFound = () => fail(ORDER_ERRORS.notFound);
const notSubmitted = (status: string) => fail(ORDER_ERRORS.notSubmitted, { status });

/** What writing orders takes: the call's transaction, its audit writer, and who acts (an order's closedBy). */
export interface OrderWrite {
  tx: Database;
  audit: AuditWriter;
  caller: { account: Modifier };
}

type TierRow = typeof tierPlans.$inferSelect;
type PeriodRow = typeof periodPlans.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** docs/requirements/billing-services-entities.md: the token pack is named after the tier (Normal shown as Professional). */
const TIER_DISPLAY: Record<TierPlanType, string> = {
  FREE: 'Free',
  NORMAL: 'Professional',
  ENTERPRISE: 'Enterprise',
};
export const tokenPackNameOf = (tierPlanType: TierPlanType) => `${TIER_DISPLAY[tierPlanType]} Token Pack`;

/** The tier and period of `[tier id, period id]`, the period one of the tier's. */
export async function planOf(db: Database, [tierId = '', periodId = '']: readonly string[]) {
  const [tier] = UUID_PATTERN.test(tierId)
    ? await db.select().from(tierPlans).where(eq(tierPlans.id, tierId.toLowerCase()))
    : [];
  if (!tier) throw fail(E.tierNotFound);
  const [period] = UUID_PATTERN.test(periodId)
    ? await db
        .select()
        .from(periodPlans)
        .where(and(eq(periodPlans.id, periodId.toLowerCase()), eq(periodPlans.tierPlanId, tier.id)))
    : [];
  if (!period) throw fail(E.periodNotFound);
  return { tier, period };
}

/** Refuses fewer users than the tier's minimum. */
export function checkMinUsers(tier: TierRow, numberOfUsers: number): void {
  if (numberOfUsers < tier.minUser) throw fail(E.minNumberOfUser, { minUser: tier.minUser });
}

/**
 * The call's customer's first paid subscription gets the period's first-time free months: not once the
 * customer holds a paid subscription, nor while an order that took them waits for approval (two orders
 * placed before either is approved share one trial). `tx` is in the customer's reach.
 */
export async function isFirstPaid(tx: Database): Promise<boolean> {
  const [paid] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(sql`${tierPlans.tierPlanType} <> 'FREE'`)
    .limit(1);
  if (paid) return false;
  const [trialTaken] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`${orders.trialTerm} > 0`, sql`${orders.status} <> 'CANCELED'`))
    .limit(1);
  return !trialTaken;
}

/**
 * What remains of a subscription at `now`, against its current period (from its start, which an extension
 * moves to the end of the period it extends, to its expiry): an edit's proration.
 */
export const remainingOf = (subscription: { startDate: Date; expireDate: Date }, now: Date) => ({
  remainingMs: subscription.expireDate.getTime() - now.getTime(),
  periodMs: subscription.expireDate.getTime() - subscription.startDate.getTime(),
});

export const priceOrder = (
  tier: TierRow,
  period: PeriodRow,
  numberOfUsers: number,
  trial: boolean,
  remaining?: { remainingMs: number; periodMs: number },
): Calculation =>
  priceOf({
    pricePerUserMonth: tier.pricePerUserMonth,
    currency: tier.currency,
    periodCount: period.periodCount,
    freeMonth: period.freeMonth,
    firstTimeFreeMonth: period.firstTimeFreeMonth,
    numberOfUsers,
    trial,
    remaining,
  });

/**
 * The Free plan once per customer (docs/requirements/billing-services-validation.md): refused when the call's customer holds or has asked for
 * one (`tx` is in the customer's reach).
 */
async function checkFreeOnce(tx: Database): Promise<void> {
  const [held] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(eq(tierPlans.tierPlanType, 'FREE'))
    .limit(1);
  const [asked] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(tierPlans, eq(tierPlans.id, orders.tierPlanId))
    .where(and(eq(tierPlans.tierPlanType, 'FREE'), eq(orders.status, 'SUBMITTED')))
    .limit(1);
  if (held || asked) throw fail(E.freePlanSubscribed);
}

/**
 * What a subscription, an extension or an edit costs (the calculate call), in the reach of the body's
 * customer: an edit (calculateOnRemainingTime) bills the added users on what remains of the subscription's
 * period, at its own plan (the plan ids sent are not trusted for it).
 */
export async function calculate(tx: Database, body: CalculateBody, now: Date): Promise<Calculation> {
  if (body.calculateOnRemainingTime) {
    const held = await findSubscription(tx, body.subscriptionId ?? '');
    return priceOrder(held.tier, held.period, body.numberOfUsers, false, remainingOf(held.subscription, now));
  }
  const { tier, period } = await planOf(tx, body.paymentPlanIds);
  checkMinUsers(tier, body.numberOfUsers);
  const trial = body.applyTrial !== false && (await isFirstPaid(tx));
  return priceOrder(tier, period, body.numberOfUsers, trial);
}

// ——— Reading orders ———

export const orderFields = {
  order: orders,
  companyName: customers.companyName,
  tier: tierPlans,
  period: periodPlans,
};

const selectOrders = (db: Database) =>
  db
    .select(orderFields)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(tierPlans, eq(tierPlans.id, orders.tierPlanId))
    .innerJoin(periodPlans, eq(periodPlans.id, orders.periodPlanId))
    .$dynamic();

export interface OrderJoin {
  order: OrderRow;
  companyName: string;
  tier: TierRow;
  period: PeriodRow;
}

const toOrder = ({ order, companyName, tier, period }: OrderJoin): Order => ({
  id: order.id,
  customerId: order.customerId,
  companyName,
  action: order.action,
  status: order.status,
  numberOfUsers: order.numberOfUsers,
  paymentPlanIds: [tier.id, period.id],
  tierPaymentPlan: {
    id: tier.id,
    name: tier.name,
    tierPlanType: tier.tierPlanType,
    description: tier.description,
  },
  periodPaymentPlan: { id: period.id, name: period.name, periodCount: period.periodCount },
  subscriptionId: order.subscriptionId,
  tokenPackName: order.tokenPackName,
  removeUsers: order.removeUsers,
  amount: order.amount,
  currency: order.currency,
  trialTerm: order.trialTerm,
  paid: order.paid,
  notes: order.notes,
  createdDate: order.createdDate.toISOString(),
  closedDate: order.closedDate?.toISOString() ?? null,
  tokenPackId: order.tokenPackId,
  serviceInstanceId: order.serviceInstanceId,
});

/**
 * One order the call may see (its customer's, as the transaction's reach admits; any for an operator outside
 * a customer), locked when `forUpdate`, or its 404.
 */
export async function findOrder(
  tx: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderJoin> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  const query = selectOrders(tx).where(eq(orders.id, id.toLowerCase()));
  const [found] = options.forUpdate ? await query.for('update', { of: orders }) : await query;
  if (!found) throw orderNotFound();
  return found;
}

/** The order of an id as answered. */
export const orderRecord = async (tx: Database, id: string): Promise<Order> =>
  toOrder(await findOrder(tx, id));

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

export const orderListing = defineListing({
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

/** A page of the orders the call may see, as answered, with the total. */
export async function listOrders(tx: Database, ask: ListAsk): Promise<{ rows: Order[]; total: number }> {
  const found = await findRows(tx, selectOrders(tx), orderListing, ask);
  return { ...found, rows: found.rows.map(toOrder) };
}

const audited = ({ id: _id, customerId: _c, createdDate: _cd, ...kept }: OrderRow) => kept;

/** How the audit log names an order or a subscription: its plan and period ("Enterprise, 12 months"). */
const planName = (tier: { name: string }, period: { name: string }) => `${tier.name}, ${period.name}`;

// ——— Placing, cancelling and approving ———

export interface NewOrder {
  customerId: string;
  action: OrderRow['action'];
  tier: TierRow;
  period: PeriodRow;
  numberOfUsers: number;
  subscriptionId?: string | null;
  tokenPackName?: string | null;
  removeUsers?: string[];
  price: Calculation;
}

/** Inserts a SUBMITTED order with its audit entry; a Free order is approved at once. */
export async function placeOrder(
  write: OrderWrite,
  order: NewOrder,
  now: Date = new Date(),
): Promise<string> {
  const { tx } = write;
  // The token pack it will make must have a name the token pack screens accept.
  const tokenPackName = order.tokenPackName?.trim() || null;
  if (tokenPackName !== null && !isTokenPackName(tokenPackName)) throw fail(TOKEN_PACK_ERRORS.nameInvalid);
  const [row] = await tx
    .insert(orders)
    .values({
      customerId: order.customerId,
      action: order.action,
      tierPlanId: order.tier.id,
      periodPlanId: order.period.id,
      numberOfUsers: order.numberOfUsers,
      subscriptionId: order.subscriptionId ?? null,
      tokenPackName,
      removeUsers: order.removeUsers ?? [],
      amount: order.price.finalAmount,
      currency: order.price.currency,
      trialTerm: order.price.trialTerm,
    })
    .returning();
  await write.audit({
    table: 'Order',
    action: 'SUBMIT',
    entityId: row!.id,
    entityName: planName(order.tier, order.period),
    customerId: order.customerId,
    after: audited(row!),
  });
  if (order.tier.tierPlanType === 'FREE') await approveOrder(write, row!.id, now);
  return row!.id;
}

/**
 * A first subscription's order (the submit call), in the call's customer: the plan and its minimum, then,
 * the customer's orders one at a time (its row locked: the Free plan check and its order cannot cross),
 * the Free plan once, the trial, and the order placed. Answers its id.
 */
export async function submitOrder(
  write: OrderWrite,
  customerId: string,
  body: Omit<SubmitOrderBody, 'customerId'>,
  now: Date,
): Promise<string> {
  const { tier, period } = await planOf(write.tx, body.paymentPlanIds);
  checkMinUsers(tier, body.numberOfUsers);
  await write.tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (tier.tierPlanType === 'FREE') await checkFreeOnce(write.tx);
  const trial = await isFirstPaid(write.tx);
  return placeOrder(
    write,
    {
      customerId,
      action: 'SUBSCRIBE',
      tier,
      period,
      numberOfUsers: body.numberOfUsers,
      tokenPackName: body.tokenPackName,
      price: priceOrder(tier, period, body.numberOfUsers, trial),
    },
    now,
  );
}

/**
 * Cancels a submitted order of the call's customer (the guard has checked that the body names the path's
 * customer; the transaction's reach admits that customer's orders only).
 */
export async function cancelOrder(
  write: OrderWrite,
  orderId: string,
  notes: string,
  now: Date = new Date(),
): Promise<void> {
  const { tx, caller } = write;
  const { order, tier, period } = await findOrder(tx, orderId, { forUpdate: true });
  if (order.status !== 'SUBMITTED') throw notSubmitted(order.status);
  const [after] = await tx
    .update(orders)
    .set({ status: 'CANCELED', notes, closedDate: now, closedBy: caller.account.id })
    .where(eq(orders.id, order.id))
    .returning();
  await write.audit({
    table: 'Order',
    action: 'CANCEL',
    entityId: order.id,
    entityName: planName(tier, period),
    customerId: order.customerId,
    before: audited(order),
    after: audited(after!),
  });
}

/**
 * The customer's support features: those of the tiers of its active subscriptions (run acting for the
 * customer, whose subscriptions alone the policies show).
 */
async function refreshFeatures(tx: Database, customerId: string): Promise<void> {
  const held = await tx
    .select({ featureIds: tierPlans.featureIds })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(eq(subscriptions.status, 'ACTIVE'));
  const features = [...new Set(held.flatMap((row) => row.featureIds))].sort();
  await tx.update(customers).set({ features }).where(eq(customers.id, customerId));
}

/**
 * Approves a SUBMITTED order, in the caller's transaction: a subscription is made (with its token pack and
 * service instance) or changed (upgrade: tier, period and users from now; extend: the period added to its
 * end, the users set, those to remove deactivated; edit: the users set), and the customer's features follow
 * its tiers. Anything that fails undoes it all. An operator approves outside any customer: the work runs
 * under the order's customer's policies (actingFor), so that it reads and writes that customer's rows only.
 */
export async function approveOrder(write: OrderWrite, id: string, now: Date = new Date()): Promise<void> {
  const { tx } = write;
  const found = await findOrder(tx, id, { forUpdate: true });
  if (found.order.status !== 'SUBMITTED') throw notSubmitted(found.order.status);
  await actingFor(tx, found.order.customerId, () => fulfil(write, found, now));
}

/** What approving makes of an order, under its customer's policies (actingFor). */
async function fulfil(
  { tx, audit, caller }: OrderWrite,
  { order, tier, period }: OrderJoin,
  now: Date,
): Promise<void> {
  const made: Partial<OrderRow> = {};

  if (order.action === 'SUBSCRIBE') {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        customerId: order.customerId,
        tierPlanId: tier.id,
        periodPlanId: period.id,
        numberOfUsers: order.numberOfUsers,
        startDate: now,
        expireDate: addMonths(now, period.periodCount + order.trialTerm),
      })
      .returning();
    const [pack] = await tx
      .insert(tokenPacks)
      .values({
        customerId: order.customerId,
        subscriptionId: subscription!.id,
        name: order.tokenPackName ?? tokenPackNameOf(tier.tierPlanType),
      })
      .returning();
    const [instance] = await tx
      .insert(serviceInstances)
      .values({ customerId: order.customerId, tokenPackId: pack!.id, instanceName: `${pack!.name} Service` })
      .returning();
    Object.assign(made, {
      subscriptionId: subscription!.id,
      tokenPackId: pack!.id,
      serviceInstanceId: instance!.id,
    });
    await audit({
      table: 'Subscription',
      action: 'CREATE',
      entityId: subscription!.id,
      entityName: planName(tier, period),
      customerId: order.customerId,
      after: { tier: tier.name, period: period.name, numberOfUsers: order.numberOfUsers },
    });
    await audit({
      table: 'TokenPack',
      action: 'CREATE',
      entityId: pack!.id,
      customerId: order.customerId,
      after: { name: pack!.name },
    });
    await audit({
      table: 'Service',
      action: 'CREATE',
      entityId: instance!.id,
      customerId: order.customerId,
      after: { instanceName: instance!.instanceName, tokenPackId: pack!.id },
    });
  } else {
    const [before] = order.subscriptionId
      ? await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).for('update')
      : [];
    if (!before) throw fail(E.subscriptionNotFound);
    const change =
      order.action === 'UPGRADE'
        ? {
            tierPlanId: tier.id,
            periodPlanId: period.id,
            numberOfUsers: order.numberOfUsers,
            startDate: now,
            expireDate: addMonths(now, period.periodCount + order.trialTerm),
          }
        : order.action === 'EXTEND'
          ? {
              periodPlanId: period.id,
              numberOfUsers: order.numberOfUsers,
              // The new period follows the one it extends (or starts now, if that one has ended).
              startDate: before.expireDate > now ? before.expireDate : now,
              expireDate: addMonths(before.expireDate > now ? before.expireDate : now, period.periodCount),
              status: 'ACTIVE' as const,
            }
          : { numberOfUsers: order.numberOfUsers };
    await tx
      .update(subscriptions)
      .set({ ...change, lastModifiedDate: now })
      .where(eq(subscriptions.id, before.id));
    if (order.action === 'EXTEND' && order.removeUsers.length > 0) {
      await tx
        .update(users)
        .set({ status: 'INACTIVE', lastModifiedDate: now })
        .where(inArray(users.id, order.removeUsers));
    }
    await audit({
      table: 'Subscription',
      action: 'UPDATE',
      entityId: before.id,
      entityName: planName(tier, period),
      customerId: order.customerId,
      before: { numberOfUsers: before.numberOfUsers, expireDate: before.expireDate },
      after: {
        numberOfUsers: order.numberOfUsers,
        ...('expireDate' in change ? { expireDate: change.expireDate } : {}),
      },
    });
  }

  const [after] = await tx
    .update(orders)
    .set({ ...made, status: 'APPROVED', closedDate: now, closedBy: caller.account.id })
    .where(eq(orders.id, order.id))
    .returning();
  await audit({
    table: 'Order',
    action: 'APPROVE',
    entityId: order.id,
    entityName: planName(tier, period),
    customerId: order.customerId,
    before: audited(order),
    after: audited(after!),
  });
  await refreshFeatures(tx, order.customerId);
}
