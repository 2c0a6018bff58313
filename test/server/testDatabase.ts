import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, migrationsFolder, PGLITE_EXTENSIONS } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import { databaseUrlFor, workerDatabasePrefix } from './globalSetup.ts';

/*
 * Test databases, cheap enough to make one per test file or per test.
 *
 * Each Vitest worker opens ONE database and keeps it for every file it runs (the server project runs with
 * `isolate: false`, so this module lives as long as the worker): a PGlite loaded from the dump that
 * globalSetup made, or a PostgreSQL database copied from globalSetup's migrated template. A test database is
 * a schema in it, with the committed migrations applied, reached through `search_path`: the product's
 * queries name no schema, so they see only that test's tables.
 *
 * How a fresh schema is made: the worker database's `public` holds the migrated schema, as the migrations
 * made it (foreign keys, types and indexes included). It is renamed to the test's own name, an empty `public`
 * is created, and the migrations are applied to it again for the next one. The migration files run
 * unchanged, exactly as on a real first start.
 */

/** One worker's database, and how to run SQL on it outside any test schema. */
interface WorkerDatabase {
  /** Runs the statements one after the other in one transaction, with `public` first on the search path. */
  run(statements: readonly string[]): Promise<void>;
  /** A drizzle database whose queries see only `name`, and how to let it go. */
  open(name: string): Promise<{ db: Database; close: () => Promise<void> }>;
}

/** Runs one task at a time, in the order they were asked for. */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * PGlite has one session: the search path is set before each query of a schema that is not the current one
 * (set and query together, one pair at a time), and inside each transaction with `set local`.
 */
async function openPglite(dumpPath: string): Promise<WorkerDatabase> {
  const pglite = new PGlite({ loadDataDir: await openAsBlob(dumpPath), extensions: PGLITE_EXTENSIONS });
  await pglite.waitReady;
  const exclusive = oneAtATime();
  let searchPath = 'public';
  const useSchema = async (name: string) => {
    if (searchPath === name) return;
    await pglite.exec(`set search_path to ${quoted(name)}`);
    searchPath = name;
  };

  return {
    run: (statements) =>
      exclusive(async () => {
        await useSchema('public');
        await pglite.transaction(async (tx) => {
          for (const statement of statements) await tx.exec(statement);
        });
      }),
    open: async (name) => {
      const scoped = new Proxy(pglite, {
        get(target, property) {
          if (property === 'query') {
            return (...args: Parameters<PGlite['query']>) =>
              exclusive(async () => {
                await useSchema(name);
                return target.query(...args);
              });
          }
          if (property === 'transaction') {
            return (callback: Parameters<PGlite['transaction']>[0]) =>
              exclusive(() =>
                target.transaction(async (tx) => {
                  await tx.exec(`set local search_path to ${quoted(name)}`);
                  return callback(tx);
                }),
              );
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return {
        db: drizzlePglite({ client: scoped, schema }),
        close: () =>
          exclusive(async () => {
            await pglite.exec(`drop schema ${quoted(name)} cascade`);
          }),
      };
    },
  };
}

/** On PostgreSQL each test database gets its own pool, whose connections start with its search path. */
async function openPostgres(serverUrl: string, template: string): Promise<WorkerDatabase> {
  const database = `${workerDatabasePrefix(template)}${randomBytes(4).toString('hex')}`;
  const creator = new pg.Client({ connectionString: serverUrl });
  await creator.connect();
  try {
    await creator.query(`create database ${quoted(database)} template ${quoted(template)}`);
  } finally {
    await creator.end();
  }
  const url = databaseUrlFor(serverUrl, database);
  // Dropped with the whole database by globalSetup's teardown; idle, it does not keep the worker alive.
  const admin = new pg.Pool({ connectionString: url, max: 1, allowExitOnIdle: true });

  return {
    run: async (statements) => {
      const client = await admin.connect();
      try {
        await client.query('begin');
        await client.query('set local search_path to public');
        for (const statement of statements) await client.query(statement);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    open: async (name) => {
      const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${quoted(name)}` });
      pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
      return {
        db: drizzleNodePg({ client: pool, schema }),
        close: async () => {
          await pool.end();
          await admin.query(`drop schema ${quoted(name)} cascade`);
        },
      };
    },
  };
}

let worker: Promise<WorkerDatabase> | undefined;
/** Whether `public` of the worker database holds a migrated schema not yet given to a test. */
let publicMigrated = true;
const prepare = oneAtATime();
const migrations = readMigrationFiles({ migrationsFolder }).flatMap((migration) =>
  migration.sql.map((statement) => statement.trim()).filter(Boolean),
);

/** A fresh, migrated, empty database for one test (a schema of this worker's database). */
export async function openTestSchema(): Promise<{ db: Database; close: () => Promise<void> }> {
  if (!worker) {
    const source = inject('testDatabase');
    worker =
      source.kind === 'pglite'
        ? openPglite(source.dumpPath)
        : openPostgres(source.serverUrl, source.template);
    worker.catch(() => {
      worker = undefined;
    });
  }
  const home = await worker;
  const name = await prepare(async () => {
    if (!publicMigrated) await home.run(migrations);
    const fresh = `t_${randomBytes(6).toString('hex')}`;
    await home.run([`alter schema public rename to ${quoted(fresh)}`, 'create schema public']);
    publicMigrated = false;
    return fresh;
  });
  return home.open(name);
}
