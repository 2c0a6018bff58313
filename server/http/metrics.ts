import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { mailMessages } from '../db/schema.ts';

/**
 * GET /metrics: the Prometheus text exposition format 0.0.4, written here (no client library).
 *
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`: the route is
 *   the registered pattern (`/api/customer/:id`), never the raw URL, and `unmatched` for what no route took,
 *   so the number of series stays bounded whatever clients send;
 * - `db_query_duration_seconds`: every query the database client runs (instrumentDatabase below);
 * - `mail_queue_length`: the messages waiting to be sent (status QUEUED), counted when scraped;
 * - the process: resident memory, heap used, event-loop lag, start time.
 *
 * Who may read it (metricsAccess): the addresses of METRICS_ALLOW (loopback by default), or anyone with the
 * bearer token METRICS_TOKEN. Anyone else gets 403 and nothing more.
 */

export const METRICS_PATH = '/metrics';
export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Prometheus' default buckets: requests from 5 ms to 10 s. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Queries are faster: from 0.5 ms to 5 s. */
export const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route label of a request no route matched (404s, the portal's index.html fallback). */
export const UNMATCHED = 'unmatched';

type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
};

/** A number as the format writes it (+Inf, NaN, integers without exponent). */
const numberText = (value: number) =>
  Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value);

const keyOf = (labels: Labels) => JSON.stringify(Object.values(labels));

class Counter {
  private readonly series = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels, by = 1): void {
    const key = keyOf(labels);
    const entry = this.series.get(key);
    if (entry) entry.value += by;
    else this.series.set(key, { labels, value: by });
  }

  write(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`);
    for (const { labels, value } of this.series.values()) {
      lines.push(`${this.name}${labelText(labels)} ${numberText(value)}`);
    }
  }
}

class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  /** The series of these labels, created empty (written with zero counts until observed). */
  seriesOf(labels: Labels) {
    const key = keyOf(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    return entry;
  }

  observe(labels: Labels, seconds: number): void {
    const entry = this.seriesOf(labels);
    // Each observation lands in its own bucket; the cumulative counts are summed when written.
    const index = this.buckets.findIndex((bound) => seconds <= bound);
    if (index >= 0) entry.counts[index]! += 1;
    entry.sum += seconds;
    entry.count += 1;
  }

  write(lines: string[]): void {
    lines.push(`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`);
    for (const { labels, counts, sum, count: total } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, index) => {
        cumulative += counts[index]!;
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: numberText(bound) })} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${total}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${numberText(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${total}`);
    }
  }
}

