import { and, count, eq, inArray } from 'drizzle-orm';
import { type ManageServiceUsers, SERVICE_ERRORS, SERVICE_USER_LISTING } from '../../../contract/service.ts';
import type { UserRecord } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { defineListing } from '../../db/listing.ts';
import { serviceUsers, users } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import {
  auditedUser,
  type ServiceUserList,
  selectUsers,
  serviceListFilter,
  toUserRecord,
  type UserRow,
  userSearch,
} from '../user/users.ts';
import type { ServiceRow } from './instances.ts';

/**
 * A service's 2FA bypass list (its users skip the second factor) and seamless login list (they sign in by
 * the app's QR scan alone): who is on them, and adding and removing the customer's users.
 */

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

const userNotFound = () => fail(SERVICE_ERRORS.userNotFound);

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
 * Adds users to and removes users from a service's list, in the call's transaction: every user must be
 * the call's customer's (404 otherwise, before anything is written); adding a user twice is harmless.
 * The audit entry names the users actually added and removed. Answers the list's size.
 */
export async function manageServiceUsers(
  scope: WriteScope,
  service: ServiceRow,
  list: ServiceUserList,
  change: Pick<ManageServiceUsers, 'addUserIds' | 'removeUserIds'>,
): Promise<number> {
  const add = [...new Set(change.addUserIds.map((id) => id.toLowerCase()))];
  const remove = [...new Set(change.removeUserIds.map((id) => id.toLowerCase()))].filter(
    (id) => !add.includes(id),
  );
  const { tx } = scope;
  const named = [...new Set([...add, ...remove])];
  if (named.length > 0) {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, named));
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
    await scope.audit({
      table: 'Service',
      action: 'UPDATE',
      entityId: service.id,
      entityName: service.instanceName,
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

/** The users on a service's list, as the list's page reads them (the customer's users, by its index). */
const serviceUserRows = (list: ServiceUserList) =>
  defineRows<UserRow, UserRecord>({
    table: users,
    id: users.id,
    customerColumn: users.customerId,
    select: selectUsers,
    listing: serviceUserListing(list),
    toRecords: (_, found) => found.map(toUserRecord),
    notFound: userNotFound,
    audit: { table: 'User', fields: auditedUser, customerOf: (row) => row.customerId },
  });

/** The rows of each list. */
export const SERVICE_USER_ROWS: Record<ServiceUserList, ReturnType<typeof serviceUserRows>> = {
  BYPASS: serviceUserRows('BYPASS'),
  SEAMLESS: serviceUserRows('SEAMLESS'),
};
