/**
 * The embedded database off the HTTP event loop (issue 16): the server as `npm start` runs it on PGlite
 * (its bundle, build/server/main.js, in a process of its own), its database in a worker thread behind a
 * Unix socket in the data folder.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { sql as sqlTag } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureServerBuilt } from '../../../scripts/buildServer.mjs';
import { freePort, ROOT } from '../../../scripts/localPortal.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { embeddedLockPath, openEmbeddedDatabase } from '../../../server/db/embedded/index.ts';
import { EMBEDDED_SOCKET_PORT, embeddedSocketDir, embeddedSocketPath } from '../../../server/db/location.ts';
import { LONG_TEST_BOUND_MS } from '../../support/bounds.ts';

const run = promisify(execFile);

interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server's bundle on PGlite with `dataDir`, on a free port; resolves once it answers, or once it exits. */
async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [await ensureServerBuilt()], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      RADIUS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      INITIAL_OPERATOR_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = { url, child, output: () => output, exited };
  const deadline = Date.now() + LONG_TEST_BOUND_MS / 3;
  while (child.exitCode === null && Date.now() < deadline) {
    if (output.includes(' is ready at ')) return started;
    await sleep(100);
  }
  return started;
}

const stop = async (server: Started) => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
};

/** SQL through the running server's socket, as the backup tools reach it. */
async function sql<T>(dataDir: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({
    host: embeddedSocketDir(dataDir),
    port: EMBEDDED_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const timed = async (work: () => Promise<Response>) => {
  const start = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
};

describe('the embedded database in a worker thread', { timeout: LONG_TEST_BOUND_MS }, () => {
  let dataDir: string;
  let server: Started;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-embedded-'));
    server = await startServer(dataDir);
    expect(server.output()).toContain('(database: pglite)');
  }, LONG_TEST_BOUND_MS);

  afterAll(async () => {
    if (server) await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers what needs no database while the database runs a 2 s query', async () => {
    // Warm both routes first.
    await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`).then((response) =>
      response.arrayBuffer(),
    );
    let queryDone = false;
    const busy = sql(dataDir, 'select pg_sleep(2)').then(() => {
      queryDone = true;
    });
    await sleep(300);
    const signIn = timed(() =>
      fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'nobody@example.com', password: 'Not-The-Password-1' }),
      }),
    );
    await sleep(100);
    const file = await timed(() => fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`));
    // Served while the query runs: in-process PGlite would hold the event loop until the query ends.
    expect(file).toMatchObject({ status: 200 });
    expect(queryDone).toBe(false);
    // While a sign-in, which reads the database, waited for the same database: it answers after the query.
    const answered = await signIn;
    expect(answered.status).toBe(401);
    expect(queryDone).toBe(true);
    await busy;
  });

  it('keeps the queries of several socket connections apart', async () => {
    // The server's own connection and a tool's: each parameterized query is several protocol messages.
    const clients = Array.from(
      { length: 3 },
      () =>
        new pg.Client({
          host: embeddedSocketDir(dataDir),
          port: EMBEDDED_SOCKET_PORT,
          user: 'postgres',
          database: 'postgres',
        }),
    );
    await Promise.all(clients.map((client) => client.connect()));
    try {
      // One query at a time on each connection (as node-postgres runs them), the connections at once.
      const answers = await Promise.all(
        clients.map(async (client, c) => {
          const rows: unknown[] = [];
          for (let i = 0; i < 40; i++) {
            rows.push((await client.query(`select $1::int as n, '${c}'::text as c`, [c * 1000 + i])).rows[0]);
          }
          return rows;
        }),
      );
      expect(answers).toEqual(
        clients.map((_, c) => Array.from({ length: 40 }, (_, i) => ({ n: c * 1000 + i, c: String(c) }))),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it(
    'is backed up through its socket while it runs, and the backup restores',
    async () => {
      await sql(dataDir, `insert into customers (company_name, contact_email) values ($1, $2)`, [
        'Backed Up While Running',
        'running@example.com',
      ]);
      const file = path.join(dataDir, '..', 'running.jsonl.gz');
      const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
      const env = { ...process.env, DATABASE_URL: '' };
      const backup = await run(tsx, ['scripts/backup.ts', file], {
        cwd: ROOT,
        env: { ...env, DATA_DIR: dataDir },
      });
      expect(backup.stdout).toMatch(/Wrote .*running\.jsonl\.gz/);
      const restoredDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-restored-'));
      try {
        const restore = await run(tsx, ['scripts/restore.ts', file], {
          cwd: ROOT,
          env: { ...env, DATA_DIR: restoredDir },
        });
        expect(restore.stdout).toMatch(/Restored the backup of/);
        const restored = await openDatabase({ dataDir: restoredDir });
        try {
          const answer = (await restored.db.execute(
            sqlTag`select count(*)::int as count from customers where company_name = 'Backed Up While Running'`,
          )) as unknown as { rows: { count: number }[] };
          expect(answer.rows).toEqual([{ count: 1 }]);
        } finally {
          await restored.close();
        }
      } finally {
        await rm(restoredDir, { recursive: true, force: true });
        await rm(file, { force: true });
      }
    },
    LONG_TEST_BOUND_MS,
  );

  it('refuses a second server on the same data folder, and the first goes on', async () => {
    const second = await startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is using the data folder ${dataDir}`);
    const answer = await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(answer.status).toBe(200);
    expect(await sql(dataDir, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('stops on SIGTERM with exit code 0, and keeps what was written for the next start', async () => {
    await sql(dataDir, `insert into customers (company_name, contact_email) values ($1, $2)`, [
      'Kept Across Restarts',
      'kept@example.com',
    ]);
    expect(await stop(server)).toBe(0);
    expect(server.output()).toContain('SIGTERM received, stopping');
    expect(existsSync(embeddedSocketPath(dataDir))).toBe(false);
    expect(existsSync(embeddedLockPath(dataDir))).toBe(false);

    server = await startServer(dataDir);
    expect(server.output()).toContain(' is ready at ');
    expect(
      await sql(dataDir, 'select contact_email from customers where company_name = $1', [
        'Kept Across Restarts',
      ]),
    ).toEqual([{ contact_email: 'kept@example.com' }]);
  });

  it('starts after a killed run, whose lock and socket are left behind', async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    expect(existsSync(embeddedLockPath(dataDir))).toBe(true);
    expect(existsSync(embeddedSocketPath(dataDir))).toBe(true);

    server = await startServer(dataDir);
    expect(server.output()).toContain(' is ready at ');
    expect(
      await sql(dataDir, 'select count(*)::int as n from customers where company_name = $1', [
        'Kept Across Restarts',
      ]),
    ).toEqual([{ n: 1 }]);
  });
});

describe('a database thread that ends on its own', { timeout: LONG_TEST_BOUND_MS }, () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-crash-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is reported, frees the data folder, and what was committed before is there at the next start', async () => {
    const reasons: string[] = [];
    const first = await openEmbeddedDatabase({ dataDir, onUnexpectedExit: (reason) => reasons.push(reason) });
    await first.db.execute(
      sqlTag`insert into customers (company_name, contact_email) values ('Before The Crash', 'crash@example.com')`,
    );
    // The thread dies without being asked to stop (as on an abort inside PGlite).
    await first.thread.terminate();
    await vi.waitFor(() => expect(reasons).toHaveLength(1));
    expect(reasons[0]).toMatch(/ended with code 1/);
    expect(existsSync(embeddedLockPath(dataDir))).toBe(false);
    await expect(first.db.execute(sqlTag`select 1`)).rejects.toThrow();

    const second = await openEmbeddedDatabase({ dataDir });
    try {
      expect(
        await sql(dataDir, 'select contact_email from customers where company_name = $1', [
          'Before The Crash',
        ]),
      ).toEqual([{ contact_email: 'crash@example.com' }]);
    } finally {
      await second.close();
    }
  });
});
