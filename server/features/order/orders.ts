import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BILLING_ERRORS,
  type Calculation,
  ORDER_ERRORS,
  type Order,
  type TierPlanType,
} from '../../../contract/billing.ts';
import { isTokenPackName, TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
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
import { type Modifier, recordAudit } from '../../domain/audit.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { addMonths, priceOf } from '../plan/pricing.ts';

/**
 * Orders (contract/billing.ts): placing one, pricing it, cancelling it, and approving it, which makes or
 * changes the subscription and, for a new subscription, its token pack and service instance, all in the
 * transaction of the approval.
 */

const E = BILLING_ERRORS;
export const orderNotFound = () => notFound(ORDER_ERRORS.notFound.key, ORDER_ERRORS.notFound.text);
const notSubmitted = (status: string) =>
  conflict(ORDER_ERRORS.notSubmitted.key, ORDER_ERRORS.notSubmitted.text, { status });

type TierRow = typeof tierPlans.$inferSelect;
type PeriodRow = typeof periodPlans.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Spec 02 §3: the token pack is named after the tier (Normal shown as Professional). */
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
  if (!tier) throw notFound(E.tierNotFound.key, E.tierNotFound.text);
  const [period] = UUID_PATTERN.test(periodId)
    ? await db
        .select()
        .from(periodPlans)
        .where(and(eq(periodPlans.id, periodId.toLowerCase()), eq(periodPlans.tierPlanId, tier.id)))
    : [];
  if (!period) throw notFound(E.periodNotFound.key, E.periodNotFound.text);
  return { tier, period };
}

/** Refuses fewer users than the tier's minimum. */
export function checkMinUsers(tier: TierRow, numberOfUsers: number): void {
  if (numberOfUsers < tier.minUser) {
    throw badRequest(E.minNumberOfUser.key, E.minNumberOfUser.text, { minUser: tier.minUser });
  }
}

/**
 * A customer's first paid subscription gets the period's first-time free months: not once the customer
 * holds a paid subscription, nor while an order that took them waits for approval (two orders placed before
 * either is approved share one trial).
 */
export async function isFirstPaid(db: Database, customerId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(and(eq(subscriptions.customerId, customerId), sql`${tierPlans.tierPlanType} <> 'FREE'`))
    .limit(1);
  if (paid) return false;
  const [trialTaken] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        sql`${orders.trialTerm} > 0`,
        sql`${orders.status} <> 'CANCELED'`,
      ),
    )
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

/** The Free plan once per customer (spec 02 §5): refused when the customer holds or has asked for one. */
export async function checkFreeOnce(db: Database, customerId: string): Promise<void> {
  const [held] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(and(eq(subscriptions.customerId, customerId), eq(tierPlans.tierPlanType, 'FREE')))
    .limit(1);
  const [asked] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(tierPlans, eq(tierPlans.id, orders.tierPlanId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(tierPlans.tierPlanType, 'FREE'),
        eq(orders.status, 'SUBMITTED'),
      ),
    )
    .limit(1);
  if (held || asked) throw conflict(E.freePlanSubscribed.key, E.freePlanSubscribed.text);
}

// ——— Reading orders ———

export const orderFields = {
  order: orders,
  companyName: customers.companyName,
  tier: tierPlans,
  period: periodPlans,
};

export const selectOrders = (db: Database) =>
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

