/**
 * `npm run bench`: speed and memory of the server on this machine, measured rather than asserted.
 * - first start: open a new on-disk PGlite database, migrate it and seed it (what `npm start` does once);
 * - restart: the same on an existing database;
 * - sign-in: POST /api/auth/signin (one scrypt hash check each), sequential;
 * - a signed-in call: GET /api/account/permission (token check, session and permissions read).
 * Prints one line per measure; the numbers are for comparing changes on the same machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { ensureSeed } from '../server/domain/seed.ts';

const SIGN_INS = 20;
const CALLS = 300;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const password = 'Bench-Operator-1';
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    INITIAL_OPERATOR_PASSWORD: password,
  });
  const silent = () => undefined;
  try {
    const [first, firstMs] = await timed(async () => {
      const opened = await openDatabase({ dataDir: config.dataDir });
      await ensureSeed(opened.db, config, silent);
      return opened;
    });
    console.log(
      `first start (new PGlite database, migrate, seed): ${ms(firstMs)}, rss ${mib(process.memoryUsage().rss)}`,
    );
    await first.close();

    const [opened, restartMs] = await timed(async () => {
      const again = await openDatabase({ dataDir: config.dataDir });
      await ensureSeed(again.db, config, silent);
      return again;
    });
    console.log(`restart (existing database): ${ms(restartMs)}, rss ${mib(process.memoryUsage().rss)}`);

    const app = buildApp({ db: opened.db, config });
    await app.ready();
    const signInTimes: number[] = [];
    let token = '';
    for (let i = 0; i < SIGN_INS; i++) {
      const [answer, took] = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { login: config.initialOperatorEmail, password },
        }),
      );
      if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
      token = answer.json().token;
      signInTimes.push(took);
    }
    console.log(
      `sign-in x${SIGN_INS}: median ${ms(percentile(signInTimes, 50))}, p95 ${ms(percentile(signInTimes, 95))}`,
    );

    const callTimes: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const [answer, took] = await timed(() =>
        app.inject({
          method: 'GET',
          url: '/api/account/permission?flattern=1',
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      if (answer.statusCode !== 200) throw new Error(`permission call failed: ${answer.body}`);
      callTimes.push(took);
    }
    console.log(
      `signed-in call (permission list) x${CALLS}: median ${ms(percentile(callTimes, 50))}, p95 ${ms(percentile(callTimes, 95))}, rss ${mib(process.memoryUsage().rss)}`,
    );
    await app.close();
    await opened.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
