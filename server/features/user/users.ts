import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql, sum } from 'drizzle-orm';
import { Type } from 'typebox';
import { DIRECTORY_ERRORS } from '../../../contract/directory.ts';
import { isEmail, normalizeEmail } from '../../../contract/rules.ts';
import type { SERVICE_USER_LISTS } from '../../../contract/service.ts';
import { TOKEN_PACK_ERRORS } from '../../../contract/tokenPack.ts';
import {
  type HISTORY_SORTS,
  USER_ERRORS,
  USER_LIMITS,
  USER_LISTING,
  USER_SEARCH_COUNT_UP_TO,
  type UserDevice,
  type UserRecord,
  type UserUpdateForm,
} from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, type Filter, inList, lowerContains } from '../../db/listing.ts';
import {
  activationCodes,
  auditLog,
  directories,
  serviceUsers,
  tokenPacks,
  userDevices,
  users,
  userTallies,
} from '../../db/schema.ts';
import { assertChangedPhone } from '../../domain/phones.ts';
import { fail } from '../../errors.ts';
import type { Scope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { invalidField, UUID_PATTERN, Uuid } from '../../validation.ts';
import { overPlanAmong } from '../subscription/coverage.ts';

/**
 * A customer's users, as the users list and the directory users list read and change them. Lists answer
 * their total from the tallies the database keeps (migration 0006) unless they search text. The calls that
 * need a user's token pack or app (PIN, face id, history, troubleshooting log) read it here too.
 */

export const userColumns = {
  id: users.id,
  customerId: users.customerId,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  mobilePhone: users.mobilePhone,
  status: users.status,
  directoryId: users.directoryId,
  directoryName: directories.name,
  source: users.source,
  externalId: users.externalId,
  appActivated: users.appActivated,
  createdDate: users.createdDate,
  lastModifiedDate: users.lastModifiedDate,
};

export const selectUsers = (db: Database) =>
  db.select(userColumns).from(users).leftJoin(directories, eq(directories.id, users.directoryId)).$dynamic();

export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

export const toUserRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  email: row.email,
  mobilePhone: row.mobilePhone,
  status: row.status,
  directoryId: row.directoryId,
  directoryName: row.directoryName,
  source: row.source,
  appActivated: row.appActivated,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/**
 * The records of `rows` with the token packs of each user's directory (the packs whose primary directory it
 * is) and whether one of them leaves the user out as over the plan (subscription/coverage.ts): one query for
 * the customer's packs (those the transaction sees) and one for the plan, whatever the number of rows.
 */
export async function withTokenPacks(tx: Database, rows: readonly UserRow[]): Promise<UserRecord[]> {
  const packs = await tx
    .select({ id: tokenPacks.id, directoryId: tokenPacks.primaryDirectoryId })
    .from(tokenPacks)
    .where(isNotNull(tokenPacks.primaryDirectoryId))
    .orderBy(tokenPacks.name, tokenPacks.id);
  const byDirectory = new Map<string, string[]>();
  for (const pack of packs) {
    const ids = byDirectory.get(pack.directoryId!) ?? [];
    ids.push(pack.id);
    byDirectory.set(pack.directoryId!, ids);
  }
  // Only a user of a pack's primary directory can be over a plan: the others are not asked about.
  const overPlan = await overPlanAmong(
    tx,
    rows.filter((row) => row.directoryId && byDirectory.has(row.directoryId)).map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toUserRecord(row),
    tokenPackIds: (row.directoryId && byDirectory.get(row.directoryId)) || [],
    overPlan: overPlan.has(row.id),
  }));
}

/** What the audit log keeps of a user. */
export const auditedUser = (row: UserRow) => ({
  username: row.username,
  displayName: row.displayName,
  email: row.email,
  mobilePhone: row.mobilePhone,
  status: row.status,
});

/** `q`: a part of the username, display name or email, ignoring case (the trigram index of search_text). */
export const userSearch: Filter = lowerContains(users.searchText);

/**
 * Up to how many matches a users list counts (ListAsk.countUpTo): a search's, up to USER_SEARCH_COUNT_UP_TO,
 * past which the list says "more than" (README, Users); a list without a search has its tallies.
 */
export const userSearchBound = (filters: Readonly<Record<string, unknown>>): number | undefined =>
  typeof filters.q === 'string' && filters.q.trim() !== '' ? USER_SEARCH_COUNT_UP_TO : undefined;

