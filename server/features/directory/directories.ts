import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { DIRECTORY_ERRORS, DIRECTORY_LISTING, type DirectoryRecord } from '../../../contract/directory.ts';
import type { UserRecord, UserUpdateForm } from '../../../contract/user.ts';
import type { Found, ListAsk } from '../../db/listing.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList } from '../../db/listing.ts';
import { directories, users, userTallies } from '../../db/schema.ts';
import { entityNameOf } from '../../domain/audit.ts';
import type { OutboundPolicy } from '../../domain/outbound.ts';
import { assertNewPassword } from '../../domain/passwords.ts';
import { fail } from '../../errors.ts';
import type { CallBase, Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { UUID_PATTERN } from '../../validation.ts';
import {
  auditedUser,
  directoryUserList,
  readUserUpdate,
  selectUsers,
  tallyOf,
  toUserRecord,
  type UserRow,
  userSearchBound,
} from '../user/users.ts';
import { LdapError, setLdapPassword } from './ldapClient.ts';
import { connectionOf, type DirectoryRow, readSettings } from './settings.ts';
import { syncStateOf } from './sync.ts';

/**
 * A customer's directories (contract/directory.ts) as the calls read and write them, with their users'
 * count from the tallies; and the users a directory brought in: a page of them, one, an edit, a password
 * written to the LDAP directory.
 */

const E = DIRECTORY_ERRORS;

/** A directory's users, from the tallies. */
const userCount = sql<number>`coalesce((select sum(${userTallies.total}) from ${userTallies}
  where ${userTallies.customerId} = ${directories.customerId}
  and ${userTallies.directoryKey} = ${directories.id}::text), 0)::int`;

export type DirectoryListRow = DirectoryRow & { userCount: number };

export const directoryListing = defineListing({
  filters: {
    q: ilikeAny([directories.name, directories.host, directories.tenantId, directories.listUsersUrl]),
    type: equals(directories.type),
    id: inList(directories.id),
  },
  sort: {
    name: directories.name,
    type: directories.type,
    createdDate: directories.createdDate,
    lastModifiedDate: directories.lastModifiedDate,
    id: directories.id,
  },
  defaultSort: DIRECTORY_LISTING.defaultSort,
  unique: directories.id,
});

const toRecord = ({ userCount: count, ...d }: DirectoryListRow): DirectoryRecord => ({
  id: d.id,
  name: d.name,
  type: d.type,
  hybrid: d.hybrid,
  host: d.host,
  port: d.port,
  secured: d.secured,
  baseDn: d.baseDn,
  userDn: d.userDn,
  userLoginPattern: d.userLoginPattern,
  loginProperty: d.loginProperty,
  emailAttribute: d.emailAttribute,
  displayNameAttribute: d.displayNameAttribute,
  phoneAttribute: d.phoneAttribute,
  tenantId: d.tenantId,
  applicationId: d.applicationId,
  graphUrl: d.graphUrl,
  authorityUrl: d.authorityUrl,
  restAuthentication: d.restAuthentication,
  restUsername: d.restUsername,
  restHeader: d.restHeader,
  listUsersUrl: d.listUsersUrl,
  passwordSet: d.password !== null,
  secretSet: d.secret !== null,
  userCount: Number(count),
  lastSync: syncStateOf(d),
  createdDate: d.createdDate.toISOString(),
  lastModifiedDate: d.lastModifiedDate.toISOString(),
});

/** What the audit log keeps of a directory (the password and secret only as changed). */
const audited = (row: DirectoryListRow) => {
  const {
    userCount: _count,
    id: _id,
    customerId: _customer,
    lastSync: _sync,
    createdDate: _c,
    lastModifiedDate: _m,
    ...kept
  } = row;
  return kept;
};

/** A customer's directories (their password or secret never answered). */
export const directoryRows = defineRows<DirectoryListRow, DirectoryRecord>({
  table: directories,
  id: directories.id,
  customerColumn: directories.customerId,
  select: (db) =>
    db
      .select({ ...getTableColumns(directories), userCount })
      .from(directories)
      .$dynamic(),
  listing: directoryListing,
  toRecords: (_, found) => found.map(toRecord),
  notFound: () => fail(E.notFound),
  audit: { table: 'Directory', fields: audited, customerOf: (row) => row.customerId },
  modifiedAt: directories.lastModifiedDate,
});

/** The call's directory of that id (a 404 for any other), without its users' count. */
export async function findDirectory(scope: Scope, id: unknown): Promise<DirectoryRow> {
  const { userCount: _count, ...found } = await directoryRows.find(scope, id);
  return found;
}

/** The directory of an Azure AD migration: an Azure AD directory of the call's (409 for another type). */
export async function findAzureDirectory(scope: Scope, id: unknown): Promise<DirectoryRow> {
  const found = await findDirectory(scope, id);
  if (found.type !== 'AZURE') throw fail(E.notAzure);
  return found;
}

// ——— The users of a directory ———

/** A page of the users a directory of the call's brought in (the total from the tallies). */
export async function directoryUsers(
  scope: Scope,
  directoryId: string,
  ask: ListAsk,
): Promise<Found<UserRecord>> {
  const found = await findDirectory(scope, directoryId);
  const countUpTo = userSearchBound(ask.filters);
  const knownTotal =
    countUpTo === undefined ? () => tallyOf(scope.tx, { ...ask.filters, directoryId: found.id }) : undefined;
  const page = await findRows(
    scope.tx,
    selectUsers(scope.tx),
    directoryUserList,
    { ...ask, knownTotal, countUpTo },
    eq(users.directoryId, found.id),
  );
  return { ...page, rows: page.rows.map(toUserRecord) };
}

/** The user of a directory, both the call's (both named by the path), or a 404. */
export async function findDirectoryUser(
  scope: Scope,
  directoryId: string,
  id: string,
): Promise<{ directory: DirectoryRow; user: UserRow }> {
  const found = await findDirectory(scope, directoryId);
  if (!UUID_PATTERN.test(id)) throw fail(E.userNotFound);
  const [user] = await selectUsers(scope.tx).where(
    and(eq(users.id, id.toLowerCase()), eq(users.directoryId, found.id)),
  );
  if (!user) throw fail(E.userNotFound);
  return { directory: found, user };
}

/** Changes a directory user's display name, email, mobile phone or status in the portal. */
export async function changeDirectoryUser(
  scope: WriteScope,
  directoryId: string,
  id: string,
  form: UserUpdateForm,
): Promise<UserRecord> {
  const { user } = await findDirectoryUser(scope, directoryId, id);
  const values = readUserUpdate(form, user);
  await scope.tx
    .update(users)
    .set({ ...values, lastModifiedDate: new Date() })
    .where(eq(users.id, user.id));
  const [after] = await selectUsers(scope.tx).where(eq(users.id, user.id));
  await scope.audit({
    table: 'User',
    action: 'UPDATE',
    entityId: user.id,
    customerId: user.customerId,
    before: auditedUser(user),
    after: auditedUser(after!),
  });
  return toUserRecord(after!);
}

/**
 * Writes a new password to the user's entry in its LDAP directory (a call to the directory, outside any
 * transaction): refused when it breaks the password rules (400), when the user's password is kept elsewhere
 * (409), when the directory does not let its account change it (409), or when it cannot be reached or the
 * outbound guard refuses its address (502).
 */
export async function writeLdapPassword(
  directory: DirectoryRow,
  user: UserRow,
  password: string,
  outbound: OutboundPolicy,
): Promise<void> {
  // The rules of every new password but the history, which the directory keeps if it keeps one.
  assertNewPassword(password, { email: user.email, field: 'password' });
  if (directory.type !== 'LDAP' || user.source !== 'LDAP' || !user.externalId) {
    throw fail(E.passwordElsewhere, { type: user.source === 'CSV' ? 'CSV' : directory.type });
  }
  const connection = connectionOf(readSettings({ ...directory }, { purpose: 'test', stored: directory }));
  if (connection.type !== 'LDAP') throw new Error('unreachable');
  try {
    await setLdapPassword(connection.settings, user.externalId, password, { outbound });
  } catch (error) {
    if (error instanceof LdapError) {
      if (error.reason === 'notAllowed') throw fail(E.passwordRefused);
      throw fail(E.unreachable, { detail: error.detail });
    }
    throw error;
  }
}

/** The audit entry of a password written to the directory (the password itself never kept). */
export async function auditPasswordReset(scope: WriteScope, user: UserRow): Promise<void> {
  await scope.audit({
    table: 'User',
    action: 'UPDATE',
    entityId: user.id,
    entityName: entityNameOf(user),
    customerId: user.customerId,
    changes: { password: { before: '(hidden)', after: '(hidden)' } },
  });
}

/** From how many users written at once the users table is tidied right away (see tidyUsers). */
const TIDY_FROM = 1_000;

/**
 * After many users were written (a CSV import, a synchronisation), outside the writing transaction: VACUUM
 * (ANALYZE) refreshes the planner's counts, so that the users list and its search keep their plans (a
 * search planned on the counts of an empty table reads every row). PGlite runs no autovacuum; on
 * PostgreSQL this only does early what autovacuum would do later.
 */
export async function tidyUsers(call: Pick<CallBase<unknown>, 'vacuum'>, written: number): Promise<void> {
  if (written >= TIDY_FROM) await call.vacuum(users);
}
