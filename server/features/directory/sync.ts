import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONNECTION_FAILURES,
  DIRECTORY_ERRORS,
  SYNC_IDLE,
  SYNC_WRITE_FAILED,
  type SyncState,
  TEST_CONNECTION_TEXTS,
  type TestConnectionAnswer,
} from '../../../contract/directory.ts';
import { USER_LIMITS } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { directories, users } from '../../db/schema.ts';
import { type Modifier, recordAudit } from '../../domain/audit.ts';
import type { OutboundPolicy } from '../../domain/outbound.ts';
import { fail } from '../../errors.ts';
import type { DirectoryEntry } from './entry.ts';
import {
  HttpDirectoryError,
  readAzureUsers,
  readRestUsers,
  testAzureDirectory,
  testRestDirectory,
} from './httpDirectories.ts';
import { LdapError, readLdapUsers, testLdapConnection } from './ldapClient.ts';
import { type Connection, connectionOf, type DirectoryRow, readSettings } from './settings.ts';

/**
 * Talking to a directory (test connection, reading its users) and synchronising a customer's users with it.
 *
 * A synchronisation reads every entry first (paged, outside any transaction), then writes in ONE transaction:
 * entries new to the customer are added, known ones updated when a mapped value changed (an inactive one
 * comes back active), and the directory's users no longer listed are deactivated. Either all of it is
 * written, with the directory's summary, or none. While it runs its progress is kept in memory (one server
 * process); the summary is kept on the directory.
 */

type Failure = (typeof CONNECTION_FAILURES)[number];

const { success: SUCCESS, failure: FAILURE } = TEST_CONNECTION_TEXTS;

/** What a client error means, as a reason of the catalogue and one line of detail. */
export function failureOf(error: unknown): { reason: Failure; detail: string } | null {
  if (error instanceof LdapError || error instanceof HttpDirectoryError) {
    const reason = (CONNECTION_FAILURES as readonly string[]).includes(error.reason)
      ? (error.reason as Failure)
      : 'other';
    return { reason, detail: error.detail };
  }
  return null;
}

/**
 * Tests a connection, through the outbound guard (`outbound`: the server's OUTBOUND_ALLOW); a failure to
 * connect, or an address the guard refuses, is an answer, not an error.
 */
export async function testConnection(
  connection: Connection,
  outbound: OutboundPolicy,
): Promise<TestConnectionAnswer> {
  try {
    const answer: { entries: number; passwordWritable?: boolean | null } =
      connection.type === 'LDAP'
        ? await testLdapConnection(connection.settings, { outbound })
        : connection.type === 'AZURE'
          ? await testAzureDirectory(connection.settings, { outbound })
          : await testRestDirectory(connection.settings, { outbound });
    const { entries } = answer;
    const passwordWritable = answer.passwordWritable ?? null;
    return {
      success: true,
      messageKey: SUCCESS.key,
      message: SUCCESS.text,
      reason: null,
      detail: null,
      entries,
      passwordWritable,
    };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return {
      success: false,
      messageKey: FAILURE.key,
      message: connection.type === 'LDAP' ? FAILURE.ldap : FAILURE.other,
      reason: failure.reason,
      detail: failure.detail,
      entries: null,
      passwordWritable: null,
    };
  }
}

/** Every user entry of a directory, read through the outbound guard. */
export function readEntries(
  connection: Connection,
  outbound: OutboundPolicy,
  onProgress: (read: number) => void,
): Promise<DirectoryEntry[]> {
  switch (connection.type) {
    case 'LDAP':
      return readLdapUsers(connection.settings, { outbound }, onProgress);
    case 'AZURE':
      return readAzureUsers(connection.settings, { outbound }, onProgress);
    case 'REST':
      return readRestUsers(connection.settings, { outbound }, onProgress);
  }
}

// ——— Synchronisation ———

export const IDLE: SyncState = SYNC_IDLE;

/** The synchronisations running in this process, by directory id. */
const running = new Map<string, { state: SyncState; done: Promise<void> }>();

/** The state of a directory's synchronisation: the running one, else the last one kept, else IDLE. */
export function syncStateOf(directory: Pick<DirectoryRow, 'id' | 'lastSync'>): SyncState {
  const live = running.get(directory.id);
  if (live) return { ...live.state };
  return (directory.lastSync as SyncState | null) ?? IDLE;
}

export const isSyncing = (directoryId: string): boolean => running.has(directoryId);

/** Resolves when the directory's running synchronisation (if any) has ended. */
export const syncEnded = async (directoryId: string): Promise<void> => {
  await running.get(directoryId)?.done;
};