export const directoryUserList = defineListing({
  filters: { q: userSearch, status: equals(users.status) },
  sort: {
    username: users.username,
    displayName: users.displayName,
    email: users.email,
    status: users.status,
    lastModifiedDate: users.lastModifiedDate,
    id: users.id,
  },
  defaultSort: { field: 'username', order: 'ASC' },
  unique: users.id,
});

/**
 * The number of the transaction's customer's users matching filters by directory and status, from the
 * tallies; undefined when the filters search text or pick ids (those are counted).
 */
export async function tallyOf(
  tx: Database,
  filters: { directoryId?: unknown; status?: unknown; q?: unknown; id?: unknown },
): Promise<number | undefined> {
  if ((typeof filters.q === 'string' && filters.q.trim() !== '') || filters.id !== undefined)
    return undefined;
  const conditions: (SQL | undefined)[] = [];
  if (typeof filters.directoryId === 'string')
    conditions.push(eq(userTallies.directoryKey, filters.directoryId.toLowerCase()));
  if (typeof filters.status === 'string') conditions.push(eq(userTallies.status, filters.status));
  const [row] = await tx
    .select({ total: sum(userTallies.total) })
    .from(userTallies)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

const optionalText = (field: string, value: string | null | undefined, max: number) => {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  if (trimmed.length > max) throw invalidField(field, `must be at most ${max} characters`);
  return trimmed === '' ? null : trimmed;
};

/**
 * The changed columns of a user edit: the fields sent, checked (a mobile phone other than the user's:
 * contract/phone.ts); the others keep their value.
 */
export function readUserUpdate(
  form: UserUpdateForm,
  before: { mobilePhone: string | null },
): Partial<typeof users.$inferInsert> {
  const values: Partial<typeof users.$inferInsert> = {};
  const displayName = optionalText('displayName', form.displayName, USER_LIMITS.displayName);
  if (displayName !== undefined) values.displayName = displayName;
  const email = optionalText('email', form.email, USER_LIMITS.email);
  if (email !== undefined) {
    if (email !== null && !isEmail(email)) throw invalidField('email', 'must be an email address');
    values.email = email === null ? null : normalizeEmail(email);
  }
  const mobilePhone = optionalText('mobilePhone', form.mobilePhone, USER_LIMITS.mobilePhone);
  if (mobilePhone !== undefined) {
    assertChangedPhone('mobilePhone', mobilePhone, before.mobilePhone);
    values.mobilePhone = mobilePhone;
  }
  if (form.status !== undefined) values.status = form.status;
  return values;
}

// ——— The users on a service's list (its 2FA bypass or seamless login list) ———

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

// ——— The users calls ———

/** The users list: the filters of every user list, and the users on a service's seamless login list. */
export const userListing = defineListing({
  filters: {
    q: userSearch,
    status: equals(users.status),
    directoryId: equals(users.directoryId),
    id: inList(users.id),
    seamlessServiceId: seamlessServiceFilter,
  },
  sort: {
    username: users.username,
    displayName: users.displayName,
    email: users.email,
    status: users.status,
    createdDate: users.createdDate,
    id: users.id,
  },
  defaultSort: USER_LISTING.defaultSort,
  unique: users.id,
});

/** A customer's users, answered with the token packs of their directories. */
export const userRows = defineRows<UserRow, UserRecord>({
  table: users,
  id: users.id,
  customerColumn: users.customerId,
  select: selectUsers,
  listing: userListing,
  // The tallies count by directory and status: a service's list is counted.
  total: (scope, filters) =>
    filters.seamlessServiceId === undefined ? tallyOf(scope.tx, filters) : Promise.resolve(undefined),
  countUpTo: userSearchBound,
  toRecords: (scope, found) => withTokenPacks(scope.tx, found),
  notFound: () => fail(DIRECTORY_ERRORS.userNotFound),
  audit: { table: 'User', fields: auditedUser, customerOf: (row) => row.customerId },
  modifiedAt: users.lastModifiedDate,
});

/** Sets the status of the users of `ids` not already in it (a bulk action's batch); answers how many. */
export async function setUsersStatus(
  scope: Scope,
  ids: readonly string[],
  status: (typeof users.$inferSelect)['status'],
): Promise<number> {
  const changed = await scope.tx
    .update(users)
    .set({ status, lastModifiedDate: new Date() })
    .where(and(inArray(users.id, [...ids]), sql`${users.status} <> ${status}`))
    .returning({ id: users.id });
  return changed.length;
}

/** The most ids a details call reads. */
const MANY_MAX = 1000;

/** Several users of the call's customer, in the order asked (`ids`: comma-separated; unknown ids left out). */
export async function usersByIds(scope: Scope, ids: string): Promise<UserRecord[]> {
  const wanted = [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => UUID_PATTERN.test(id)),
    ),
  ].slice(0, MANY_MAX);
  return userRows.records(scope, await userRows.findMany(scope, wanted));
}

