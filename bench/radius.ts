/**
 * The gateway's RADIUS server under load (issue 30), `npm run bench -- radius`:
 * - a test OpenLDAP with 10,000 users, all synchronised into one LDAP directory of a customer (rows written
 *   as a synchronisation leaves them), a token pack whose plan covers them, a started VPN service whose
 *   RADIUS connector is 127.0.0.1, 5,000 users on its 2FA bypass list and OTP secrets for the other 5,000;
 * - 20 RADIUS clients in a process of their own (bench/radiusClients.ts), 200 Access-Requests a second for
 *   20 s, half bypass users', half challenge conversations with the right code; then 100 and 50 a second
 *   for 10 s each, to tell what this machine sustains;
 * - the round trips (from when each request was due), the requests without an answer, what the server
 *   counted, its RSS before and after, and its CPU per answer.
 * The server runs in this process (the app as `npm start` builds it, with its RADIUS listener on a free
 * port), on the embedded database as `npm start` runs it (PGlite in a thread of its own, reached over its
 * socket), then on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server where the bench may
 * create a database.
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CONNECTOR_TYPE_IDS } from '../contract/connector.ts';
import { buildApp, listeningPorts } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { openEmbeddedDatabase } from '../server/db/embedded/index.ts';
import { otpCodes, radiusConnectors, serviceConnectors, serviceUsers } from '../server/db/schema.ts';
import { newTotpSeed } from '../server/domain/enrollment/totp.ts';
import { createSealer } from '../server/domain/secrets.ts';
import { ensureSeed } from '../server/seed.ts';
import { type Slapd, startSlapd } from '../test/support/slapd.ts';
import { benchWorld } from './gatewayWorld.ts';
import { percentile, verdict } from './measure.ts';
import { CLIENTS, type LoadJob, type Outcome, RATE, SECONDS, type World } from './radiusClients.ts';

const USERS = 10_000;
/** Lower rates, 10 s each, run after the target's to tell what this machine sustains. */
const LOWER_RATES = [100, 50];
const TARGETS = { p99: 50, rssGrowthMiB: 50 };

const mib = (bytes: number) => bytes / 1024 / 1024;

/** A full garbage collection (V8's gc, made reachable for this process without --expose-gc). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The customer's world, written as the portal's calls and a synchronisation leave it. */
export async function seedWorld(db: Database, secretsKey: string, slapd: Slapd): Promise<World> {
  const sealer = createSealer(secretsKey);
  const { customerId, serviceId, users: made } = await benchWorld(db, slapd, USERS, 'VPN');
  const secret = randomBytes(12).toString('hex');
  const [connector] = await db
    .insert(radiusConnectors)
    .values({ customerId, name: 'Bench VPN', ipAddress: '127.0.0.1', sharedSecret: sealer.seal(secret) })
    .returning();
  await db.insert(serviceConnectors).values({
    serviceInstanceId: serviceId,
    customerId,
    typeId: CONNECTOR_TYPE_IDS.radius,
    connectorId: connector!.id,
    kind: 'radius',
  });
  const half = made.length / 2;
  const bypass = made.slice(0, half);
  const challenged = made.slice(half).map((user) => ({ ...user, seed: newTotpSeed() }));
  for (let start = 0; start < bypass.length; start += 2000) {
    await db.insert(serviceUsers).values(
      bypass.slice(start, start + 2000).map((user) => ({
        serviceInstanceId: serviceId,
        userId: user.id,
        list: 'BYPASS' as const,
      })),
    );
  }
  for (let start = 0; start < challenged.length; start += 2000) {
    await db.insert(otpCodes).values(
      challenged.slice(start, start + 2000).map((user) => ({
        customerId,
        serviceInstanceId: serviceId,
        userId: user.id,
        seed: sealer.seal(user.seed),
      })),
    );
  }
  await db.execute(sql`analyze`);
  return {
    secret,
    bypass: bypass.map((user) => user.username),
    challenged: challenged.map(({ username, seed }) => ({ username, seed })),
  };
}

