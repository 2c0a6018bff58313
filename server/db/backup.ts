import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder as committedMigrations, type Database, PGLITE_EXTENSIONS } from './client.ts';
import { EMBEDDED_SOCKET_PORT, embeddedDataDir, embeddedSocketDir, embeddedSocketPath } from './location.ts';
import * as schema from './schema.ts';

/*
 * Backups in a portable logical format (README, "Backup, restore and moving to PostgreSQL").
 *
 * A backup is a gzip'd file of JSON lines:
 *   1. the header: {format, version, createdAt, migration: {tag, hash, createdAt}, tables: [{name, columns:
 *      [{name, type}], rows}], sequences: [{name, lastValue, isCalled}]};
 *   2. the rows, in batches: {"table": name, "rows": [[value, …], …]}, each value the column's PostgreSQL text
 *      form (`column::text`: bytea as \x hex, jsonb as its JSON text, timestamps to the microsecond with their
 *      offset, arrays as {…}) or null, in the order of the header's columns;
 *   3. the end: {"end": true, "rows": total}; a file without it is incomplete.
 * Everything is read in ONE transaction, REPEATABLE READ and READ ONLY: a consistent copy while the server
 * writes. The tables are every base table of the current schema (drizzle's own `__drizzle_migrations` lives in
 * the `drizzle` schema and is not copied: restore makes it again by running the migrations). Generated columns
 * are left out (the target computes them).
 */

export const BACKUP_FORMAT = 'gateway-portal-backup';
export const BACKUP_VERSION = 1;

