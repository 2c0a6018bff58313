import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  type ManageServiceUsers,
  SERVICE_ERRORS,
  SERVICE_USER_LISTING,
  type SERVICE_USER_LISTS,
} from '../../../contract/service.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, type Filter } from '../../db/listing.ts';
import { serviceUsers, users } from '../../db/schema.ts';
import { type Modifier, recordAudit } from '../../domain/audit.ts';
import { notFound } from '../../errors.ts';
import { UUID_PATTERN, Uuid } from '../../validation.ts';
import { userSearch } from '../user/users.ts';
import type { ServiceRow } from './instances.ts';

/**
 * A service's 2FA bypass list (its users skip the second factor) and seamless login list (they sign in by
 * the app's QR scan alone): who is on them, and adding and removing the customer's users.
 */

export type ServiceUserList = (typeof SERVICE_USER_LISTS)[keyof typeof SERVICE_USER_LISTS];

/** The users on a service's list: `users.id` is one of that list's (the service checked by the caller). */
export const onServiceList = (list: ServiceUserList, serviceId: string) =>
  sql`exists (select 1 from ${serviceUsers} where ${serviceUsers.serviceInstanceId} = ${serviceId} and ${serviceUsers.userId} = ${users.id} and ${serviceUsers.list} = ${list})`;

/** A filter of users by a service whose list they are on (any text: an id that is no service's finds none). */
export const serviceListFilter = (
  list: ServiceUserList,
  schema = Type.String({ maxLength: 100 }),
): Filter => ({
  schema,
  where: (value) =>
    typeof value === 'string' && UUID_PATTERN.test(value)
      ? onServiceList(list, value.toLowerCase())
      : sql`false`,
});

/** The users list's filter: the users on a service's seamless login list. */
export const seamlessServiceFilter = serviceListFilter('SEAMLESS', Uuid);

/** The listing of one list's users: filters serviceId (required by the route) and q, sorts as the users list. */
export const serviceUserListing = (list: ServiceUserList) =>
  defineListing({
    filters: { serviceId: serviceListFilter(list), q: userSearch },
    sort: {
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      id: users.id,
    },
    defaultSort: SERVICE_USER_LISTING.defaultSort,
    unique: users.id,
  });

const userNotFound = () => notFound(SERVICE_ERRORS.userNotFound.key, SERVICE_ERRORS.userNotFound.text);

const AUDIT_NAMES: Record<ServiceUserList, string> = { BYPASS: 'bypassUsers', SEAMLESS: 'seamlessUsers' };

/** How many users are on a service's list. */
export async function listSize(db: Database, serviceId: string, list: ServiceUserList): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(serviceUsers)
    .where(and(eq(serviceUsers.serviceInstanceId, serviceId), eq(serviceUsers.list, list)));
  return row?.total ?? 0;
}

/**
 * Adds users to and removes users from a service's list, in the caller's transaction: every user must be
 * the service's customer's (404 otherwise, before anything is written); adding a user twice is harmless.
 * The audit entry names the users actually added and removed. Answers the list's size.
 */
export async function manageServiceUsers(
  tx: Database,
  by: Modifier,
  service: ServiceRow,
  list: ServiceUserList,
  change: Pick<ManageServiceUsers, 'addUserIds' | 'removeUserIds'>,
): Promise<number> {
  const add = [...new Set(change.addUserIds.map((id) => id.toLowerCase()))];
  const remove = [...new Set(change.removeUserIds.map((id) => id.toLowerCase()))].filter(
    (id) => !add.includes(id),
  );
  const named = [...new Set([...add, ...remove])];
  if (named.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, service.customerId), inArray(users.id, named)));
    if (found.length !== named.length) throw userNotFound();
  }
  const added =
    add.length === 0
      ? []
      : await tx
          .insert(serviceUsers)
          .values(add.map((userId) => ({ serviceInstanceId: service.id, userId, list })))
          .onConflictDoNothing()
          .returning({ userId: serviceUsers.userId });
  const removed =
    remove.length === 0
      ? []
      : await tx
          .delete(serviceUsers)
          .where(
            and(
              eq(serviceUsers.serviceInstanceId, service.id),
              eq(serviceUsers.list, list),
              inArray(serviceUsers.userId, remove),
            ),
          )
          .returning({ userId: serviceUsers.userId });
  if (added.length > 0 || removed.length > 0) {
    const name = AUDIT_NAMES[list];
    await recordAudit(tx, by, {
      table: 'Service',
      action: 'UPDATE',
      entityId: service.id,
      customerId: service.customerId,
      changes: {
        ...(added.length > 0
          ? { [`${name}Added`]: { before: null, after: added.map((row) => row.userId).sort() } }
          : {}),
        ...(removed.length > 0
          ? { [`${name}Removed`]: { before: removed.map((row) => row.userId).sort(), after: null } }
          : {}),
      },
    });
  }
  return listSize(tx, service.id, list);
}
