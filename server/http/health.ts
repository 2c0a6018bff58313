import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/location.ts';

/**
 * Operational endpoints at the root (not portal calls, not under /api): no token, no rate limit, nothing
 * secret in the answer.
 * - GET /health/live: 200 while the process answers at all;
 * - GET /health/ready: 200 when the database answers `select 1` within READY_TIMEOUT_MS and every migration
 *   of this build is applied (drizzle's `__drizzle_migrations` holds the last one of the folder's journal);
 *   503 with the failing check otherwise, so that a load balancer sends no traffic to this server.
 */

export const READY_TIMEOUT_MS = 2000;

/** A migration of this build, as drizzle records it once applied. */
export interface ExpectedMigration {
  folderMillis: number;
  hash: string;
}

export type DatabaseCheck = 'ok' | 'unreachable' | 'timeout';
export type MigrationsCheck = 'ok' | 'pending' | 'unknown';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: DatabaseCheck; migrations: MigrationsCheck };
  /** Migrations of this build the database has not had yet (when known and not 0). */
  pendingMigrations?: number;
}

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  // A query that fails after the timeout must not become an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The migrations this build ships (the folder's journal), oldest first. */
export const shippedMigrations = (): ExpectedMigration[] =>
  readMigrationFiles({ migrationsFolder }).map(({ folderMillis, hash }) => ({ folderMillis, hash }));

/** The database's answer to both checks; never throws. */
export async function readiness(
  db: Database,
  expected: readonly ExpectedMigration[],
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Readiness> {
  try {
    await withTimeout(db.execute(sql`select 1`), timeoutMs);
  } catch (error) {
    const database = error instanceof Timeout ? 'timeout' : 'unreachable';
    return { status: 'unavailable', checks: { database, migrations: 'unknown' } };
  }
  let lastApplied: number;
  try {
    // node-postgres and PGlite both answer {rows}.
    const result = (await withTimeout(
      db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`),
      timeoutMs,
    )) as { rows: { created_at?: string | number | null }[] };
    const value = result.rows[0]?.created_at;
    lastApplied = value === null || value === undefined ? Number.NEGATIVE_INFINITY : Number(value);
  } catch (error) {
    if (error instanceof Timeout) {
      return { status: 'unavailable', checks: { database: 'timeout', migrations: 'unknown' } };
    }
    // No migrations table: nothing was ever applied to this database.
    lastApplied = Number.NEGATIVE_INFINITY;
  }
  // Drizzle applies every migration younger than the last one it recorded: those are still to come.
  const pending = expected.filter((migration) => migration.folderMillis > lastApplied).length;
  if (pending > 0) {
    return {
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'pending' },
      pendingMigrations: pending,
    };
  }
  return { status: 'ok', checks: { database: 'ok', migrations: 'ok' } };
}

export interface HealthOptions {
  db: Database;
  /** The migrations to expect; by default those of the migrations folder. */
  migrations?: readonly ExpectedMigration[];
  timeoutMs?: number;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const expected = options.migrations ?? shippedMigrations();

  app.get('/health/live', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/health/ready', async (_request, reply) => {
    const answer = await readiness(options.db, expected, options.timeoutMs);
    return reply
      .status(answer.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
}
