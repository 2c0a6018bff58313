import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openEmbeddedDatabase } from './db/embedded/index.ts';
import { shareInstanceSecrets } from './db/startupLock.ts';
import { serializeError } from './logging.ts';
import { ensureSeed } from './seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database runs in a thread of its own, off the HTTP event loop (db/embedded/index.ts).
  // client.ts is loaded for PostgreSQL only: it brings PGlite's code, which the embedded mode keeps in its thread.
  const database = config.databaseUrl
    ? await (await import('./db/client.ts')).openDatabase({ databaseUrl: config.databaseUrl })
    : await openEmbeddedDatabase({ dataDir: config.dataDir });
  try {
    await ensureSeed(database.db, config, (line) => console.log(line));
    // Several servers on one PostgreSQL sign with one secret, kept in the database (README).
    await shareInstanceSecrets(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }

  // Secrets are kept out of the log whatever the level: see logging.ts.
  const app = buildApp({ db: database.db, config, logger: { level: 'info' } });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, stopping`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'could not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(`${config.productName} is ready at http://${host}:${port}/ (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  // A failed query's message would carry its parameters (the seed writes a password hash).
  console.error(`The server could not start: ${serializeError(error).message}`);
  process.exit(1);
});
