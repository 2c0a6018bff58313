import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './client.ts';
import { instanceSecrets } from './schema.ts';

/*
 * Several servers on one PostgreSQL (README, "Running several instances"): what each does at start so
 * that any number of them may start at once on an empty database.
 */

/** Any number, the same in every process (the seed takes 727_301 inside its transaction). */
export const STARTUP_LOCK = 727_300;

/**
 * Runs `work` (the migrations) while holding PostgreSQL's session advisory lock STARTUP_LOCK on a
 * connection of its own: servers starting together migrate one after the other, and the later ones find
 * the schema up to date. The lock goes with the connection if the process dies.
 */
export async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose unlock failed is closed rather than given back with the lock still held.
    client.release(broken ?? false);
  }
}

/** The name of the token signing secret in `instance_secrets`. */
export const JWT_SECRET_NAME = 'jwt';

/**
 * The secret every server on the database signs tokens with: the first server's proposal is kept (an
 * insert that does nothing when the row already exists), and every server answers the kept one.
 */
export async function sharedSecret(db: Database, name: string, proposal: string): Promise<string> {
  await db.insert(instanceSecrets).values({ name, value: proposal }).onConflictDoNothing();
  const [kept] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  if (!kept) throw new Error(`instance_secrets has no ${name} secret`);
  return kept.value;
}

/**
 * Call once the database is open, before buildApp: on PostgreSQL without JWT_SECRET
 * (`config.jwtSecretInDatabase`), `config.jwtSecret` becomes the one every server on the database uses.
 */
export async function shareInstanceSecrets(db: Database, config: Config): Promise<void> {
  if (!config.jwtSecretInDatabase) return;
  config.jwtSecret = await sharedSecret(db, JWT_SECRET_NAME, config.jwtSecret);
}