const gauge = (lines: string[], name: string, help: string, value: number) => {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${numberText(value)}`);
};

// ---------------------------------------------------------------------------------------------------------
// The database's query time, measured between drizzle and its client (pg Pool, or PGlite).

type QueryObserver = (seconds: number) => void;

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** The query function, timed: the promise form and node-postgres' callback form; a Submittable passes untimed. */
function timed(original: AnyFunction, target: object, observe: QueryObserver): AnyFunction {
  return (...args: unknown[]) => {
    if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function')
      return original.apply(target, args);
    const start = process.hrtime.bigint();
    const done = () => observe(Number(process.hrtime.bigint() - start) / 1e9);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, ...results: unknown[]) {
        done();
        return (callback as AnyFunction).apply(this, results);
      };
      return original.apply(target, args);
    }
    const result = original.apply(target, args);
    if (isThenable(result)) result.then(done, done);
    else done();
    return result;
  };
}

/**
 * The client seen through a proxy whose `query` is timed; so are the queries of the connections a pg Pool
 * hands out (drizzle's transactions) and of PGlite's transactions. Nothing of the client itself is changed.
 */
function timedClient<T extends object>(client: T, observe: QueryObserver): T {
  const wrappers = new Map<string | symbol, unknown>();
  const wrap = (property: string | symbol, value: AnyFunction): unknown => {
    if (property === 'query') return timed(value, client, observe);
    if (property === 'connect' && client instanceof pg.Pool) {
      return (...args: unknown[]) => {
        const callback = args[0];
        if (typeof callback === 'function') {
          return value.call(client, (error: unknown, connection: object | undefined, release: unknown) =>
            (callback as AnyFunction)(error, connection && timedClient(connection, observe), release),
          );
        }
        return (value.apply(client, args) as Promise<object>).then((connection) =>
          timedClient(connection, observe),
        );
      };
    }
    if (property === 'transaction') {
      return (callback: unknown, ...rest: unknown[]) =>
        value.call(
          client,
          typeof callback === 'function'
            ? (tx: object) => (callback as AnyFunction)(timedClient(tx, observe))
            : callback,
          ...rest,
        );
    }
    return value.bind(client);
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(property);
      if (wrapper === undefined) {
        wrapper = wrap(property, value as AnyFunction);
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

/**
 * Times every query the database runs and reports it to `observer`, until the returned function is called:
 * drizzle's session reaches its client (pg Pool, or PGlite) through a timing proxy. The client itself, and
 * how the database is opened (db/client.ts), are left as they are.
 */
export function instrumentDatabase(db: Database, observer: QueryObserver): () => void {
  const session = (db as unknown as { session?: { client?: unknown } }).session;
  const client = session?.client;
  if (!session || typeof client !== 'object' || client === null) return () => undefined;
  const proxy = timedClient(client, observer);
  session.client = proxy;
  return () => {
    if (session.client === proxy) session.client = client;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Access.

export interface MetricsSettings {
  /** METRICS_TOKEN: a bearer token that opens /metrics from any address. */
  token?: string;
  /** METRICS_ALLOW: addresses and CIDR ranges that need no token. */
  allow?: string[];
}

/** Without METRICS_ALLOW: this machine only, unless a token is set (then the token is needed everywhere). */
export const DEFAULT_METRICS_ALLOW = ['127.0.0.1', '::1'];

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is checked as 10.0.0.1. */
const plainAddress = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
};

/** The addresses and ranges, as a BlockList (used here as an allow list). */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plainAddress(address), family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request may read the metrics: an allowed address, or the token. */
export function metricsAccess(settings: MetricsSettings | undefined): (request: FastifyRequest) => boolean {
  const token = settings?.token;
  const allowed = addressList(settings?.allow ?? (token === undefined ? DEFAULT_METRICS_ALLOW : []));
  const expected = token === undefined ? undefined : digest(token);
  return (request) => {
    const address = plainAddress(request.ip ?? '');
    const family = isIP(address);
    if (family !== 0 && allowed.check(address, family === 6 ? 'ipv6' : 'ipv4')) return true;
    if (expected === undefined) return false;
    const sent = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    return sent !== undefined && timingSafeEqual(digest(sent), expected);
  };
}

// ---------------------------------------------------------------------------------------------------------

export interface MetricsOptions {
  db: Database;
  settings?: MetricsSettings;
}

/** The messages not yet sent: queued for the SMTP server (the outbox, never sent, is not a queue). */
async function mailQueueLength(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailMessages)
    .where(eq(mailMessages.status, 'QUEUED'));
  return Number(row?.value ?? 0);
}

/**
 * Counts every request and its time, times the database's queries, and serves GET /metrics. Call before the
 * routes are registered (the hooks are the app's own, so they see every route).
 */
export function registerMetrics(app: FastifyInstance, { db, settings }: MetricsOptions): void {
  const requests = new Counter('http_requests_total', 'HTTP requests answered, by method, route and status.');
  const durations = new Histogram(
    'http_request_duration_seconds',
    'Time to answer HTTP requests, by method and route.',
    HTTP_BUCKETS,
  );
  const queries = new Histogram('db_query_duration_seconds', 'Time of database queries.', DB_BUCKETS);
  queries.seriesOf({});
  const startTime = Date.now() / 1000 - process.uptime();
  const loop = monitorEventLoopDelay({ resolution: 20 });
  const mayRead = metricsAccess(settings);

  const stopObserving = instrumentDatabase(db, (seconds) => queries.observe({}, seconds));
  app.addHook('onReady', async () => {
    loop.enable();
  });
  app.addHook('onClose', async () => {
    loop.disable();
    stopObserving();
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    durations.observe({ method, route }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayRead(request)) {
      return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden\n');
    }
    const lines: string[] = [];
    requests.write(lines);
    durations.write(lines);
    queries.write(lines);
    let queued = Number.NaN;
    try {
      queued = await mailQueueLength(db);
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: the mail queue could not be counted');
    }
    gauge(lines, 'mail_queue_length', 'Mail messages waiting to be sent.', queued);
    const memory = process.memoryUsage();
    gauge(lines, 'process_resident_memory_bytes', 'Resident memory size in bytes.', memory.rss);
    gauge(lines, 'process_heap_used_bytes', 'V8 heap used in bytes.', memory.heapUsed);
    // The mean delay since the last scrape (0 before the event loop was sampled).
    const lag = loop.count > 0 ? loop.mean / 1e9 : 0;
    gauge(lines, 'nodejs_eventloop_lag_seconds', 'Mean event loop delay since the last scrape.', lag);
    loop.reset();
    gauge(
      lines,
      'process_start_time_seconds',
      'Start time of the process, in seconds since the epoch.',
      startTime,
    );
    return reply
      .type(CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(`${lines.join('\n')}\n`);
  });
}
