import path from 'node:path';
import { fromRoot } from '../paths.ts';

/*
 * Where the embedded database lives in the data folder, named once for the server, its PGlite worker and
 * the tools (backup, restore, db:copy) that reach it.
 */

/** The PGlite data directory: `<dataDir>/pglite`. */
export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * The folder of the running server's Unix socket: `<dataDir>/run`. PGlite is single-process (its folder
 * cannot be opened twice), so while the server runs, the tools reach its database through this socket:
 * node-postgres with `host=<this folder>`, user `postgres`, database `postgres`.
 */
export function embeddedSocketDir(dataDir: string): string {
  return path.join(dataDir, 'run');
}

/** The port in the socket's file name (`.s.PGSQL.<port>`); PostgreSQL's default. */
export const EMBEDDED_SOCKET_PORT = 5432;

/** The socket file itself: `<dataDir>/run/.s.PGSQL.5432`. */
export function embeddedSocketPath(dataDir: string): string {
  return path.join(embeddedSocketDir(dataDir), `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`);
}

/** The committed migrations (named here, not in client.ts, so that readers need not load PGlite's code). */
export const migrationsFolder = fromRoot('server', 'db', 'migrations');