/** The last migration applied to a database: drizzle's `__drizzle_migrations` row, and its journal tag. */
export interface MigrationLevel {
  /** The journal tag (`0020_themes_sign_in_events`), null when this release does not know the migration. */
  tag: string | null;
  hash: string;
  /** The journal's `when` of the migration, which drizzle stores as `created_at`. */
  createdAt: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migration: MigrationLevel;
  tables: { name: string; columns: { name: string; type: string }[]; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

/** A refusal or a damaged file: the tools print its message alone, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A database the tools work on, opened WITHOUT running the migrations. */
export interface Connection {
  db: Database;
  /** The driver: 'postgres' also for the running server's embedded database reached through its socket. */
  kind: 'pglite' | 'postgres';
  /** What the tools print: "PostgreSQL (DATABASE_URL)", "the running server's embedded database (socket …)"… */
  description: string;
  close: () => Promise<void>;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------------------
// Connections

function postgresConnection(config: pg.PoolConfig, description: string): Connection {
  const pool = new pg.Pool({ max: 2, ...config });
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return {
    db: drizzleNodePg({ client: pool, schema }),
    kind: 'postgres',
    description,
    close: () => pool.end(),
  };
}

async function socketAnswers(dataDir: string): Promise<boolean> {
  if (!existsSync(embeddedSocketPath(dataDir))) return false;
  const client = new pg.Client(embeddedSocketConfig(dataDir));
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How node-postgres reaches the running server's embedded database. */
export function embeddedSocketConfig(dataDir: string): pg.ClientConfig {
  return {
    host: embeddedSocketDir(dataDir),
    port: EMBEDDED_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 5000,
  };
}

export interface ConnectOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Whether a missing embedded folder may be created (restore) or is an error (backup, db:copy). */
  create: boolean;
}

/**
 * The database the tools work on: DATABASE_URL (PostgreSQL), else the running server's embedded database
 * through its socket when it answers, else the PGlite folder itself (the server is stopped).
 */
export async function connect(options: ConnectOptions): Promise<Connection> {
  if (options.databaseUrl) return postgresUrlConnection(options.databaseUrl, 'PostgreSQL (DATABASE_URL)');
  return connectEmbedded(options.dataDir, options.create);
}

export async function connectEmbedded(dataDir: string, create: boolean): Promise<Connection> {
  if (await socketAnswers(dataDir)) {
    return postgresConnection(
      embeddedSocketConfig(dataDir),
      `the running server's embedded database (${embeddedSocketPath(dataDir)})`,
    );
  }
  const folder = embeddedDataDir(dataDir);
  if (!create && !existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${folder} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const pglite = new PGlite(folder, { extensions: PGLITE_EXTENSIONS });
  try {
    await pglite.waitReady;
  } catch (error) {
    throw new BackupError(
      `The embedded database in ${folder} cannot be opened (${(error as Error).message}); is a server still using it?`,
    );
  }
  return pgliteConnection(pglite, `the embedded database (${folder})`);
}

/** A connection on an open PGlite (closed by close()). */
export function pgliteConnection(pglite: PGlite, description: string): Connection {
  return {
    db: drizzlePglite({ client: pglite, schema }),
    kind: 'pglite',
    description,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** A connection on a PostgreSQL database. */
export function postgresUrlConnection(databaseUrl: string, description: string): Connection {
  return postgresConnection({ connectionString: databaseUrl }, description);
}

// ---------------------------------------------------------------------------------------------------------
// The catalog

interface TableInfo {
  name: string;
  /** Every column but the generated ones, in their order. */
  columns: { name: string; type: string }[];
  primaryKey: string[];
}

async function tablesOf(db: Pick<Database, 'execute'>): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table: string; column: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where n.nspname = current_schema() and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const tables = new Map<string, TableInfo>();
  for (const { table, column, type } of columns) {
    const info = tables.get(table) ?? { name: table, columns: [], primaryKey: [] };
    tables.set(table, info);
    info.columns.push({ name: column, type });
  }
  for (const { table, column } of keys) tables.get(table)?.primaryKey.push(column);
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The tables, each after the tables its foreign keys point to. */
async function foreignKeyOrder(db: Pick<Database, 'execute'>, tables: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as "child", p.relname as "parent"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = current_schema() and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return; // a cycle: session_replication_role covers it
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function sequencesOf(db: Pick<Database, 'execute'>): Promise<BackupHeader['sequences']> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = current_schema() order by c.relname`,
  );
  const sequences: BackupHeader['sequences'] = [];
  for (const { name } of names) {
    const [value] = await rowsOf<{ lastValue: string; isCalled: boolean }>(
      db,
      sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from ${quoted(name)}`),
    );
    if (value) sequences.push({ name, lastValue: value.lastValue, isCalled: value.isCalled });
  }
  return sequences;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journalOf(folder: string): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The last migration applied to the database, or null when none was (a new, empty database). */
export async function migrationLevel(
  db: Pick<Database, 'execute'>,
  folder = committedMigrations,
): Promise<MigrationLevel | null> {
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!table?.exists) return null;
  const [last] = await rowsOf<{ hash: string; createdAt: string }>(
    db,
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const createdAt = Number(last.createdAt);
  const entry = (await journalOf(folder)).find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? null, hash: last.hash, createdAt };
}

/** Session settings under which `::text` gives the same exact text on every server. */
const TEXT_FORMS = [
  "set local datestyle to 'ISO, YMD'",
  "set local intervalstyle to 'postgres'",
  "set local bytea_output to 'hex'",
  'set local extra_float_digits to 3',
];

// ---------------------------------------------------------------------------------------------------------
// Backup

/** Rows fetched at a time, and the size of a batch line in the file (bytea rows can be large). */
const FETCH_ROWS = 500;
const BATCH_BYTES = 1 << 20;

export interface BackupResult {
  header: BackupHeader;
  file: string;
}

/**
 * Writes a backup of `db` (its current schema) to `file`: first to `<file>.partial`, renamed when complete,
 * so that a failed backup leaves no file that looks whole.
 */
export async function backupDatabase(db: Database, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  const writeLine = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, 'drain');
  };

  try {
    const header = await db.transaction(
      async (tx) => {
        for (const statement of TEXT_FORMS) await tx.execute(sql.raw(statement));
        const level = await migrationLevel(tx);
        if (!level)
          throw new BackupError('The database has no migrations applied: it is not a portal database.');
        const tables = await tablesOf(tx);
        const counted: BackupHeader['tables'] = [];
        for (const table of tables) {
          const [count] = await rowsOf<{ n: string }>(
            tx,
            sql.raw(`select count(*)::text as n from ${quoted(table.name)}`),
          );
          counted.push({ name: table.name, columns: table.columns, rows: Number(count?.n ?? 0) });
        }
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          migration: level,
          tables: counted,
          sequences: await sequencesOf(tx),
        };
        await writeLine(header);

        let total = 0;
        const byName = new Map(tables.map((table) => [table.name, table]));
        const order = await foreignKeyOrder(tx, [...byName.keys()]);
        for (const table of order.map((name) => byName.get(name) as TableInfo)) {
          const values = table.columns.map(({ name }) => `${quoted(name)}::text`).join(', ');
          const orderBy = (table.primaryKey.length ? table.primaryKey : table.columns.map(({ name }) => name))
            .map(quoted)
            .join(', ');
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_json(array[${values}]::text[]) as r from ${quoted(table.name)} order by ${orderBy}`,
            ),
          );
          let rows = 0;
          let batch: unknown[] = [];
          let batchBytes = 0;
          for (;;) {
            const fetched = await rowsOf<{ r: unknown }>(
              tx,
              sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`),
            );
            if (fetched.length === 0) break;
            for (const { r } of fetched) {
              const row = typeof r === 'string' ? (JSON.parse(r) as unknown) : r;
              batch.push(row);
              batchBytes += JSON.stringify(row).length;
              if (batchBytes >= BATCH_BYTES) {
                await writeLine({ table: table.name, rows: batch });
                batch = [];
                batchBytes = 0;
              }
            }
            rows += fetched.length;
          }
          if (batch.length) await writeLine({ table: table.name, rows: batch });
          await tx.execute(sql.raw('close backup_rows'));
          const expected = counted.find(({ name }) => name === table.name)?.rows;
          if (rows !== expected) throw new Error(`${table.name}: read ${rows} rows, counted ${expected}`);
          total += rows;
        }
        await writeLine({ end: true, rows: total });
        return header;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
    await rename(partial, file);
    return { header, file };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading a backup

type Line = { table: string; rows: (string | null)[][] } | { end: true; rows: number };

/** The file's lines, parsed; a damaged or incomplete file is a BackupError. */
async function* linesOf(file: string): AsyncGenerator<unknown> {
  const damaged = (reason: string) =>
    new BackupError(`The backup ${file} is damaged or incomplete (${reason}): nothing was restored.`);
  if (!existsSync(file) || !(await stat(file)).isFile())
    throw new BackupError(`There is no backup file ${file}.`);
  const gunzip = createReadStream(file).pipe(createGunzip());
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let number = 0;
  const parse = (text: string) => {
    number += 1;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw damaged(`line ${number} is not JSON`);
    }
  };
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        yield parse(text);
        newline = pending.indexOf('\n');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged((error as Error).message);
  }
  pending += decoder.end();
  if (pending.trim()) yield parse(pending);
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | undefined;
  if (!header || header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a portal backup.`);
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of format version ${String(header.version)}; this release reads version ${BACKUP_VERSION}.`,
    );
  }
  if (!header.migration || !Array.isArray(header.tables) || !Array.isArray(header.sequences)) {
    throw new BackupError(
      `The backup ${file} is damaged or incomplete (its header lacks fields): nothing was restored.`,
    );
  }
  return header as BackupHeader;
}