/** Linux's clock ticks a second for /proc's CPU times (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far, in ms (Linux's /proc; 0 elsewhere). */
async function cpuOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** This process's CPU time since `before`, in ms. */
const cpuMsSince = (before: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

/**
 * With BENCH_CPU_PROFILE=<folder>, a CPU profile of this process (the server's thread) over the target's run,
 * written there as radius-<label>.cpuprofile (open it in Chromium's DevTools, Performance panel).
 */
async function startProfile(label: string) {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return undefined;
  const session = new Session();
  session.connect();
  const post = <T>(method: string) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: object }>('Profiler.stop');
      session.disconnect();
      const file = path.join(folder, `radius-${label}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      console.log(`radius ${label}: CPU profile written to ${file}`);
    },
  };
}

/**
 * The RADIUS clients of bench/radiusClients.ts, in a process of their own that runs every load of a
 * measure (see there): `load` sends one job and resolves with its outcome.
 */
function startClients() {
  const child = fork(fileURLToPath(new URL('./radiusClients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  let failed: Error | undefined;
  const waiting = new Set<(error: Error) => void>();
  const fail = (error: Error) => {
    failed = error;
    for (const reject of waiting) reject(error);
  };
  child.once('error', fail);
  child.once('exit', (code) => fail(new Error(`the RADIUS clients stopped with code ${code}`)));
  return {
    load(port: number, world: World, seconds = SECONDS, rate = RATE): Promise<Outcome> {
      return new Promise((resolve, reject) => {
        if (failed) return reject(failed);
        waiting.add(reject);
        child.once('message', (outcome) => {
          waiting.delete(reject);
          resolve(outcome as Outcome);
        });
        child.send({ port, world, seconds, rate } satisfies LoadJob);
      });
    },
    close() {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}

async function measure(label: string, db: Database, secretsKey: string, slapd: Slapd, dataDir: string) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SECRETS_KEY: secretsKey,
    INITIAL_OPERATOR_PASSWORD: 'Bench-Gateway-1',
    OUTBOUND_ALLOW: '127.0.0.0/8',
  });
  await ensureSeed(db, config, () => undefined);
  const world = await seedWorld(db, secretsKey, slapd);
  const app = buildApp({
    db,
    config: {
      ...config,
      radius: { host: '127.0.0.1', port: 0, pushTimeoutSec: 25, rejectDelayMs: 0, maxPending: 64 },
    },
  });
  await app.ready();
  const clients = startClients();
  try {
    const port = listeningPorts.get(app)!.radius!;
    // A short warm-up (connections to the directory, the database's caches, the clients' compiled code), not
    // counted.
    await clients.load(port, { ...world, challenged: world.challenged.slice(0, 100) }, 2);
    // RSS after a full collection on both sides, so that the seeding's garbage is not counted either way.
    collectGarbage();
    const before = process.memoryUsage().rss;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const profiling = await startProfile(label);
    const cpuBefore = { server: process.cpuUsage(), slapd: await cpuOf(slapd.pid), at: performance.now() };
    const outcome = await clients.load(port, { ...world, challenged: world.challenged.slice(100) });
    const cpuMs = {
      server: cpuMsSince(cpuBefore.server),
      slapd: (await cpuOf(slapd.pid)) - cpuBefore.slapd,
      wall: performance.now() - cpuBefore.at,
    };
    await profiling?.stop();
    loop.disable();
    collectGarbage();
    const after = process.memoryUsage().rss;
    const p99 = percentile(outcome.latencies, 99);
    const growth = mib(after - before);
    const line = (text: string) => console.log(`radius ${label}: ${text}`);
    line(
      `${outcome.sent} requests in ${SECONDS} s (${RATE}/s from ${CLIENTS} clients): p50 ${percentile(outcome.latencies, 50).toFixed(1)} ms, p95 ${percentile(outcome.latencies, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target ${TARGETS.p99} ms: ${verdict(p99 <= TARGETS.p99)}), slowest ${Math.max(...outcome.latencies).toFixed(0)} ms`,
    );
    line(
      `p99 by kind of request: ${Object.entries(outcome.byKind)
        .map(([kind, latencies]) => `${kind} ${percentile(latencies, 99).toFixed(1)} ms`)
        .join(', ')}`,
    );
    line(
      `answered ${outcome.latencies.length}, lost ${outcome.lost} (target 0: ${verdict(outcome.lost === 0)}), wrong answers ${outcome.wrong}`,
    );
    const counters = (await app.inject({ url: '/metrics' })).body
      .split('\n')
      .filter((row) => /^radius_(requests|dropped|retransmissions)_total/.test(row));
    line(`the server counted: ${counters.join(', ') || 'nothing'}`);
    line(
      `CPU over the run, of ${((os.availableParallelism() * cpuMs.wall) / 1000).toFixed(0)} s of ${os.availableParallelism()} cores: the server ${(cpuMs.server / 1000).toFixed(1)} s${label === 'PGlite' ? " (PGlite's thread in it)" : ''}, slapd ${(cpuMs.slapd / 1000).toFixed(1)} s, the clients ${(outcome.cpuMs / 1000).toFixed(1)} s${label === 'PostgreSQL' ? ', PostgreSQL not counted' : ''}`,
    );
    line(
      `the server's event loop meanwhile: delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(0)} ms`,
    );
    line(
      `RSS ${mib(before).toFixed(0)} → ${mib(after).toFixed(0)} MiB, growth ${growth.toFixed(1)} MiB (target ${TARGETS.rssGrowthMiB}: ${verdict(growth <= TARGETS.rssGrowthMiB)})`,
    );
    // Each conversation's user once: the target's run used at most RATE * SECONDS / 4 of them.
    let next = 100 + (RATE * SECONDS) / 4;
    for (const rate of LOWER_RATES) {
      const users = (rate * 10) / 4;
      const cpu = process.cpuUsage();
      const lower = await clients.load(
        port,
        { ...world, challenged: world.challenged.slice(next, next + users) },
        10,
        rate,
      );
      next += users;
      const cpuPerAnswer = cpuMsSince(cpu) / Math.max(1, lower.latencies.length);
      line(
        `at ${rate}/s for 10 s: p50 ${percentile(lower.latencies, 50).toFixed(1)} ms, p99 ${percentile(lower.latencies, 99).toFixed(1)} ms, lost ${lower.lost}, wrong answers ${lower.wrong}; the server's CPU ${cpuPerAnswer.toFixed(1)} ms an answer${label === 'PGlite' ? " (PGlite's thread in it)" : ''}`,
      );
    }
  } finally {
    clients.close();
    await app.close();
  }
}

export async function radiusFigures(): Promise<void> {
  const slapd = await startSlapd({ users: USERS });
  const secretsKey = randomBytes(32).toString('base64url');
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-radius-'));
    try {
      const opened = await openEmbeddedDatabase({ dataDir });
      try {
        await measure('PGlite', opened.db, secretsKey, slapd, dataDir);
      } finally {
        await opened.close();
      }
      const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
      if (!url) {
        console.log(
          'radius PostgreSQL: skipped (set BENCH_DATABASE_URL to a server where the bench may create a database)',
        );
        return;
      }
      const name = `bench_radius_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const target = new URL(url);
        target.pathname = `/${name}`;
        const postgres = await openDatabase({ databaseUrl: target.toString() });
        try {
          await measure('PostgreSQL', postgres.db, secretsKey, slapd, dataDir);
        } finally {
          await postgres.close();
        }
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    await slapd.stop();
  }
}
