// The embedded database's thread (server/db/embedded/index.ts starts it): it owns the one PGlite instance of
// the data folder, brings its schema up to date, and serves it to the server's main thread (and to the
// backup tools) over a Unix socket with the PostgreSQL wire protocol. Plain JavaScript, so that the thread
// loads no TypeScript compiler: it holds little besides PGlite itself.
import { mkdirSync, rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** @type {{ dataDir: string, pgliteDir: string, socketDir: string, socketPath: string, migrationsFolder: string, maxConnections: number, sharedBuffers: string }} */
const options = workerData;

/** Frontend messages after which a connection's exchange is complete (Sync, simple Query, Terminate). */
const ENDS_EXCHANGE = new Set(['S', 'Q', 'X']);

/**
 * PGlite is one session. pglite-socket queues the clients' messages one by one and keeps an open transaction
 * to its connection, but an extended query (Parse, Bind, Describe, Execute… up to Sync) is several messages:
 * another connection's Parse in between would replace its unnamed statement. This view of the database says
 * "in a transaction" from a connection's first extended-query message to its Sync, so the queue keeps to
 * that connection until its exchange is complete.
 */
function exchangeAware(db) {
  let midExchange = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'isInTransaction') return () => midExchange || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return (message, streamOptions) => {
          const type = message.length > 0 && message[0] !== 0 ? String.fromCharCode(message[0]) : '';
          midExchange = type !== '' && !ENDS_EXCHANGE.has(type);
          return target.execProtocolRawStream(message, streamOptions);
        };
      }
      if (property === 'exec') {
        // The queue's ROLLBACK for a connection that went away mid-exchange.
        return (...args) => {
          midExchange = false;
          return target.exec(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let pglite;
let server;

async function start() {
  // PGlite does not create the parent folder of its data directory.
  mkdirSync(options.dataDir, { recursive: true });
  mkdirSync(options.socketDir, { recursive: true, mode: 0o700 });
  pglite = new PGlite(options.pgliteDir, {
    extensions: { pg_trgm },
    // Smaller than PostgreSQL's 128 MB default: see EMBEDDED_SHARED_BUFFERS in index.ts. A new WAL file not
    // filled with zeroes first: PGlite writes its 16 MB through its file system's JavaScript layer, and the
    // commit that began the file waited for it (70-80 ms each time, measured with `npm run bench -- radius`:
    // every sign-in behind that commit waited too).
    startParams: [
      ...(PGlite.defaultStartParams ?? []),
      '-c',
      `shared_buffers=${options.sharedBuffers}`,
      '-c',
      'wal_init_zero=off',
    ],
  });
  await pglite.waitReady;
  await migrate(drizzle({ client: pglite }), { migrationsFolder: options.migrationsFolder });
  // The caller holds the data folder's lock: a socket file left here is a killed run's.
  rmSync(options.socketPath, { force: true });
  server = new PGLiteSocketServer({
    db: exchangeAware(pglite),
    path: options.socketPath,
    maxConnections: options.maxConnections,
  });
  await server.start();
}

async function stop() {
  await server?.stop();
  rmSync(options.socketPath, { force: true });
  // Closing flushes the database to its folder.
  if (pglite && !pglite.closed) await pglite.close();
}

parentPort.on('message', (message) => {
  if (message?.type !== 'stop') return;
  stop().then(
    () => parentPort.postMessage({ type: 'stopped' }),
    (error) => parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) }),
  );
});

start().then(
  () => parentPort.postMessage({ type: 'ready' }),
  async (error) => {
    const message = String(error?.message ?? error);
    await stop().catch(() => undefined);
    parentPort.postMessage({ type: 'failed', message });
  },
);
