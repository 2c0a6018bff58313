import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gatewayRequests, gatewaySignIns, signInEvents } from '../../db/schema.ts';

/** Held requests this long past their expiry are deleted as new ones are written, */
const KEEP_EXPIRED_MS = 10 * 60_000;
/** at most this often. */
const SWEEP_EVERY_MS = 60_000;
/** The most decisions one statement writes. */
const MOST_AT_ONCE = 500;

/** A decision as the log keeps it: its entry, the challenge it holds, the events the dashboard counts. */
export interface LogEntry {
  signIn: typeof gatewaySignIns.$inferInsert;
  held?: typeof gatewayRequests.$inferInsert;
  events: (typeof signInEvents.$inferInsert)[];
}

interface Waiting {
  entry: LogEntry;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * The gateway's sign-in log, written as group commits: a decision waits for the write that holds it, and
 * decisions made while one write runs go together in the next, in one statement (each insert a CTE of it:
 * PostgreSQL runs a data-modifying CTE whether or not it is read, and the statement is its own
 * transaction). Under load a write costs the database one statement for many sign-ins; alone, a decision
 * is written at once.
 *
 * The log is the gateway's own bookkeeping, written as the tables' owner, as the portal's sign-ins are
 * (server/db/reach.ts): each row's customer is the one of the connector the request came through, which
 * the decision found by the packet's address, never a value the client sent.
 */
export class BatchedLog {
  readonly #queue: Waiting[] = [];
  #writing: Promise<void> | undefined;
  /** When long-expired held requests were last deleted. */
  #swept = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Resolves when the entry is written; rejects when its write failed (and nothing of it was). */
  write(entry: LogEntry): Promise<void> {
    return new Promise((done, failed) => {
      this.#queue.push({ entry, done, failed });
      this.#writing ??= this.#drain();
    });
  }

  /** Waits for what is being written. */
  async flushed(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, MOST_AT_ONCE);
        try {
          await this.#insert(batch.map((one) => one.entry));
          for (const one of batch) one.done();
        } catch (error) {
          for (const one of batch) one.failed(error);
        }
      }
    } finally {
      this.#writing = undefined;
    }
  }

  async #insert(entries: LogEntry[]): Promise<void> {
    const tx = this.db;
    const held = entries.flatMap((entry) => (entry.held ? [entry.held] : []));
    const events = entries.flatMap((entry) => entry.events);
    if (held.length > 0) await this.sweepExpired();
    const logged = tx.$with('logged').as(
      tx
        .insert(gatewaySignIns)
        .values(entries.map((entry) => entry.signIn))
        .returning({ id: gatewaySignIns.id }),
    );
    const also = [];
    if (held.length > 0) {
      also.push(
        tx.$with('held').as(tx.insert(gatewayRequests).values(held).returning({ id: gatewayRequests.id })),
      );
    }
    if (events.length > 0) {
      also.push(
        tx.$with('counted').as(tx.insert(signInEvents).values(events).returning({ id: signInEvents.id })),
      );
    }
    await tx
      .with(logged, ...also)
      .select({ id: logged.id })
      .from(logged);
  }

  /** Deletes the held requests long expired, at most once a SWEEP_EVERY_MS. */
  async sweepExpired(): Promise<void> {
    const at = Date.now();
    if (this.#swept > at - SWEEP_EVERY_MS) return;
    this.#swept = at;
    await this.db
      .delete(gatewayRequests)
      .where(lt(gatewayRequests.expiresAt, new Date(this.now().getTime() - KEEP_EXPIRED_MS)));
  }
}
