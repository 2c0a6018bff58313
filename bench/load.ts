/**
 * The server under load (issue 16), as `npm start` runs it (scripts/start.mjs, in a process of its own):
 * - a new data folder seeded with 2,000 customers (one SQL statement through the embedded database's socket);
 * - a mix of reads and writes: customer list searches, customer reads, the operator's permissions, a
 *   customer profile update (a write with its audit entry), the provider's audit list;
 * - open loop: 50 clients paced to 100 requests a second in all on PGlite (200 on PostgreSQL), each
 *   request's latency counted from when it was due, so a server that falls behind is not excused;
 * - closed loop: 50 clients, each sending as soon as it is answered, for the throughput;
 * - memory: the first start's peak RSS (VmHWM), and the idle RSS after a restart (IDLE_MS without a
 *   request) against a process that only opens PGlite on the same folder, measured the same way;
 * - the same open loop from outside: a process of its own (bench/loadClient.ts) whose clients each keep one
 *   node:http connection alive, as an outside load generator would;
 * - where the CPU goes in each loop, per answered request: the bench's clients (this process), the server's
 *   HTTP thread, its database thread, the rest (issue 33: why a client outside sees more than the server's
 *   own time).
 * Windows are 20 s (open loop) and 15 s (closed loop) rather than the issue's 30 s, to keep the part near
 * two minutes. PostgreSQL is measured when BENCH_DATABASE_URL (or DATABASE_URL) names a server where the
 * bench may create a database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../scripts/localPortal.ts';
import { EMBEDDED_SHARED_BUFFERS } from '../server/db/embedded/index.ts';
import { EMBEDDED_SOCKET_PORT, embeddedDataDir, embeddedSocketDir } from '../server/db/location.ts';
import { type LoadRow, requestOf } from './loadMix.ts';
import { percentile, runScript, verdict } from './measure.ts';
import { api, OPERATOR, operatorToken, ROOT, type RunningServer } from './servers.ts';

const CUSTOMERS = 2000;
const CLIENTS = 50;
const OPEN_SECONDS = 20;
const CLOSED_SECONDS = 15;
const RATES = { pglite: 100, postgres: 200, pgliteHeadroom: 200 };
const HEADROOM_SECONDS = 10;
/** Issue 33: the paced load's p99 measured from outside, on a quiet machine (a shared one should meet TARGETS.p99). */
const OUTSIDE_P99_TARGET = 50;
const TARGETS = { p99: 100, slowestPglite: 500, throughputRatio: 2, idleRatio: 1.1 };
/**
 * The issue's figures before the change (PGlite in the HTTP thread), from a heavier mix than this bench's:
 * the "today's" ratios below compare with them, as the issue asks.
 */
const TODAY = {
  pgliteThroughput: 125.5,
  pgliteP50: 360,
  pgliteP99: 1000,
  pgliteSlowest: 9500,
  postgresThroughput: 297,
  firstStartPeakMiB: 1000,
  idleRatio: 1.2,
};

/**
 * This bench's own mix against the in-process design (server/main.ts before issue 16, seeded through the
 * API), on this machine, two runs: a fairer comparison than TODAY's, printed beside it.
 */
const IN_PROCESS = {
  openP99: '17-34 ms',
  openSlowest: '39-76 ms',
  headroomP99: '1,612 ms',
  headroomSlowest: '1,756 ms',
  throughput: '224-253 req/s',
  closedP99: '442-471 ms',
  closedSlowest: '690-4,227 ms',
  idle: '459-501 MiB, 1.46-1.69x',
};

const mib = (kb: number) => kb / 1024;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM). */
const procStatus = (pid: number, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
};

/**
 * CPU time (ms) of each thread of a process so far, by thread id: utime + stime of /proc/<pid>/task/<tid>/stat,
 * in clock ticks of 10 ms (USER_HZ is 100 on Linux).
 */
const threadCpu = (pid: number): Map<string, number> => {
  const times = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return times;
};

/** Where a window's CPU went, in ms per answered request. */
interface CpuSplit {
  client: number;
  http: number;
  database: number;
  others: number;
}

/**
 * Measures `run`'s CPU by thread: the bench's own process (the clients), the server's main thread (HTTP,
 * the app, node-postgres), its busiest other thread (the embedded database's worker; on PostgreSQL, none
 * of note), and the rest (libuv's pool, V8's helpers). On two cores the sum bounds the throughput.
 */
