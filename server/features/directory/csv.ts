import { eq, inArray, sql } from 'drizzle-orm';
import {
  CSV_TARGETS,
  type CsvDelimiter,
  type CsvEncoding,
  type CsvMapping,
  decodeCsv,
  guessMapping,
  mappedValues,
  mappingProblem,
  parseCsvText,
} from '../../../contract/csv.ts';
import {
  CSV_MAX_ROWS,
  type CsvUploadAnswer,
  DIRECTORY_ERRORS,
  refusesCsvImport,
} from '../../../contract/directory.ts';
import type { ErrorText } from '../../../contract/kit.ts';
import { isPhoneNumber } from '../../../contract/phone.ts';
import { isEmail, normalizeEmail, unsafeUsername } from '../../../contract/rules.ts';
import { USER_LIMITS } from '../../../contract/user.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, directories, users } from '../../db/schema.ts';
import { type AuditEntry, entityNameOf, type Modifier } from '../../domain/audit.ts';
import { fail, fillMessage } from '../../errors.ts';
import type { AuditWriter } from '../../kit/call.ts';
import type { DirectoryRow } from './settings.ts';

/**
 * A CSV file of users uploaded into a directory (docs/requirements/billing-services-data-calls.md upload-csv-file): comma, semicolon or
 * tab between values, UTF-8 or Windows-1252 (contract/csv.ts), a header row, then one user per row; which
 * column holds what is the call's mapping, or is guessed from the header. A file that cannot be read (not
 * text, a broken quote, no username column, too many rows) is refused whole; a readable file is taken row by
 * row, each row that cannot be taken reported with its line and why, the others written in one transaction
 * (or, in a check, only counted).
 */

export interface CsvFile {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** How many columns the header names: each row must have as many values. */
  columns: number;
  mapping: CsvMapping;
  /** Each data row with its line in the file (the header is line 1). */
  rows: { line: number; values: string[] }[];
}

const E = DIRECTORY_ERRORS;
const unreadable = (detail: string) => fail(E.csvUnreadable, { detail });

