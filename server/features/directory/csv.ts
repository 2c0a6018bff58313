import { eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  CSV_COLUMNS,
  CSV_MAX_ROWS,
  type CsvUploadAnswer,
  DIRECTORY_ERRORS,
} from '../../../contract/directory.ts';
import type { ErrorText } from '../../../contract/kit.ts';
import { isPhoneNumber } from '../../../contract/phone.ts';
import { isEmail, normalizeEmail, unsafeUsername } from '../../../contract/rules.ts';
import { USER_LIMITS } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, directories, users } from '../../db/schema.ts';
import { entityNameOf, type Modifier } from '../../domain/audit.ts';
import { fail, fillMessage } from '../../errors.ts';
import type { DirectoryRow } from './settings.ts';

/**
 * A CSV file of users uploaded into a directory (docs/requirements/billing-services-data-calls.md upload-csv-file): a header row naming the
 * columns (username first; email, displayName, mobilePhone, status in any order), then one user per row.
 * A file that cannot be read (not text, a broken quote, a wrong header, too large) is refused whole; a
 * readable file is taken row by row, each row that cannot be taken reported with its line and why, the
 * others written in one transaction.
 */

type Column = (typeof CSV_COLUMNS)[number];

export interface CsvFile {
  columns: Column[];
  /** Each data row with its line in the file (the header is line 1). */
  rows: { line: number; values: string[] }[];
}

const E = DIRECTORY_ERRORS;
const unreadable = (detail: string) => fail(E.csvUnreadable, { detail });

