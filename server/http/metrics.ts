import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { mailMessages } from '../db/schema.ts';
import { LOGIN_FREE_ATTEMPTS, signinFigures } from '../features/session/signinDelay.ts';

/**
 * GET /metrics: Prometheus' text format, written by prom-client.
 *
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`: the route is
 *   the registered pattern (`/api/customer/:id`), never the raw URL, and `unmatched` for what no route took,
 *   so the number of series stays bounded whatever clients send;
 * - `db_query_duration_seconds`: every query the database client runs (instrumentDatabase below);
 * - read from the database when scraped, so that every instance tells the same: `mail_queue_length` (the
 *   messages waiting to be sent) and the sign-in delay's counts (`signin_wrong_passwords`,
 *   `signin_waiting_addresses`, `signin_besieged_logins`);
 * - the process, by prom-client's default metrics (`process_resident_memory_bytes`,
 *   `nodejs_heap_size_used_bytes`, `nodejs_eventloop_lag_seconds`, `process_start_time_seconds`…).
 *
 * Who may read it (metricsAccess): the addresses of METRICS_ALLOW (loopback by default), or anyone with the
 * bearer token METRICS_TOKEN. Anyone else gets 403 and nothing more.
 */

export const METRICS_PATH = '/metrics';
export const CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Prometheus' default buckets: requests from 5 ms to 10 s. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Queries are faster: from 0.5 ms to 5 s. */
export const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route label of a request no route matched (404s, the portal's index.html fallback). */
export const UNMATCHED = 'unmatched';

/**
 * The process's own metrics, one set per process: prom-client samples the event loop and the garbage
 * collector from the first call on, and a second set would only sample them twice (the tests build many
 * apps in one process).
 */
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
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
  /** The app's clock (the sign-in delay's counts are read as of now). */
  now?: () => Date;
}

/** The messages not yet sent: queued for the SMTP server (the outbox, never sent, is not a queue). */
async function mailQueueLength(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(mailMessages)
    .where(eq(mailMessages.status, 'QUEUED'));
  return Number(row?.value ?? 0);
}

/** A gauge read from the database when scraped: NaN, and a warning in the log, when it cannot be read. */
const readOrNaN = async (read: () => Promise<number>, warn: (error: unknown) => void) => {
  try {
    return await read();
  } catch (error) {
    warn(error);
    return Number.NaN;
  }
};

/**
 * Counts every request and its time, times the database's queries, and serves GET /metrics. Call before the
 * routes are registered (the hooks are the app's own, so they see every route).
 */
export function registerMetrics(
  app: FastifyInstance,
  { db, settings, now = () => new Date() }: MetricsOptions,
): Registry {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of database queries.',
    buckets: DB_BUCKETS,
    registers,
  });
  const warn = (what: string) => (error: unknown) =>
    app.log.warn({ err: error }, `metrics: ${what} could not be read`);

  new Gauge({
    name: 'mail_queue_length',
    help: 'Mail messages waiting to be sent.',
    registers,
    async collect() {
      this.set(await readOrNaN(() => mailQueueLength(db), warn('the mail queue')));
    },
  });
  // The sign-in delay's counts come from one query, made by the first gauge's collect for all three.
  const waitingAddresses = new Gauge({
    name: 'signin_waiting_addresses',
    help: 'Client addresses now waiting before their next password for a login is checked (one per login and address).',
    registers: [],
  });
  const besiegedLogins = new Gauge({
    name: 'signin_besieged_logins',
    help: `Logins with ${LOGIN_FREE_ATTEMPTS} or more wrong passwords from all addresses in the last 24 hours: every address waits after its first wrong one.`,
    registers: [],
  });
  new Gauge({
    name: 'signin_wrong_passwords',
    help: 'Wrong passwords counted by the sign-in delay in the last 24 hours, every login and address together.',
    registers,
    async collect() {
      const figures = await readOrNaN(async () => {
        const read = await signinFigures(db, now());
        waitingAddresses.set(read.waitingAddresses);
        besiegedLogins.set(read.besiegedLogins);
        return read.wrongPasswords;
      }, warn('the sign-in counts'));
      if (Number.isNaN(figures)) {
        waitingAddresses.set(Number.NaN);
        besiegedLogins.set(Number.NaN);
      }
      this.set(figures);
    },
  });
  registry.registerMetric(waitingAddresses);
  registry.registerMetric(besiegedLogins);
  const mayRead = metricsAccess(settings);

  const stopObserving = instrumentDatabase(db, (seconds) => queries.observe(seconds));
  app.addHook('onClose', async () => {
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
    // Merged at each scrape: the listeners register their metrics once the app is ready.
    const text = await Registry.merge([registry, processMetrics()]).metrics();
    return reply.type(CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
  return registry;
}