export const toOrder = ({ order, companyName, tier, period }: OrderJoin): Order => ({
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

/** One order, locked when `forUpdate`, within a customer (null: every customer's, for operators). */
export async function findOrder(
  db: Database,
  id: string,
  customerId: string | null,
  forUpdate = false,
): Promise<OrderJoin> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  const query = selectOrders(db).where(
    and(eq(orders.id, id.toLowerCase()), customerId === null ? undefined : eq(orders.customerId, customerId)),
  );
  const [found] = forUpdate ? await query.for('update', { of: orders }) : await query;
  if (!found) throw orderNotFound();
  return found;
}

const audited = ({ id: _id, customerId: _c, createdDate: _cd, ...kept }: OrderRow) => kept;

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
  tx: Database,
  by: Modifier,
  order: NewOrder,
  now: Date = new Date(),
): Promise<string> {
  // The token pack it will make must have a name the token pack screens accept.
  const tokenPackName = order.tokenPackName?.trim() || null;
  if (tokenPackName !== null && !isTokenPackName(tokenPackName)) {
    throw badRequest(TOKEN_PACK_ERRORS.nameInvalid.key, TOKEN_PACK_ERRORS.nameInvalid.text);
  }
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
  await recordAudit(tx, by, {
    table: 'Order',
    action: 'SUBMIT',
    entityId: row!.id,
    customerId: order.customerId,
    after: audited(row!),
  });
  if (order.tier.tierPlanType === 'FREE') await approveOrder(tx, by, row!.id, now);
  return row!.id;
}

export async function cancelOrder(
  tx: Database,
  by: Modifier,
  id: string,
  customerId: string,
  notes: string,
  now: Date = new Date(),
) {
  const { order } = await findOrder(tx, id, customerId, true);
  if (order.status !== 'SUBMITTED') throw notSubmitted(order.status);
  const [after] = await tx
    .update(orders)
    .set({ status: 'CANCELED', notes, closedDate: now, closedBy: by.id })
    .where(eq(orders.id, order.id))
    .returning();
  await recordAudit(tx, by, {
    table: 'Order',
    action: 'CANCEL',
    entityId: order.id,
    customerId: order.customerId,
    before: audited(order),
    after: audited(after!),
  });
}

/** The customer's support features: those of the tiers of its active subscriptions. */
async function refreshFeatures(tx: Database, customerId: string): Promise<void> {
  const held = await tx
    .select({ featureIds: tierPlans.featureIds })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'ACTIVE')));
  const features = [...new Set(held.flatMap((row) => row.featureIds))].sort();
  await tx.update(customers).set({ features }).where(eq(customers.id, customerId));
}

/**
 * Approves a SUBMITTED order, in the caller's transaction: a subscription is made (with its token pack and
 * service instance) or changed (upgrade: tier, period and users from now; extend: the period added to its
 * end, the users set, those to remove deactivated; edit: the users set), and the customer's features follow
 * its tiers. Anything that fails undoes it all.
 */
export async function approveOrder(
  tx: Database,
  by: Modifier,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const { order, tier, period } = await findOrder(tx, id, null, true);
  if (order.status !== 'SUBMITTED') throw notSubmitted(order.status);
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
    await recordAudit(tx, by, {
      table: 'Subscription',
      action: 'CREATE',
      entityId: subscription!.id,
      customerId: order.customerId,
      after: { tier: tier.name, period: period.name, numberOfUsers: order.numberOfUsers },
    });
    await recordAudit(tx, by, {
      table: 'TokenPack',
      action: 'CREATE',
      entityId: pack!.id,
      customerId: order.customerId,
      after: { name: pack!.name },
    });
    await recordAudit(tx, by, {
      table: 'Service',
      action: 'CREATE',
      entityId: instance!.id,
      customerId: order.customerId,
      after: { instanceName: instance!.instanceName, tokenPackId: pack!.id },
    });
  } else {
    const [before] = order.subscriptionId
      ? await tx
          .select()
          .from(subscriptions)
          .where(
            and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.customerId, order.customerId)),
          )
          .for('update')
      : [];
    if (!before) throw notFound(E.subscriptionNotFound.key, E.subscriptionNotFound.text);
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
        .where(and(eq(users.customerId, order.customerId), inArray(users.id, order.removeUsers)));
    }
    await recordAudit(tx, by, {
      table: 'Subscription',
      action: 'UPDATE',
      entityId: before.id,
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
    .set({ ...made, status: 'APPROVED', closedDate: now, closedBy: by.id })
    .where(eq(orders.id, order.id))
    .returning();
  await recordAudit(tx, by, {
    table: 'Order',
    action: 'APPROVE',
    entityId: order.id,
    customerId: order.customerId,
    before: audited(order),
    after: audited(after!),
  });
  await refreshFeatures(tx, order.customerId);
}