/** A mapping as the call's query gives it (JSON), or why it cannot be one. */
export function readMapping(json: string): CsvMapping {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw fail(E.csvMapping, { detail: 'it is not JSON.' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail(E.csvMapping, { detail: 'it must be an object of fields and column places.' });
  const mapping: CsvMapping = {};
  for (const [target, place] of Object.entries(value)) {
    if (!(CSV_TARGETS as readonly string[]).includes(target))
      throw fail(E.csvMapping, {
        detail: `${target.slice(0, 40)} is not a field (${CSV_TARGETS.join(', ')}).`,
      });
    if (typeof place !== 'number' || !Number.isInteger(place) || place < 0)
      throw fail(E.csvMapping, { detail: `the place of ${target} must be a whole number from 0.` });
    mapping[target as keyof CsvMapping] = place;
  }
  return mapping;
}

/** A users CSV from its bytes, with the call's mapping or the one its header suggests. */
export function parseCsv(bytes: Buffer, mapping?: CsvMapping): CsvFile {
  if (bytes.includes(0)) throw unreadable('it holds binary data, not text.');
  const { text, encoding } = decodeCsv(bytes);
  const table = parseCsvText(text);
  if (table.brokenQuote !== undefined)
    throw unreadable(`a quoted value is not closed (row ${table.brokenQuote}).`);
  const chosen = mapping ?? guessMapping(table.header);
  if (mapping === undefined && chosen.username === undefined) throw fail(E.csvHeader);
  const problem = mappingProblem(chosen, table.header.length);
  if (problem) throw fail(E.csvMapping, { detail: problem.detail });
  if (table.rows.length > CSV_MAX_ROWS) {
    throw fail(E.csvTooManyRows, { maxRows: CSV_MAX_ROWS });
  }
  return {
    encoding,
    delimiter: table.delimiter,
    columns: table.header.length,
    mapping: chosen,
    rows: table.rows,
  };
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

/** One row as a user (a field mapped and empty clears it), or why it cannot be taken. */
function readRow(file: CsvFile, line: number, values: readonly string[]): CsvUser | Refusal {
  if (values.length !== file.columns) {
    return `has ${values.length} values; the header names ${file.columns} columns.`;
  }
  const { username, email, displayName, mobilePhone, status } = mappedValues(file.mapping, values);
  if (username === '') return 'the username is empty.';
  if (username.length > USER_LIMITS.username)
    return `the username is longer than ${USER_LIMITS.username} characters.`;
  const refusal = usernameRefusal(username);
  if (refusal) return refusal;
  const user: CsvUser = { line, username };
  if (email !== undefined) {
    if (email !== '' && !isEmail(email)) return `'${echoed(email)}' is not an email address.`;
    user.email = email === '' ? null : normalizeEmail(email);
  }
  if (displayName !== undefined) {
    if (displayName.length > USER_LIMITS.displayName)
      return `the display name is longer than ${USER_LIMITS.displayName} characters.`;
    user.displayName = displayName === '' ? null : displayName;
  }
  if (mobilePhone !== undefined) {
    if (mobilePhone.length > USER_LIMITS.mobilePhone)
      return `the mobile phone is longer than ${USER_LIMITS.mobilePhone} characters.`;
    if (mobilePhone !== '' && !isPhoneNumber(mobilePhone)) {
      return { error: E.csvMobilePhoneInvalid, params: { mobilePhone: echoed(mobilePhone) } };
    }
    user.mobilePhone = mobilePhone === '' ? null : mobilePhone;
  }
  const upper = status?.toUpperCase() ?? '';
  if (upper !== '') {
    if (upper !== 'ACTIVE' && upper !== 'INACTIVE') return 'the status must be ACTIVE or INACTIVE.';
    user.status = upper;
  }
  return user;
}

const CHUNK = 1000;

/**
 * An import under way: the file read row by row (a row that cannot be taken refused with why; a username
 * twice, refused on its later line), the users it names (by lowercased username), what became of each line
 * so far, and the counts.
 */
export interface CsvRun {
  file: CsvFile;
  dryRun: boolean;
  /** The users of the rows taken, by their line. */
  byLine: Map<number, CsvUser>;
  outcomes: Map<number, CsvUploadAnswer['rows'][number]['outcome']>;
  answer: CsvUploadAnswer;
}

/** Reads every row of the file (nothing asked of the database yet). */
export function planCsv(file: CsvFile, dryRun: boolean): CsvRun {
  const { encoding, delimiter } = file;
  const run: CsvRun = {
    file,
    dryRun,
    byLine: new Map(),
    outcomes: new Map(),
    answer: { dryRun, encoding, delimiter, added: 0, updated: 0, unchanged: 0, rows: [], failed: [] },
  };
  const firstLine = new Map<string, number>();
  for (const { line, values } of file.rows) {
    const user = readRow(file, line, values);
    if (typeof user === 'string' || 'error' in user) {
      refuse(run, line, user);
      continue;
    }
    const key = user.username.toLowerCase();
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      refuse(run, line, `the username '${user.username}' is already on line ${earlier}.`);
      continue;
    }
    firstLine.set(key, line);
    run.byLine.set(line, user);
  }
  return run;
}

function refuse(run: CsvRun, line: number, refusal: Refusal) {
  run.answer.failed.push(failedRow(line, refusal));
  run.outcomes.set(line, 'REFUSED');
}

/**
 * Takes the file's rows from `from` to before `to` (their places in the file) in the caller's transaction: in
 * a check only what each would become, else written with their audit entries. Answers how many users it
 * added or changed.
 */
export async function applyCsv(
  tx: Database,
  directory: DirectoryRow,
  run: CsvRun,
  by: Modifier,
  from = 0,
  to = run.file.rows.length,
): Promise<number> {
  const { answer, outcomes, dryRun } = run;
  const wanted = new Map<string, CsvUser>();
  for (const { line } of run.file.rows.slice(from, to)) {
    const user = run.byLine.get(line);
    if (user) wanted.set(user.username.toLowerCase(), user);
  }
  // The directory as it is now, kept until the rows are written: a long import stops, between two batches,
  // once its directory is deleted or no longer takes a file.
  const into = dryRun ? directory : await lockCsvDirectory(tx, directory.id);
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
  let updated = 0;
  for (const [key, user] of wanted) {
    const row = known.get(key);
    const { line, username, ...fields } = user;
    if (!row) {
      inserts.push({
        customerId: into.customerId,
        directoryId: into.id,
        source: 'CSV',
        username,
        ...fields,
      });
      outcomes.set(line, 'CREATE');
      continue;
    }
    if (row.directoryId !== into.id) {
      refuse(run, line, `the username '${username}' belongs to a user of another directory.`);
      continue;
    }
    const changes = Object.fromEntries(
      Object.entries(fields).filter(([field, value]) => (row as Record<string, unknown>)[field] !== value),
    );
    if (Object.keys(changes).length === 0) {
      outcomes.set(line, 'UNCHANGED');
      answer.unchanged++;
      continue;
    }
    outcomes.set(line, 'UPDATE');
    updated++;
    if (dryRun) continue;
    await tx
      .update(users)
      .set({ ...changes, lastModifiedDate: new Date() })
      .where(eq(users.id, row.id));
    const named = { ...(row as Record<string, unknown>), ...changes };
    audits.push(auditRow(into, by, row.id, 'UPDATE', changes, row as Record<string, unknown>, named));
  }
  answer.updated += updated;
  if (dryRun) {
    answer.added += inserts.length;
    return inserts.length + updated;
  }
  let added = 0;
  for (let index = 0; index < inserts.length; index += CHUNK) {
    const made = await tx
      .insert(users)
      .values(inserts.slice(index, index + CHUNK))
      .returning();
    for (const row of made) {
      audits.push(
        auditRow(into, by, row.id, 'CREATE', { username: row.username, email: row.email }, null, row),
      );
    }
    added += made.length;
  }
  for (let index = 0; index < audits.length; index += CHUNK) {
    await tx.insert(auditLog).values(audits.slice(index, index + CHUNK));
  }
  answer.added += added;
  return added + updated;
}

/**
 * The directory of an import, locked until the transaction ends; one deleted meanwhile is not found (404), one
 * that no longer takes a file refuses it (409 error.csv.notHybrid).
 */
export async function lockCsvDirectory(tx: Database, id: string): Promise<DirectoryRow> {
  const [row] = await tx.select().from(directories).where(eq(directories.id, id)).for('update');
  if (!row) throw fail(E.notFound);
  if (refusesCsvImport(row)) throw fail(E.csvNotHybrid);
  return row;
}

/**
 * One batch of a long import, in its own transaction. The answer's counts are left as they were: `keep`
 * moves them on once the transaction has committed, so that the answer never tells of rows not written.
 */
export async function applyCsvBatch(
  tx: Database,
  directory: DirectoryRow,
  run: CsvRun,
  by: Modifier,
  from: number,
  to: number,
): Promise<{ changed: number; keep: () => void }> {
  const { answer } = run;
  const counts = () => ({ added: answer.added, updated: answer.updated, unchanged: answer.unchanged });
  const before = { ...counts(), failed: answer.failed.length };
  let after = { ...counts(), failed: [] as CsvUploadAnswer['failed'] };
  try {
    const changed = await applyCsv(tx, directory, run, by, from, to);
    after = { ...counts(), failed: answer.failed.slice(before.failed) };
    return {
      changed,
      keep: () => {
        const { failed, ...kept } = after;
        Object.assign(answer, kept);
        answer.failed.push(...failed);
      },
    };
  } finally {
    Object.assign(answer, { added: before.added, updated: before.updated, unchanged: before.unchanged });
    answer.failed.length = before.failed;
  }
}

/**
 * The audit entry of an import, once it has ended (each user it added or changed has its own besides): the
 * directory, how it ended, and the rows of the file, gone through, added, updated, left as they were and
 * refused.
 */
export function csvImportAudit(
  directory: DirectoryRow,
  ended: { status: string; total: number; done: number; answer: CsvUploadAnswer },
): AuditEntry {
  const { status, total, done, answer } = ended;
  const count = (after: unknown) => ({ before: null, after });
  return {
    table: 'Directory',
    action: 'IMPORT',
    entityId: directory.id,
    entityName: directory.name,
    customerId: directory.customerId,
    changes: {
      status: count(status),
      rows: count(total),
      read: count(done),
      added: count(answer.added),
      updated: count(answer.updated),
      unchanged: count(answer.unchanged),
      refused: count(answer.failed.length),
    },
  };
}

/** The answer of the rows gone through: the first `reached` rows of the file (all of them unless stopped). */
export function csvAnswer(run: CsvRun, reached = run.file.rows.length): CsvUploadAnswer {
  const rows = run.file.rows.slice(0, reached);
  const last = rows.at(-1)?.line ?? 1;
  const place = run.file.mapping.username;
  return {
    ...run.answer,
    rows: rows.map(({ line, values }) => ({
      line,
      username: place === undefined ? '' : echoed((values[place] ?? '').trim()),
      outcome: run.outcomes.get(line) ?? 'REFUSED',
    })),
    failed: run.answer.failed.filter((row) => row.line <= last).sort((a, b) => a.line - b.line),
  };
}

/**
 * Writes the rows that can be taken, in the caller's transaction (in a check, `dryRun`, writes nothing and
 * answers what an import would do); answers the counts, each row's outcome and the refusals.
 */
export async function importCsv(
  { tx, audit }: { tx: Database; audit: AuditWriter },
  directory: DirectoryRow,
  file: CsvFile,
  by: Modifier,
  dryRun = false,
): Promise<CsvUploadAnswer> {
  const run = planCsv(file, dryRun);
  await applyCsv(tx, directory, run, by);
  const answer = csvAnswer(run);
  if (!dryRun) {
    const rows = file.rows.length;
    await audit(csvImportAudit(directory, { status: 'DONE', total: rows, done: rows, answer }));
  }
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
