/**
 * The embedded database as `npm start` runs it: PGlite in a worker thread of its own (worker.mjs), served
 * over a Unix socket in the data folder (`<dataDir>/run/.s.PGSQL.5432`), and reached from the HTTP thread
 * through node-postgres as PostgreSQL is. PGlite computes on the thread that owns it: in the HTTP thread,
 * every request would wait behind every query; here the HTTP thread only waits for answers.
 *
 * One owner: a lock file (`<dataDir>/run/server.pid`) refuses a second server on the same folder (PGlite
 * cannot be opened twice); a killed run's lock and socket are found stale and replaced.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { fromRoot } from '../../paths.ts';
import type { OpenedDatabase } from '../client.ts';
import {
  EMBEDDED_SOCKET_PORT,
  embeddedDataDir,
  embeddedSocketDir,
  embeddedSocketPath,
  migrationsFolder,
} from '../location.ts';
import * as schema from '../schema.ts';

// Not client.ts's: the HTTP thread need not load PGlite's code at all.

/** The server's connections to its embedded database. */
const POOL_CONNECTIONS = 4;
/** Connections the socket accepts: the server's, and the backup tools' while it runs. */
const SOCKET_CONNECTIONS = 8;
/**
 * PostgreSQL's shared buffers in the embedded database: its default, 128 MB, is about half the memory of a
 * process running PGlite, and PGlite reads its files through the system's cache anyway.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';
/** How long a clean stop may take (closing PGlite writes its folder). */
const STOP_TIMEOUT_MS = 30_000;
/** A Unix socket path longer than this is refused by the system (sun_path is 104-108 bytes). */
const SOCKET_PATH_MAX = 103;

export class DataFolderInUseError extends Error {}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  /**
   * Called when the database thread ends without close() (a crash): the server cannot go on. By default
   * it prints the reason and ends the process with exit code 1.
   */
  onUnexpectedExit?: (reason: string) => void;
}

/** The lock of the data folder: `<dataDir>/run/server.pid`, holding the owner's process id. */
export const embeddedLockPath = (dataDir: string) => path.join(embeddedSocketDir(dataDir), 'server.pid');

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function takeLock(dataDir: string): () => void {
  const file = embeddedLockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      // Removed meanwhile: try again.
    }
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataFolderInUseError(
        `Another server (process ${owner}) is using the data folder ${dataDir}: stop it first, or give this one another DATA_DIR. (If no such server runs, delete ${file}.)`,
      );
    }
    // A killed run's lock (or a process id since reused by this very process after a restart).
    rmSync(file, { force: true });
  }
  throw new DataFolderInUseError(`Could not take the lock ${file} of the data folder ${dataDir}.`);
}

type WorkerMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'failed'; message: string };

/** Opens the data folder's embedded database in its worker thread, migrated, and connects to it. */
export interface EmbeddedDatabase extends OpenedDatabase {
  /** The database's thread: the server watches its end (a crash ends the server, see onUnexpectedExit). */
  thread: Worker;
}

export async function openEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const { dataDir } = options;
  const socketPath = embeddedSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    throw new Error(
      `The data folder's path is too long for the embedded database's socket (${socketPath}, at most ${SOCKET_PATH_MAX} bytes): choose a shorter DATA_DIR.`,
    );
  }
  await mkdir(embeddedSocketDir(dataDir), { recursive: true, mode: 0o700 });
  const releaseLock = takeLock(dataDir);

  const onUnexpectedExit =
    options.onUnexpectedExit ??
    ((reason: string) => {
      console.error(`The embedded database stopped unexpectedly: ${reason}. The server stops.`);
      process.exit(1);
    });

  const worker = new Worker(fromRoot('server', 'db', 'embedded', 'worker.mjs'), {
    workerData: {
      dataDir,
      pgliteDir: embeddedDataDir(dataDir),
      socketDir: embeddedSocketDir(dataDir),
      socketPath,
      migrationsFolder,
      maxConnections: SOCKET_CONNECTIONS,
      sharedBuffers: EMBEDDED_SHARED_BUFFERS,
    },
  });
  let closing = false;
  let lastError = '';
  const listeners = new Set<(message: WorkerMessage) => void>();
  worker.on('message', (message: WorkerMessage) => {
    for (const listener of listeners) listener(message);
  });
  worker.on('error', (error) => {
    lastError = error.message;
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const next = (): Promise<WorkerMessage> =>
    new Promise((resolve, reject) => {
      const listener = (message: WorkerMessage) => {
        listeners.delete(listener);
        resolve(message);
      };
      listeners.add(listener);
      void exited.then((code) => {
        listeners.delete(listener);
        reject(new Error(lastError || `the embedded database's thread ended (code ${code})`));
      });
    });

  let pool: pg.Pool | undefined;
  try {
    const started = await next();
    if (started.type !== 'ready') {
      throw new Error(
        `The embedded database could not start: ${started.type === 'failed' ? started.message : started.type}`,
      );
    }
    void exited.then((code) => {
      if (!closing) {
        releaseLock();
        onUnexpectedExit(lastError || `its thread ended with code ${code}`);
      }
    });
    // PGlite is one session, and the socket server keeps it so: a transaction's queries run one after the
    // other with no other connection's in between, and the others wait in its queue. Several connections
    // keep that queue full, so PGlite does not idle while this thread hands a result over (about 1.4x the
    // throughput of one connection). As with PGlite in-process, code must never use `db` inside
    // `db.transaction` (it would wait for itself): it passes `tx` down.
    pool = new pg.Pool({
      host: embeddedSocketDir(dataDir),
      port: EMBEDDED_SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      max: POOL_CONNECTIONS,
      idleTimeoutMillis: 0,
    });
    pool.on('error', (error) => console.error(`Embedded database connection lost: ${error.message}`));
    const client = await pool.connect();
    client.release();
  } catch (error) {
    closing = true;
    await pool?.end().catch(() => undefined);
    await worker.terminate();
    releaseLock();
    throw error;
  }
  const connected = pool;

  let closed: Promise<void> | undefined;
  const close = async () => {
    closing = true;
    await connected.end();
    try {
      worker.postMessage({ type: 'stop' });
      const stopped = await Promise.race([
        next(),
        new Promise<WorkerMessage>((resolve) =>
          setTimeout(
            () => resolve({ type: 'failed', message: 'it did not stop in time' }),
            STOP_TIMEOUT_MS,
          ).unref(),
        ),
      ]);
      if (stopped.type === 'failed')
        throw new Error(`The embedded database did not stop cleanly: ${stopped.message}`);
    } finally {
      await worker.terminate();
      releaseLock();
    }
  };
  return {
    db: drizzleNodePg({ client: connected, schema }),
    kind: 'pglite',
    close: () => {
      closed ??= close();
      return closed;
    },
    thread: worker,
  };
}