/** Rows written per statement. */
const CHUNK = 1000;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
};

/** A mapped value as stored: trimmed, null when empty, refused (undefined) when too long. */
const storedValue = (value: string | null, max: number): string | null | undefined => {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return trimmed.length > max ? undefined : trimmed;
};

interface Wanted {
  externalId: string;
  username: string;
  displayName: string | null;
  email: string | null;
  mobilePhone: string | null;
  immutableId: string | null;
}

/** The entries that can be taken, one per username (ignoring case); the others are counted as failed. */
function wantedOf(entries: readonly DirectoryEntry[]): { wanted: Map<string, Wanted>; failed: number } {
  const wanted = new Map<string, Wanted>();
  let failed = 0;
  for (const entry of entries) {
    const username = storedValue(entry.username, USER_LIMITS.username);
    const displayName = storedValue(entry.displayName, USER_LIMITS.displayName);
    const email = storedValue(entry.email, USER_LIMITS.email);
    const mobilePhone = storedValue(entry.mobilePhone, USER_LIMITS.mobilePhone);
    const key = username?.toLowerCase();
    if (
      !username ||
      !key ||
      displayName === undefined ||
      email === undefined ||
      mobilePhone === undefined ||
      wanted.has(key)
    ) {
      failed++;
      continue;
    }
    const immutableId = entry.immutableId ?? null;
    wanted.set(key, { externalId: entry.dn, username, displayName, email, mobilePhone, immutableId });
  }
  return { wanted, failed };
}

/** Runs work in a new transaction of the directory's customer (its rows only, under row-level security). */
export type InCustomer = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

export interface SyncRequest {
  /** The synchronisation's transactions, in the directory's customer (`call.asCustomer`). */
  inCustomer: InCustomer;
  directory: DirectoryRow;
  connection: Connection;
  /** What the directory may be reached at (the server's OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  by: Modifier;
  /** Called with the state once the run has ended (tests, logs). */
  onEnd?: (state: SyncState) => void;
  /** Once the users are written, outside the transaction: with how many were added, updated or deactivated. */
  tidy?: (written: number) => Promise<void>;
}

/**
 * Starts synchronising a directory's users and answers its first state (RUNNING); the work goes on after
 * the answer, with the directory's stored settings. A directory already being synchronised is refused (409).
 */
export function startSync(request: Omit<SyncRequest, 'connection'>): SyncState {
  const { directory } = request;
  if (running.has(directory.id)) throw fail(DIRECTORY_ERRORS.syncRunning);
  const connection = connectionOf(readSettings({ ...directory }, { purpose: 'test', stored: directory }));
  const state: SyncState = {
    ...IDLE,
    status: 'RUNNING',
    phase: 'reading',
    startedAt: new Date().toISOString(),
  };
  // Ended once its summary is kept: a new synchronisation may start while this one's users are tidied.
  const release = () => {
    if (running.get(directory.id)?.state === state) running.delete(directory.id);
  };
  const done = run({ ...request, connection }, state, release).finally(release);
  running.set(directory.id, { state, done });
  return { ...state };
}

async function run(
  { inCustomer, directory, connection, outbound, by, onEnd, tidy }: SyncRequest,
  state: SyncState,
  release: () => void,
): Promise<void> {
  try {
    const entries = await readEntries(connection, outbound, (read) => {
      state.read = read;
    });
    state.read = entries.length;
    state.phase = 'writing';
    await inCustomer(async (tx) => {
      await write(tx, directory, entries, state, by);
      finish(state, 'DONE');
      await tx
        .update(directories)
        .set({ lastSync: { ...state } })
        .where(eq(directories.id, directory.id));
    });
    onEnd?.({ ...state });
    release();
    await tidy?.(state.added + state.updated + state.deactivated).catch((error: unknown) =>
      console.error(
        `The users of directory ${directory.id} could not be tidied: ${(error as Error).message}`,
      ),
    );
  } catch (error) {
    const failure = failureOf(error);
    if (!failure)
      console.error(`The synchronisation of directory ${directory.id} failed: ${(error as Error).message}`);
    state.added = state.updated = state.deactivated = 0;
    finish(state, 'FAILED', {
      messageKey: DIRECTORY_ERRORS.syncFailed.key,
      detail: failure?.detail ?? SYNC_WRITE_FAILED,
    });
    // The directory may have been deleted meanwhile: then there is nowhere to keep the summary.
    await inCustomer((tx) =>
      tx
        .update(directories)
        .set({ lastSync: { ...state } })
        .where(eq(directories.id, directory.id)),
    ).catch(() => undefined);
    onEnd?.({ ...state });
  }
}