/** A users CSV from its bytes. */
export function parseCsv(bytes: Buffer): CsvFile {
  if (bytes.includes(0)) throw unreadable('it holds binary data, not text.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unreadable('it is not UTF-8 text.');
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw unreadable(`a quoted value is not closed (row ${(broken.row ?? 0) + 1}).`);
  const [header, ...data] = parsed.data;
  const columns = (header ?? []).map((name) => name.trim());
  const known = (name: string): name is Column => (CSV_COLUMNS as readonly string[]).includes(name);
  const lowered = new Map(CSV_COLUMNS.map((name) => [name.toLowerCase(), name] as const));
  const named = columns.map((name) => lowered.get(name.toLowerCase()) ?? name);
  if (named[0] !== 'username' || !named.every(known) || new Set(named).size !== named.length) {
    throw fail(E.csvHeader);
  }
  const rows = data
    .map((values, index) => ({ line: index + 2, values }))
    .filter(({ values }) => !(values.length === 1 && values[0]!.trim() === ''));
  if (rows.length > CSV_MAX_ROWS) {
    throw fail(E.csvTooManyRows, { maxRows: CSV_MAX_ROWS });
  }
  return { columns: named as Column[], rows };
}

interface CsvUser {
  line: number;
  username: string;
  email?: string | null;
  displayName?: string | null;
  mobilePhone?: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
}

/** Why a row cannot be taken: in English, or a reason of the catalogue with its params. */
type Refusal = string | { error: ErrorText; params: Record<string, string> };

/** A failed row of the answer: its line, its reason in English and, from the catalogue, its key and params. */
function failedRow(line: number, refusal: Refusal): CsvUploadAnswer['failed'][number] {
  if (typeof refusal === 'string') return { line, reason: refusal };
  const { error, params } = refusal;
  return { line, reason: fillMessage(error.text, params), messageKey: error.key, params };
}

/** A value echoed in a reason: its first 100 characters. */
const echoed = (value: string) => value.slice(0, 100);

/** Why a username cannot be taken (contract/rules.ts), or undefined. */
function usernameRefusal(username: string): Refusal | undefined {
  const unsafe = unsafeUsername(username);
  if (unsafe === 'formula') {
    return { error: E.csvUsernameFormula, params: { username: echoed(username), character: username[0]! } };
  }
  if (unsafe === 'path') {
    const sequence = /\.\.[/\\]/.exec(username)?.[0] ?? '../';
    return { error: E.csvUsernamePath, params: { username: echoed(username), sequence } };
  }
  return undefined;
}

/** One row as a user, or why it cannot be taken. */
function readRow(columns: readonly Column[], line: number, values: readonly string[]): CsvUser | Refusal {
  if (values.length !== columns.length) {
    return `has ${values.length} values; the header names ${columns.length} columns.`;
  }
  const user: CsvUser = { line, username: '' };
  for (const [index, column] of columns.entries()) {
    const value = values[index]!.trim();
    switch (column) {
      case 'username': {
        if (value === '') return 'the username is empty.';
        if (value.length > USER_LIMITS.username)
          return `the username is longer than ${USER_LIMITS.username} characters.`;
        const refusal = usernameRefusal(value);
        if (refusal) return refusal;
        user.username = value;
        break;
      }
      case 'email':
        if (value !== '' && !isEmail(value)) return `'${value.slice(0, 100)}' is not an email address.`;
        user.email = value === '' ? null : normalizeEmail(value);
        break;
      case 'displayName':
        if (value.length > USER_LIMITS.displayName)
          return `the display name is longer than ${USER_LIMITS.displayName} characters.`;
        user.displayName = value === '' ? null : value;
        break;
      case 'mobilePhone':
        if (value.length > USER_LIMITS.mobilePhone)
          return `the mobile phone is longer than ${USER_LIMITS.mobilePhone} characters.`;
        if (value !== '' && !isPhoneNumber(value)) {
          return { error: E.csvMobilePhoneInvalid, params: { mobilePhone: echoed(value) } };
        }
        user.mobilePhone = value === '' ? null : value;
        break;
      case 'status': {
        const status = value.toUpperCase();
        if (status === '') break;
        if (status !== 'ACTIVE' && status !== 'INACTIVE') return 'the status must be ACTIVE or INACTIVE.';
        user.status = status;
        break;
      }
    }
  }
  return user;
}

const CHUNK = 1000;

/** Writes the rows that can be taken, in the caller's transaction; answers the counts and the failures. */
export async function importCsv(
  tx: Database,
  directory: DirectoryRow,
  file: CsvFile,
  by: Modifier,
): Promise<CsvUploadAnswer> {
  const answer: CsvUploadAnswer = { added: 0, updated: 0, failed: [] };
  const wanted = new Map<string, CsvUser>();
  for (const { line, values } of file.rows) {
    const user = readRow(file.columns, line, values);
    if (typeof user === 'string' || 'error' in user) {
      answer.failed.push(failedRow(line, user));
      continue;
    }
    const key = user.username.toLowerCase();
    const earlier = wanted.get(key);
    if (earlier) {
      answer.failed.push({
        line,
        reason: `the username '${user.username}' is already on line ${earlier.line}.`,
      });
      continue;
    }
    wanted.set(key, user);
  }

  // Keep the directory until the import ends.
  await tx
    .select({ id: directories.id })
    .from(directories)
    .where(eq(directories.id, directory.id))
    .for('update');
  const keys = [...wanted.keys()];
  const known = new Map<string, typeof users.$inferSelect>();
  for (let index = 0; index < keys.length; index += CHUNK) {
    const part = keys.slice(index, index + CHUNK);
    const rows = await tx
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.username})`, part));
    for (const row of rows) known.set(row.username.toLowerCase(), row);
  }

  const audits: (typeof auditLog.$inferInsert)[] = [];
  const inserts: (typeof users.$inferInsert)[] = [];
  const lines: number[] = [];
  for (const [key, user] of wanted) {
    const row = known.get(key);
    const { line, username, ...fields } = user;
    if (!row) {
      inserts.push({
        customerId: directory.customerId,
        directoryId: directory.id,
        source: 'CSV',
        username,
        ...fields,
      });
      lines.push(line);
      continue;
    }
    if (row.directoryId !== directory.id) {
      answer.failed.push({
        line,
        reason: `the username '${username}' belongs to a user of another directory.`,
      });
      continue;
    }
    const changes = Object.fromEntries(
      Object.entries(fields).filter(([field, value]) => (row as Record<string, unknown>)[field] !== value),
    );
    if (Object.keys(changes).length === 0) continue;
    await tx
      .update(users)
      .set({ ...changes, lastModifiedDate: new Date() })
      .where(eq(users.id, row.id));
    const named = { ...(row as Record<string, unknown>), ...changes };
    audits.push(auditRow(directory, by, row.id, 'UPDATE', changes, row as Record<string, unknown>, named));
    answer.updated++;
  }
  for (let index = 0; index < inserts.length; index += CHUNK) {
    const added = await tx
      .insert(users)
      .values(inserts.slice(index, index + CHUNK))
      .returning();
    for (const row of added) {
      audits.push(
        auditRow(directory, by, row.id, 'CREATE', { username: row.username, email: row.email }, null, row),
      );
    }
    answer.added += added.length;
  }
  for (let index = 0; index < audits.length; index += CHUNK) {
    await tx.insert(auditLog).values(audits.slice(index, index + CHUNK));
  }
  answer.failed.sort((a, b) => a.line - b.line);
  return answer;
}

function auditRow(
  directory: DirectoryRow,
  by: Modifier,
  entityId: string,
  action: 'CREATE' | 'UPDATE',
  after: Record<string, unknown>,
  before: Record<string, unknown> | null,
  /** The user as it is now: what names it in the log. */
  user: Record<string, unknown>,
): typeof auditLog.$inferInsert {
  return {
    customerId: directory.customerId,
    tableName: 'User',
    action,
    entityId,
    entityName: entityNameOf(user),
    modifiedBy: by.email,
    modifiedById: by.id,
    modifiedByName: by.name?.trim() || null,
    changes: {
      ...Object.fromEntries(
        Object.entries(after).map(([field, value]) => [
          field,
          { before: before?.[field] ?? null, after: value },
        ]),
      ),
      csvImportInto: { before: null, after: directory.name },
    },
  };
}