async function withCpu<F extends Figures & { clientMs?: number }>(
  pid: number,
  run: () => Promise<F>,
): Promise<F & { cpu: CpuSplit }> {
  const before = threadCpu(pid);
  const clientBefore = process.cpuUsage();
  const figures = await run();
  const client = process.cpuUsage(clientBefore);
  const after = threadCpu(pid);
  const spent = [...after].map(([tid, total]) => [tid, total - (before.get(tid) ?? 0)] as const);
  const http = spent.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const rest = spent.filter(([tid]) => tid !== String(pid)).map(([, time]) => time);
  const database = Math.max(0, ...rest);
  const others = rest.reduce((sum, time) => sum + time, 0) - database;
  const per = (time: number) => time / Math.max(1, figures.count);
  return {
    ...figures,
    cpu: {
      client: per(figures.clientMs ?? (client.user + client.system) / 1000),
      http: per(http),
      database: per(database),
      others: per(others),
    },
  };
}

const describeCpu = ({ cpu }: { cpu: CpuSplit }) =>
  `  CPU per request: clients ${cpu.client.toFixed(2)} ms, server's HTTP thread ${cpu.http.toFixed(2)} ms, its busiest other thread ${cpu.database.toFixed(2)} ms, the rest ${cpu.others.toFixed(2)} ms; ${(cpu.client + cpu.http + cpu.database + cpu.others).toFixed(2)} ms in all, on ${os.availableParallelism()} cores`;

interface Server extends RunningServer {
  pid: number;
}

/** scripts/start.mjs on a free port and the given data folder (kept after stop, unlike bench/servers.ts). */
async function startServer(dataDir: string, databaseUrl = ''): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: '',
      INITIAL_OPERATOR_EMAIL: OPERATOR.email,
      INITIAL_OPERATOR_PASSWORD: OPERATOR.password,
      RADIUS_PORT: process.env.RADIUS_PORT ?? '0',
      // Required on PostgreSQL (stored secrets are sealed with it).
      ...(databaseUrl ? { SECRETS_KEY: randomBytes(48).toString('base64') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server logs every request: keep only the end, for the error message.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    const ready = await fetch(`${url}/login`, { headers: { accept: 'text/html' } }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, stop, pid: child.pid! };
    await sleep(100);
  }
}

/** 2,000 customers in one statement, straight into the database the server uses. */
async function seed(connection: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query(
      `insert into customers (company_name, contact_email, contact_phone)
       select 'Load Company ' || lpad(n::text, 4, '0'), 'contact-' || n || '@load.example', '+84 28 ' || (1000 + n)
       from generate_series(1, $1::int) as n`,
      [CUSTOMERS],
    );
    await client.query('analyze customers');
  } finally {
    await client.end();
  }
}

interface Mix {
  /** Sends the n-th request of the mix (bench/loadMix.ts); throws unless it succeeded. */
  send: (n: number) => Promise<void>;
  token: string;
  rows: LoadRow[];
}