function finish(state: SyncState, status: 'DONE' | 'FAILED', error: SyncState['error'] = null) {
  state.status = status;
  state.phase = null;
  state.error = error;
  state.finishedAt = new Date().toISOString();
}

/** Adds, updates and deactivates the customer's users of the directory, in the caller's transaction. */
async function write(
  tx: Database,
  directory: DirectoryRow,
  entries: readonly DirectoryEntry[],
  state: SyncState,
  by: Modifier,
): Promise<void> {
  // The directory is still there (and stays, until this transaction ends).
  const [still] = await tx
    .select({ id: directories.id })
    .from(directories)
    .where(eq(directories.id, directory.id))
    .for('update');
  if (!still) throw new Error('The directory was deleted during its synchronisation');

  const { wanted, failed } = wantedOf(entries);
  state.failed = failed;
  state.total = wanted.size;
  const customerId = directory.customerId;
  const keys = [...wanted.keys()];

  // The customer's users with these usernames, whichever directory they came from (the transaction is the
  // customer's: another customer's users are out of its sight).
  const known = new Map<string, typeof users.$inferSelect>();
  for (const part of chunks(keys)) {
    const rows = await tx
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.username})`, part));
    for (const row of rows) known.set(row.username.toLowerCase(), row);
  }

  const inserts: (typeof users.$inferInsert)[] = [];
  const updates: { id: string; values: Wanted }[] = [];
  for (const [key, values] of wanted) {
    const row = known.get(key);
    if (!row) {
      inserts.push({ customerId, directoryId: directory.id, source: directory.type, ...values });
      continue;
    }
    if (row.directoryId !== directory.id) {
      // The username belongs to another directory's user (or a CSV import elsewhere): not taken.
      state.failed++;
      state.total--;
      continue;
    }
    const changed =
      row.username !== values.username ||
      row.displayName !== values.displayName ||
      row.email !== values.email ||
      row.mobilePhone !== values.mobilePhone ||
      row.externalId !== values.externalId ||
      row.immutableId !== values.immutableId ||
      row.status !== 'ACTIVE';
    if (changed) updates.push({ id: row.id, values });
    else state.written++;
  }

  for (const part of chunks(inserts)) {
    const added = await tx.insert(users).values(part).returning({ id: users.id, username: users.username });
    state.added += added.length;
    state.written += added.length;
  }

  for (const part of chunks(updates)) {
    const rows = sql.join(
      part.map(
        ({ id, values }) =>
          sql`(${id}::uuid, ${values.username}, ${values.displayName}, ${values.email}, ${values.mobilePhone}, ${values.externalId}, ${values.immutableId})`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} set
        username = v.username, display_name = v.display_name, email = v.email, mobile_phone = v.mobile_phone,
        external_id = v.external_id, immutable_id = v.immutable_id, status = 'ACTIVE',
        last_modified_date = now()
      from (values ${rows}) as v(id, username, display_name, email, mobile_phone, external_id, immutable_id)
      where ${users.id} = v.id`);
    state.updated += part.length;
    state.written += part.length;
  }

  // The directory's active users it no longer lists; a hybrid directory keeps those imported into it from a
  // CSV file (they are kept in the cloud only).
  const listed = new Set(keys);
  const active = await tx
    .select({ id: users.id, username: users.username, source: users.source })
    .from(users)
    .where(and(eq(users.directoryId, directory.id), eq(users.status, 'ACTIVE')));
  const gone = active.filter(
    (row) => !listed.has(row.username.toLowerCase()) && !(directory.hybrid && row.source === 'CSV'),
  );
  for (const part of chunks(gone)) {
    await tx
      .update(users)
      .set({ status: 'INACTIVE', lastModifiedDate: new Date() })
      .where(
        inArray(
          users.id,
          part.map((row) => row.id),
        ),
      );
    state.deactivated += part.length;
  }

  // One entry for the whole run: the directory, who started it and what it did to its users.
  await recordAudit(tx, by, {
    table: 'Directory',
    action: 'SYNC',
    entityId: directory.id,
    entityName: directory.name,
    customerId,
    changes: syncChanges(state),
  });
}

/** What a synchronisation did, as its audit entry says it: the users added, updated and deactivated. */
const syncChanges = ({ added, updated, deactivated }: SyncState) => ({
  added: { before: null, after: added },
  updated: { before: null, after: updated },
  deactivated: { before: null, after: deactivated },
});
