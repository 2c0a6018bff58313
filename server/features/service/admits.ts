import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { customers, serviceInstances, users } from '../../db/schema.ts';
import { UUID_PATTERN } from '../../validation.ts';

/**
 * Whether a sign-in through a service may go on (docs/requirements/portal-states.md: stopping a service blocks all its users; a
 * service is enabled or disabled per token pack; a deactivated customer's services are disabled). The
 * gateway's sign-in flows call it before the second factor.
 */

/** 'ok', 'stopped' (the service is STOPPED), or 'disabled' (not usable for that user). */
export type ServiceAdmission = 'ok' | 'stopped' | 'disabled';

/**
 * Whether `userId` may sign in through `serviceId` now: 'stopped' when the service is stopped; 'disabled'
 * when it is not enabled in its token pack, its customer is inactive, or it is not a service of the user's
 * customer (an unknown service or user included); 'ok' otherwise.
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
    })
    .from(serviceInstances)
    .innerJoin(customers, eq(customers.id, serviceInstances.customerId))
    .where(eq(serviceInstances.id, serviceId.toLowerCase()));
  if (!found) return 'disabled';
  // The user is looked for in the service's customer only: a user of another customer is unknown here.
  const [user] = await withinCustomer(db, found.customerId, (tx) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId.toLowerCase())),
  );
  if (!user) return 'disabled';
  if (found.status === 'STOPPED') return 'stopped';
  if (!found.enabled || found.customerStatus !== 'ACTIVE') return 'disabled';
  return 'ok';
}
