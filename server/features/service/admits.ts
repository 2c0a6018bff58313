import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { customers, serviceInstances, tokenPacks, users } from '../../db/schema.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { coversUser } from '../subscription/coverage.ts';

/**
 * Whether a sign-in through a service may go on (docs/requirements/portal-states.md: stopping a service blocks all its users; a
 * service is enabled or disabled per token pack; a deactivated customer's services are disabled; a user
 * over the plan is not enrolled, README "The plan's user count"). The gateway's sign-in flows call it before
 * the second factor.
 */

/**
 * 'ok', 'stopped' (the service is STOPPED), 'disabled' (not usable for that user), or 'overPlan' (the
 * service's token pack does not cover the user: subscription/coverage.ts).
 */
export type ServiceAdmission = 'ok' | 'stopped' | 'disabled' | 'overPlan';

/**
 * Whether `userId` may sign in through `serviceId` now: 'stopped' when the service is stopped; 'disabled'
 * when it is not enabled in its token pack, its customer is inactive, or it is not a service of the user's
 * customer (an unknown service or user included); 'overPlan' when its token pack does not cover the user;
 * 'ok' otherwise.
 */
export async function serviceAdmits(
  db: Database,
  serviceId: string,
  userId: string,
): Promise<ServiceAdmission> {
  if (!UUID_PATTERN.test(serviceId) || !UUID_PATTERN.test(userId)) return 'disabled';
  const [found] = await db
    .select({
      customerId: serviceInstances.customerId,
      status: serviceInstances.status,
      enabled: serviceInstances.enabled,
      customerStatus: customers.status,
      subscriptionId: tokenPacks.subscriptionId,
      primaryDirectoryId: tokenPacks.primaryDirectoryId,
    })
    .from(serviceInstances)
    .innerJoin(customers, eq(customers.id, serviceInstances.customerId))
    .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
    .where(eq(serviceInstances.id, serviceId.toLowerCase()));
  if (!found) return 'disabled';
  // The user is looked for in the service's customer only: a user of another customer is unknown here.
  const user = await withinCustomer(db, found.customerId, async (tx) => {
    const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId.toLowerCase()));
    return known && { covered: await coversUser(tx, found, known.id) };
  });
  if (!user) return 'disabled';
  if (found.status === 'STOPPED') return 'stopped';
  if (!found.enabled || found.customerStatus !== 'ACTIVE') return 'disabled';
  if (!user.covered) return 'overPlan';
  return 'ok';
}