/** The id of the call's customer's token pack `id`, or 404. */
async function tokenPackOf(tx: Database, id: string): Promise<string> {
  if (!UUID_PATTERN.test(id)) throw fail(TOKEN_PACK_ERRORS.notFound);
  const [pack] = await tx
    .select({ id: tokenPacks.id })
    .from(tokenPacks)
    .where(eq(tokenPacks.id, id.toLowerCase()));
  if (!pack) throw fail(TOKEN_PACK_ERRORS.notFound);
  return pack.id;
}

/** The call's user and token pack named by a call about the app (each a 404 when not the customer's). */
export async function userInPack(
  scope: Scope,
  userId: unknown,
  tokenPackId: string,
): Promise<{ user: UserRow; tokenPackId: string }> {
  const user = await userRows.find(scope, userId);
  return { user, tokenPackId: await tokenPackOf(scope.tx, tokenPackId) };
}

/**
 * What the app keeps on the user's phone (its PIN, the enrolled face) the gateway cannot send or reset: a
 * user without the app is told to activate it first (409), one with it that the gateway holds nothing (409).
 */
export function refuseAppSecret(user: UserRow, what: 'noPinToSend' | 'noFaceToReset'): never {
  if (!user.appActivated) throw fail(USER_ERRORS.appNotActivated);
  throw fail(USER_ERRORS[what]);
}

export interface HistoryAsk {
  page?: string;
  pageSize?: string;
  sort?: (typeof HISTORY_SORTS)[number];
  order?: 'ASC' | 'DESC';
}

/** What happened to a user in a token pack, a page at a time: the user's own entries and its activation's. */
export async function userHistory(scope: Scope, userId: string, packId: string, ask: HistoryAsk) {
  const { user, tokenPackId } = await userInPack(scope, userId, packId);
  const { tx } = scope;
  const page = Number(ask.page ?? 0);
  const pageSize = Math.min(Math.max(Number(ask.pageSize ?? 10), 1), 1000);
  const where = or(
    eq(auditLog.entityId, user.id),
    inArray(
      auditLog.entityId,
      tx
        .select({ id: sql<string>`${activationCodes.id}::text` })
        .from(activationCodes)
        .where(and(eq(activationCodes.userId, user.id), eq(activationCodes.tokenPackId, tokenPackId))),
    ),
  );
  const direction = ask.order === 'ASC' ? asc : desc;
  const first = ask.sort === 'action' ? direction(auditLog.action) : direction(auditLog.modifiedDate);
  const [entries, [counted]] = await Promise.all([
    tx
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(first, direction(auditLog.modifiedDate), auditLog.id)
      .limit(pageSize)
      .offset(page * pageSize),
    tx.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    content: entries.map((entry) => ({
      id: entry.id,
      date: entry.modifiedDate.toISOString(),
      action: entry.action,
      actor: entry.modifiedBy,
      changes: entry.changes,
    })),
    totalElements: counted?.total ?? 0,
    page,
    pageSize,
  };
}

/** The troubleshooting log: a user's devices in a token pack, the last activated first. */
export async function userDevicesOf(scope: Scope, userId: string, packId: string): Promise<UserDevice[]> {
  const { user, tokenPackId } = await userInPack(scope, userId, packId);
  const devices = await scope.tx
    .select()
    .from(userDevices)
    .where(and(eq(userDevices.userId, user.id), eq(userDevices.tokenPackId, tokenPackId)))
    .orderBy(desc(userDevices.activatedDate), userDevices.id);
  return devices.map((device) => ({
    deviceId: device.id,
    name: device.deviceName,
    activatedDate: device.activatedDate.toISOString(),
    lastSignIn: device.lastSignInDate?.toISOString() ?? null,
    lastApproval: null,
  }));
}
