import { and, eq, isNotNull, like, type SQL, sum } from 'drizzle-orm';
import { Type } from 'typebox';
import { isEmail, normalizeEmail } from '../../../contract/rules.ts';
import { USER_LIMITS, type UserRecord, type UserUpdateForm } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, escapeLike, type Filter } from '../../db/listing.ts';
import { directories, tokenPacks, users, userTallies } from '../../db/schema.ts';
import { invalidField } from '../../validation.ts';

/**
 * A customer's users, as the users list and the directory users list read and change them. Lists answer
 * their total from the tallies the database keeps (migration 0006) unless they search text.
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
 * is): one query for the customer's packs, whatever the number of rows.
 */
export async function withTokenPacks(
  db: Database,
  customerId: string,
  rows: readonly UserRow[],
): Promise<UserRecord[]> {
  const packs = await db
    .select({ id: tokenPacks.id, directoryId: tokenPacks.primaryDirectoryId })
    .from(tokenPacks)
    .where(and(eq(tokenPacks.customerId, customerId), isNotNull(tokenPacks.primaryDirectoryId)))
    .orderBy(tokenPacks.name, tokenPacks.id);
  const byDirectory = new Map<string, string[]>();
  for (const pack of packs) {
    const ids = byDirectory.get(pack.directoryId!) ?? [];
    ids.push(pack.id);
    byDirectory.set(pack.directoryId!, ids);
  }
  return rows.map((row) => ({
    ...toUserRecord(row),
    tokenPackIds: (row.directoryId && byDirectory.get(row.directoryId)) || [],
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
export const userSearch: Filter = {
  schema: Type.String({ maxLength: 200 }),
  where: (value) => {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
    if (text === '') return undefined;
    return like(users.searchText, `%${escapeLike(text)}%`);
  },
};

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
 * The number of a customer's users matching filters by directory and status, from the tallies; undefined
 * when the filters search text or pick ids (those are counted).
 */
export async function tallyOf(
  db: Database,
  customerId: string,
  filters: { directoryId?: unknown; status?: unknown; q?: unknown; id?: unknown },
): Promise<number | undefined> {
  if ((typeof filters.q === 'string' && filters.q.trim() !== '') || filters.id !== undefined)
    return undefined;
  const conditions: (SQL | undefined)[] = [eq(userTallies.customerId, customerId)];
  if (typeof filters.directoryId === 'string')
    conditions.push(eq(userTallies.directoryKey, filters.directoryId.toLowerCase()));
  if (typeof filters.status === 'string') conditions.push(eq(userTallies.status, filters.status));
  const [row] = await db
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

/** The changed columns of a user edit: the fields sent, checked; the others keep their value. */
export function readUserUpdate(form: UserUpdateForm): Partial<typeof users.$inferInsert> {
  const values: Partial<typeof users.$inferInsert> = {};
  const displayName = optionalText('displayName', form.displayName, USER_LIMITS.displayName);
  if (displayName !== undefined) values.displayName = displayName;
  const email = optionalText('email', form.email, USER_LIMITS.email);
  if (email !== undefined) {
    if (email !== null && !isEmail(email)) throw invalidField('email', 'must be an email address');
    values.email = email === null ? null : normalizeEmail(email);
  }
  const mobilePhone = optionalText('mobilePhone', form.mobilePhone, USER_LIMITS.mobilePhone);
  if (mobilePhone !== undefined) values.mobilePhone = mobilePhone;
  if (form.status !== undefined) values.status = form.status;
  return values;
}