/** Reads the whole file once and checks it: the header, every batch, the row counts and the end. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const damaged = (reason: string) =>
    new BackupError(`The backup ${file} is damaged or incomplete (${reason}): nothing was restored.`);
  let header: BackupHeader | undefined;
  const counts = new Map<string, number>();
  let ended = false;
  for await (const value of linesOf(file)) {
    if (!header) {
      header = checkHeader(file, value);
      for (const table of header.tables) counts.set(table.name, 0);
      continue;
    }
    if (ended) throw damaged('data after its end');
    const line = value as Line;
    if ('end' in line) {
      ended = true;
      continue;
    }
    const table = header.tables.find(({ name }) => name === line.table);
    if (!table || !Array.isArray(line.rows))
      throw damaged(`a batch of an unknown table ${String(line.table)}`);
    for (const row of line.rows) {
      if (!Array.isArray(row) || row.length !== table.columns.length)
        throw damaged(`a row of ${table.name} has the wrong shape`);
    }
    counts.set(table.name, (counts.get(table.name) ?? 0) + line.rows.length);
  }
  if (!header) throw damaged('it is empty');
  if (!ended) throw damaged('its end is missing');
  for (const table of header.tables) {
    if (counts.get(table.name) !== table.rows) {
      throw damaged(`${table.name} has ${counts.get(table.name)} rows, its header says ${table.rows}`);
    }
  }
  return header;
}

// ---------------------------------------------------------------------------------------------------------
// Restore

async function migrate(target: Connection, folder: string): Promise<void> {
  if (target.kind === 'pglite') await migratePglite(target.db as never, { migrationsFolder: folder });
  else await migrateNodePg(target.db as never, { migrationsFolder: folder });
}

/** A copy of the committed migrations up to `tag` included: what the release that wrote the backup ran. */
async function migrationsUpTo(tag: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  const journal = JSON.parse(
    await readFile(path.join(committedMigrations, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  for (const entry of journal.entries) {
    await copyFile(path.join(committedMigrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** The first table of `db` that holds a row, or null. */
async function firstTableWithRows(db: Pick<Database, 'execute'>): Promise<string | null> {
  for (const table of await tablesOf(db)) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql.raw(`select exists (select from ${quoted(table.name)}) as "any"`),
    );
    if (row?.any) return table.name;
  }
  return null;
}

export interface RestoreResult {
  header: BackupHeader;
  /** Every table's rows in the target after the restore (and the migrations that followed). */
  counts: Record<string, number>;
}

/** Every table of the current schema and its number of rows. */
export async function tableCounts(db: Pick<Database, 'execute'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(db)) {
    const [count] = await rowsOf<{ n: string }>(
      db,
      sql.raw(`select count(*)::text as n from ${quoted(table.name)}`),
    );
    counts[table.name] = Number(count?.n ?? 0);
  }
  return counts;
}

/**
 * Restores `file` into `target`, which must hold no rows: checks the whole file first (a damaged one writes
 * nothing), brings the schema to the backup's migration level, inserts every row in one transaction (foreign
 * keys and triggers off: the rows are copied as they were), sets the sequences, then runs the migrations this
 * release has beyond the backup's.
 */
export async function restoreDatabase(target: Connection, file: string): Promise<RestoreResult> {
  const header = await verifyBackup(file);
  const journal = await journalOf(committedMigrations);
  const backupEntry = journal.find((entry) => entry.when === header.migration.createdAt);
  if (!backupEntry) {
    throw new BackupError(
      `The backup was made by a newer release (migration ${header.migration.tag ?? header.migration.createdAt}): restore it with that release or a later one.`,
    );
  }
  const busy = await firstTableWithRows(target.db);
  if (busy) {
    throw new BackupError(
      `The target, ${target.description}, already holds data (table ${busy} has rows): restore only into an empty data folder or an empty database.`,
    );
  }
  const targetLevel = await migrationLevel(target.db);
  if (targetLevel && targetLevel.createdAt > backupEntry.when) {
    throw new BackupError(
      `The target, ${target.description}, was already migrated past the backup's level (${targetLevel.tag ?? targetLevel.createdAt} > ${backupEntry.tag}): restore into a new empty database.`,
    );
  }

  const upTo = await migrationsUpTo(backupEntry.tag);
  try {
    await migrate(target, upTo.folder);
  } finally {
    await upTo.remove();
  }

  await target.db.transaction(async (tx) => {
    for (const statement of TEXT_FORMS) await tx.execute(sql.raw(statement));
    const tables = new Map((await tablesOf(tx)).map((table) => [table.name, table]));
    for (const table of header.tables) {
      const there = tables.get(table.name);
      const missing = table.columns.filter(
        ({ name }) => !there?.columns.some((column) => column.name === name),
      );
      if (!there || missing.length) {
        throw new BackupError(
          `The backup's ${table.name}${missing.length ? `.${missing[0]?.name}` : ''} is not in the schema at its migration level ${backupEntry.tag}: the backup does not match this release's migrations.`,
        );
      }
    }
    // Foreign keys and triggers off for the copy (superuser); else the tables' own triggers off, rows in
    // foreign-key order.
    const userTriggers: string[] = [];
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql.raw('set local session_replication_role = replica'));
      });
    } catch {
      const triggered = await rowsOf<{ table: string }>(
        tx,
        sql`select distinct c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal`,
      );
      for (const { table } of triggered) {
        await tx.execute(sql.raw(`alter table ${quoted(table)} disable trigger user`));
        userTriggers.push(table);
      }
    }
    const statements = new Map(
      header.tables.map((table) => {
        const there = tables.get(table.name) as TableInfo;
        const names = table.columns.map(({ name }) => quoted(name)).join(', ');
        const casts = table.columns
          .map(
            ({ name }, index) =>
              `(v->>${index})::${there.columns.find((column) => column.name === name)?.type}`,
          )
          .join(', ');
        const prefix = `insert into ${quoted(table.name)} (${names}) overriding system value select ${casts} from json_array_elements(`;
        return [table.name, { prefix: sql.raw(prefix), suffix: sql.raw('::json) as e(v)') }];
      }),
    );
    // The file has the tables in foreign-key order (parents first): one pass inserts them.
    let first = true;
    for await (const value of linesOf(file)) {
      if (first) {
        first = false;
        continue;
      }
      const line = value as Line;
      if ('end' in line || line.rows.length === 0) continue;
      const statement = statements.get(line.table);
      if (!statement) continue;
      await tx.execute(sql`${statement.prefix}${JSON.stringify(line.rows)}${statement.suffix}`);
    }
    for (const sequence of header.sequences) {
      await tx.execute(
        sql`select setval(${quoted(sequence.name)}, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
    for (const table of userTriggers)
      await tx.execute(sql.raw(`alter table ${quoted(table)} enable trigger user`));
  });

  await migrate(target, committedMigrations);
  return { header, counts: await tableCounts(target.db) };
}

// ---------------------------------------------------------------------------------------------------------
// The tools (scripts/backup.ts, scripts/restore.ts, scripts/dbCopy.ts)

/** DATA_DIR and DATABASE_URL, read as the server reads them (server/config.ts), without its other settings. */
export function toolEnvironment(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl?: string;
} {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { dataDir, databaseUrl };
}

/** Runs a tool: a BackupError is printed alone and exits with 1, anything else with its stack. */
export function runTool(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof BackupError ? error.message : error);
      process.exit(1);
    },
  );
}

/** The counts of every table, one line each, for the tools to print. */
export function countLines(counts: Record<string, number>, expected?: Record<string, number>): string[] {
  const width = Math.max(...Object.keys(counts).map((name) => name.length));
  return Object.entries(counts).map(([name, count]) => {
    const source = expected?.[name];
    const note =
      source === undefined ? '' : source === count ? `  (source ${source})` : `  DIFFERS: source ${source}`;
    return `  ${name.padEnd(width)}  ${count}${note}`;
  });
}

/**
 * db:copy: the embedded database (the running server's through its socket, or its folder) into an empty
 * PostgreSQL, through a backup in a temporary file. Answers the source's and the target's counts.
 */
export async function copyDatabase(
  source: Connection,
  target: Connection,
): Promise<{ source: Record<string, number>; target: Record<string, number> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-db-copy-'));
  try {
    const file = path.join(folder, 'copy.jsonl.gz');
    const { header } = await backupDatabase(source.db, file);
    const { counts } = await restoreDatabase(target, file);
    return {
      source: Object.fromEntries(header.tables.map((table) => [table.name, table.rows])),
      target: counts,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
