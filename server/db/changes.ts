import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * What the gateway keeps in memory between sign-ins, and when to forget it. Migration 0031's triggers send a
 * notice on CHANGES_CHANNEL when a statement that changes a kept table commits; this module listens for
 * them (on PGlite in the process; on PostgreSQL over a connection of its own, so that a write of any server
 * on the database is heard; on the embedded database, whose one session answers a notice to the
 * connection that committed, on the pool's connections too) and counts them in `version`. What was read at one version is kept until the
 * next (`Kept`).
 *
 * While notices cannot be heard (before the first LISTEN, after a lost connection until it is made again)
 * nothing is kept: every sign-in reads the database, as without this module. A notice arrives after its
 * commit (on PGlite before the commit's own call returns, on PostgreSQL a moment later), so a sign-in
 * decided in that moment reads what was kept before.
 */

export const CHANGES_CHANNEL = 'gateway_changes';
/** How long after a lost connection a new one is tried. */
const RECONNECT_MS = 1000;

export interface Changes {
  /** Moves on at every notice, and whenever notices may have been missed. */
  readonly version: number;
  /** Whether notices are heard now: when not, nothing may be kept. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been heard: a notice of its own is sent after
   * them, and notices arrive in the order their transactions committed. At once when nothing is kept.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The payloads of caughtUp's own notices (the triggers send none). */
const CAUGHT_UP = 'caught-up:';
/** How long caughtUp waits for its notice before it treats what is kept as stale anyway. */
const CAUGHT_UP_MS = 5000;

interface Log {
  warn: (object: object, message: string) => void;
}

class ChangeWatch implements Changes {
  version = 0;
  live = false;
  #closed = false;
  #stop: (() => Promise<void>) | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #pools = new WeakSet<pg.Pool>();
  readonly #waiting = new Map<string, () => void>();
  #sent = 0;

  constructor(
    private readonly client: unknown,
    private readonly log: Log,
  ) {}

  #changed = (payload?: string) => {
    if (payload?.startsWith(CAUGHT_UP)) {
      this.#waiting.get(payload)?.();
      return;
    }
    this.version++;
  };

  async caughtUp(): Promise<void> {
    if (!this.live) return;
    this.#sent += 1;
    const payload = `${CAUGHT_UP}${process.pid}:${this.#sent}:${Math.random().toString(36).slice(2)}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.#waiting.set(payload, resolve);
      timer = setTimeout(() => {
        this.#changed();
        resolve();
      }, CAUGHT_UP_MS);
    });
    try {
      const client = this.client as { query: (text: string, values: unknown[]) => Promise<unknown> };
      await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      await heard;
    } catch {
      // Not sent: what is kept may be stale; forget it rather than wait.
      this.#changed();
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(payload);
    }
  }

  async start(): Promise<void> {
    if (this.#closed) return;
    try {
      if (this.client instanceof PGlite) {
        const unlisten = await this.client.listen(CHANGES_CHANNEL, this.#changed);
        this.#stop = unlisten;
      } else if (this.client instanceof pg.Pool) {
        await this.#listenOnPostgres(this.client);
      } else return;
      if (this.#closed) {
        await this.#stop?.();
        return;
      }
      this.#changed();
      this.live = true;
    } catch (error) {
      this.#lost(error);
    }
  }

  async #listenOnPostgres(pool: pg.Pool): Promise<void> {
    // The embedded database (db/embedded/) is one PGlite session behind a socket: a notice comes back on
    // the connection whose statement committed, one of the pool's. On PostgreSQL those never LISTEN.
    if (!this.#pools.has(pool)) {
      this.#pools.add(pool);
      const heard = new WeakSet<pg.PoolClient>();
      pool.on('acquire', (client) => {
        if (heard.has(client)) return;
        heard.add(client);
        client.on('notification', (notice) => {
          if (notice.channel === CHANGES_CHANNEL) this.#changed(notice.payload);
        });
      });
    }
    const client = new pg.Client(pool.options);
    client.on('notification', (notice) => {
      if (notice.channel === CHANGES_CHANNEL) this.#changed(notice.payload);
    });
    client.on('error', (error) => this.#lost(error));
    client.on('end', () => this.#lost(new Error('the connection ended')));
    this.#stop = async () => {
      client.removeAllListeners('end');
      await client.end();
    };
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  }

  #lost(error: unknown) {
    if (this.#closed) return;
    const wasLive = this.live;
    this.live = false;
    this.#changed();
    const stop = this.#stop;
    this.#stop = undefined;
    stop?.().catch(() => undefined);
    if (wasLive || !this.#timer) {
      this.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'gateway: changes cannot be heard now; every sign-in reads the database until they can',
      );
    }
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.start();
    }, RECONNECT_MS);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.live = false;
    clearTimeout(this.#timer);
    await this.#stop?.().catch(() => undefined);
  }
}

/** Starts listening for the kept tables' changes on `db` (see the module's comment). */
export function watchChanges(db: Database, log: Log): Changes {
  const watch = new ChangeWatch((db as { $client?: unknown }).$client, log);
  void watch.start();
  return watch;
}

/**
 * Values read from the database, each kept while no change is noticed and for at most `ttlMs` (for what
 * depends on the clock, such as a subscription's end), at most `max` of them (or of their `weigh`); only
 * those `keepIf` admits (so that something made a moment ago, before its notice arrived, is not taken for
 * missing).
 */
export class Kept<V> {
  readonly #entries = new Map<string, { value: V; until: number; weight: number }>();
  /** The weight of what is kept. */
  #weight = 0;
  /** Reads under way, by key: a value asked for while it is read waits for that read. */
  readonly #reading = new Map<string, { version: number; value: Promise<V> }>();
  #version = -1;

  constructor(
    private readonly changes: Pick<Changes, 'version' | 'live'>,
    private readonly options: {
      ttlMs: number;
      max: number;
      keepIf?: (value: V) => boolean;
      weigh?: (value: V) => number;
    },
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const { version, live } = this.changes;
    if (this.#version !== version) {
      this.#forgetAll();
      this.#version = version;
    }
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && entry.until > now) return entry.value;
    const reading = this.#reading.get(key);
    if (live && reading?.version === version) return reading.value;
    const value = load();
    if (live) this.#reading.set(key, { version, value });
    try {
      const read = await value;
      // Kept only when nothing changed while it was read.
      const keep = this.options.keepIf?.(read) ?? true;
      if (
        keep &&
        live &&
        this.changes.live &&
        this.changes.version === version &&
        this.#version === version
      ) {
        const weight = this.options.weigh?.(read) ?? 1;
        this.#weight -= this.#entries.get(key)?.weight ?? 0;
        if (this.#weight + weight > this.options.max) this.#forgetAll();
        this.#entries.set(key, { value: read, until: now + this.options.ttlMs, weight });
        this.#weight += weight;
      }
      return read;
    } finally {
      if (this.#reading.get(key)?.value === value) this.#reading.delete(key);
    }
  }

  #forgetAll() {
    this.#entries.clear();
    this.#weight = 0;
  }
}
