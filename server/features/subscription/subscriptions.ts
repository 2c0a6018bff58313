import { and, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { BILLING_ERRORS, EXPIRY_WINDOW_MS, type Subscription } from '../../../contract/billing.ts';
import type { Database } from '../../db/client.ts';
import { customers, periodPlans, subscriptions, tierPlans, tokenPacks } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { UUID_PATTERN } from '../../validation.ts';

/** Subscriptions as answered (contract/billing.ts Subscription), and finding one in a customer. */

export const subscriptionNotFound = () =>
  notFound(BILLING_ERRORS.subscriptionNotFound.key, BILLING_ERRORS.subscriptionNotFound.text);

export const selectSubscriptions = (db: Database) =>
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

export type SubscriptionJoin = Awaited<ReturnType<ReturnType<typeof selectSubscriptions>['execute']>>[number];

/** The subscription `id` of `customerId` (null: every customer's, for operators), or its 404. */
export async function findSubscription(db: Database, id: string, customerId: string | null) {
  if (!UUID_PATTERN.test(id)) throw subscriptionNotFound();
  const [found] = await selectSubscriptions(db).where(
    and(
      eq(subscriptions.id, id.toLowerCase()),
      customerId === null ? undefined : eq(subscriptions.customerId, customerId),
    ),
  );
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
export const statusIs = (status: Subscription['status'], now: Date): SQL =>
  status === 'ACTIVE'
    ? and(eq(subscriptions.status, 'ACTIVE'), gt(subscriptions.expireDate, now))!
    : status === 'EXPIRED'
      ? or(
          eq(subscriptions.status, 'EXPIRED'),
          and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.expireDate, now)),
        )!
      : eq(subscriptions.status, status);

/** The records of joined rows, with their token packs; `now` decides what is expiring soon. */
export async function toSubscriptions(
  db: Database,
  rows: SubscriptionJoin[],
  now: Date,
): Promise<Subscription[]> {
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
