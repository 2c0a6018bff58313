import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from './location.ts';
import * as schema from './schema.ts';
import { underStartupLock } from './startupLock.ts';

/** The one database type routes see: the same on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabaseOptions {
  /** Used for the on-disk PGlite database (`<dataDir>/pglite`) when no databaseUrl is given. */
  dataDir?: string;
  /** A PostgreSQL connection string: node-postgres is used instead of PGlite. */
  databaseUrl?: string;
  /** An already created PGlite instance (for example loaded from a dump); closed by close(). */
  pglite?: PGlite;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** The extensions the migrations create (PGlite loads them when it opens; PostgreSQL has them in contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export { migrationsFolder };

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl && !options.pglite) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops must not bring the process down: the pool reconnects.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    try {
      const db = drizzleNodePg({ client: pool, schema });
      // Servers starting together on one database migrate one after the other (README, "Running several instances").
      await underStartupLock(pool, () => migrateNodePg(db, { migrationsFolder }));
      return { db, kind: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs a dataDir, a databaseUrl or a PGlite instance');
    // PGlite does not create the parent folder of its data directory.
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(path.join(options.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  }
  const pglite = client;
  try {
    const db = drizzlePglite({ client: pglite, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        if (!pglite.closed) await pglite.close();
      },
    };
  } catch (error) {
    if (!pglite.closed) await pglite.close();
    throw error;
  }
}