async function mixFor(server: Server): Promise<Mix> {
  const token = await operatorToken(server);
  const found = await api<{ content?: LoadRow[]; contents?: LoadRow[] }>(server, '/customer/search', {
    token,
    json: { page: 0, limit: 1000, filters: { q: 'Load Company' } },
  });
  const rows = (found.content ?? found.contents ?? []).map(({ id, companyName, contactEmail }) => ({
    id,
    companyName,
    contactEmail,
  }));
  if (rows.length < 100) throw new Error(`the seeded customers were not found (${rows.length})`);
  return {
    token,
    rows,
    send: async (n) => {
      const { method, route, body } = requestOf(n, rows);
      const response = await fetch(`${server.url}/api${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
    },
  };
}

interface Figures {
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  slowest: number;
}

const figuresOf = (latencies: number[], errors: number, seconds: number): Figures => ({
  count: latencies.length,
  errors,
  perSecond: latencies.length / seconds,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  slowest: Math.max(0, ...latencies),
});

/** 50 clients paced to `rate` requests a second in all; latency from each request's due time. */
async function openLoop(mix: Mix, rate: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const total = rate * seconds;
  const start = performance.now() + 50;
  const client = async (c: number) => {
    for (let n = c; n < total; n += CLIENTS) {
      const due = start + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      try {
        await mix.send(n);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - due);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return figuresOf(latencies, errors, (performance.now() - start) / 1000);
}

/**
 * The same paced load from a process of its own (bench/loadClient.ts): 50 clients each on one kept-alive
 * node:http connection. Its figures stand beside the in-process ones; `clientMs` is its process's CPU.
 */
async function outsideOpenLoop(
  server: Server,
  mix: Mix,
  rate: number,
  seconds: number,
): Promise<Figures & { clientMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/loadClient.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOAD_CLIENT: JSON.stringify({
        url: server.url,
        token: mix.token,
        rows: mix.rows,
        clients: CLIENTS,
        rate,
        seconds,
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`the outside client failed (${code}): ${output}`);
  const result = JSON.parse(line) as { latencies: number[]; errors: number; seconds: number; cpuMs: number };
  return { ...figuresOf(result.latencies, result.errors, result.seconds), clientMs: result.cpuMs };
}

/** 50 clients, each sending as soon as it is answered, for `seconds`. */
async function closedLoop(mix: Mix, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        await mix.send(next++);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return figuresOf(latencies, errors, (performance.now() - start) / 1000);
}

const ratio = (value: number, today: number) => `${(value / today).toFixed(2)}x today's`;

const describe = (figures: Figures) =>
  `${figures.count} requests (${figures.perSecond.toFixed(0)}/s), p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, slowest ${ms(figures.slowest)}${figures.errors ? `, ${figures.errors} FAILED` : ''}`;

/**
 * Idle: the RSS after IDLE_MS without a request. V8 gives back the memory of its start-up garbage some
 * seconds after a process goes idle (its memory reducer): 3 s after the start the server holds 30-60 MiB
 * that it has returned by 20 s. The server and PGlite alone are measured alike.
 */
const IDLE_MS = 25_000;

/** The RSS of a process that only opens PGlite on the folder and answers one query, after IDLE_MS. */
async function pgliteAloneRss(dataDir: string, sharedBuffers?: string): Promise<number> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
    const db = new PGlite(${JSON.stringify(embeddedDataDir(dataDir))}, {
      extensions: { pg_trgm },
      ${sharedBuffers ? `startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${sharedBuffers}'],` : ''}
    });
    await db.query('select count(*) from customers');
    await new Promise((resolve) => setTimeout(resolve, ${IDLE_MS}));
    const rss = Number(/^VmRSS:\\s+(\\d+)/m.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]);
    await db.close();
    console.log(rss);`;
  const { code, output } = await runScript(script, { cwd: ROOT });
  const rss = Number(output.trim());
  if (code !== 0 || !rss) throw new Error(`PGlite alone failed: ${output}`);
  return rss;
}

async function pglitePart(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-load-'));
  try {
    const server = await startServer(dataDir);
    let first: {
      peak: number;
      open: Figures & { cpu: CpuSplit };
      outside: Figures & { cpu: CpuSplit };
      headroom: Figures;
      closed: Figures & { cpu: CpuSplit };
    };
    try {
      const peak = procStatus(server.pid, 'VmHWM');
      await seed({
        host: embeddedSocketDir(dataDir),
        port: EMBEDDED_SOCKET_PORT,
        user: 'postgres',
        database: 'postgres',
      });
      const mix = await mixFor(server);
      for (let n = 0; n < 50; n++) await mix.send(n);
      const open = await withCpu(server.pid, () => openLoop(mix, RATES.pglite, OPEN_SECONDS));
      const outside = await withCpu(server.pid, () =>
        outsideOpenLoop(server, mix, RATES.pglite, OPEN_SECONDS),
      );
      const headroom = await openLoop(mix, RATES.pgliteHeadroom, HEADROOM_SECONDS);
      const closed = await withCpu(server.pid, () => closedLoop(mix, CLOSED_SECONDS));
      first = { peak, open, outside, headroom, closed };
      console.log(`  RSS after the load: ${mib(procStatus(server.pid, 'VmRSS')).toFixed(0)} MiB`);
    } finally {
      const code = await server.stop();
      if (code !== 0) console.log(`  the server exited with code ${code} on SIGTERM:\n${server.output()}`);
    }

    const again = await startServer(dataDir);
    let idle: number;
    let soonAfter: number;
    try {
      await sleep(3000);
      soonAfter = procStatus(again.pid, 'VmRSS');
      await sleep(IDLE_MS - 3000);
      idle = procStatus(again.pid, 'VmRSS');
    } finally {
      await again.stop();
    }
    const alone = await pgliteAloneRss(dataDir);
    const aloneSameSettings = await pgliteAloneRss(dataDir, EMBEDDED_SHARED_BUFFERS);

    const { open, outside, headroom, closed, peak } = first;
    console.log(
      `PGlite, open loop, ${CLIENTS} clients paced to ${RATES.pglite} req/s for ${OPEN_SECONDS} s (latency from the due time): ${describe(open)}`,
    );
    console.log(
      `  p99 ${ms(open.p99)} (target < ${TARGETS.p99} ms: ${verdict(open.p99 < TARGETS.p99)}; ${ratio(open.p99, TODAY.pgliteP99)}), slowest ${ms(open.slowest)} (target < ${TARGETS.slowestPglite} ms: ${verdict(open.slowest < TARGETS.slowestPglite)}; ${ratio(open.slowest, TODAY.pgliteSlowest)})`,
    );
    console.log(
      `  in-process before, same mix: p99 ${IN_PROCESS.openP99}, slowest ${IN_PROCESS.openSlowest}`,
    );
    console.log(describeCpu(open));
    console.log(
      `  the same from outside (a process of its own, ${CLIENTS} kept-alive node:http connections): ${describe(outside)} (target < ${OUTSIDE_P99_TARGET} ms on a quiet machine: ${verdict(outside.p99 < OUTSIDE_P99_TARGET)})`,
    );
    console.log(describeCpu(outside));
    console.log(
      `PGlite, open loop at twice the rate, ${RATES.pgliteHeadroom} req/s for ${HEADROOM_SECONDS} s (headroom, no target): ${describe(headroom)}; in-process before: p99 ${IN_PROCESS.headroomP99}, slowest ${IN_PROCESS.headroomSlowest}`,
    );
    console.log(`PGlite, closed loop, ${CLIENTS} clients for ${CLOSED_SECONDS} s: ${describe(closed)}`);
    console.log(
      `  throughput ${closed.perSecond.toFixed(0)} req/s: ${ratio(closed.perSecond, TODAY.pgliteThroughput)} (target ≥ ${TARGETS.throughputRatio}x: ${verdict(closed.perSecond >= TARGETS.throughputRatio * TODAY.pgliteThroughput)}); p50 ${ratio(closed.p50, TODAY.pgliteP50)}, p99 ${ratio(closed.p99, TODAY.pgliteP99)}`,
    );
    console.log(
      `  in-process before, same mix: ${IN_PROCESS.throughput}, p99 ${IN_PROCESS.closedP99}, slowest ${IN_PROCESS.closedSlowest}`,
    );
    console.log(describeCpu(closed));
    console.log(
      `first start's peak RSS: ${mib(peak).toFixed(0)} MiB (${ratio(mib(peak), TODAY.firstStartPeakMiB)}, no target)`,
    );
    const idleRatio = idle / alone;
    console.log(
      `idle RSS after a restart (${IDLE_MS / 1000} s without a request): ${mib(idle).toFixed(0)} MiB, PGlite alone on the same folder ${mib(alone).toFixed(0)} MiB: ${idleRatio.toFixed(2)}x (target ≤ ${TARGETS.idleRatio}x: ${verdict(idleRatio <= TARGETS.idleRatio)}; today ${TODAY.idleRatio}x)`,
    );
    console.log(
      `  3 s after the restart (V8 has not yet given back its start-up garbage): ${mib(soonAfter).toFixed(0)} MiB, ${(soonAfter / alone).toFixed(2)}x`,
    );
    console.log(`  in-process before, same mix: ${IN_PROCESS.idle} (3 s after its start)`);
    console.log(
      `  the server runs PGlite with ${EMBEDDED_SHARED_BUFFERS} of shared buffers (PostgreSQL's default is 128MB); PGlite alone with them: ${mib(aloneSameSettings).toFixed(0)} MiB, so the server is ${(idle / aloneSameSettings).toFixed(2)}x that, ${mib(idle - aloneSameSettings).toFixed(0)} MiB more for the HTTP thread (Node and the app)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresPart(serverUrl: string): Promise<void> {
  const name = `bench_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-load-pg-'));
  try {
    const server = await startServer(dataDir, url.toString());
    try {
      await seed({ connectionString: url.toString() });
      const mix = await mixFor(server);
      for (let n = 0; n < 50; n++) await mix.send(n);
      const open = await withCpu(server.pid, () => openLoop(mix, RATES.postgres, OPEN_SECONDS));
      const outside = await withCpu(server.pid, () =>
        outsideOpenLoop(server, mix, RATES.postgres, OPEN_SECONDS),
      );
      const closed = await withCpu(server.pid, () => closedLoop(mix, CLOSED_SECONDS));
      console.log(
        `PostgreSQL, open loop, ${CLIENTS} clients paced to ${RATES.postgres} req/s for ${OPEN_SECONDS} s: ${describe(open)}`,
      );
      console.log(`  p99 ${ms(open.p99)} (target < ${TARGETS.p99} ms: ${verdict(open.p99 < TARGETS.p99)})`);
      console.log(describeCpu(open));
      console.log(
        `  the same from outside (a process of its own, ${CLIENTS} kept-alive node:http connections): ${describe(outside)}`,
      );
      console.log(describeCpu(outside));
      console.log(
        `PostgreSQL, closed loop, ${CLIENTS} clients for ${CLOSED_SECONDS} s: ${describe(closed)}; ${ratio(closed.perSecond, TODAY.postgresThroughput)}`,
      );
      console.log(describeCpu(closed));
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function loadFigures(): Promise<void> {
  await pglitePart();
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (serverUrl) await postgresPart(serverUrl);
  else
    console.log(
      'PostgreSQL under load: not measured: set BENCH_DATABASE_URL=postgresql://user:password@host/db',
    );
}
