import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withinCustomer } from '../../db/reach.ts';
import { gatewayRequests, gatewaySignIns, signInEvents } from '../../db/schema.ts';

/** Held requests this long past their expiry are deleted as new ones are written, */
const KEEP_EXPIRED_MS = 10 * 60_000;
/** at most this often for one customer. */
const SWEEP_EVERY_MS = 60_000;
/** The most decisions one statement writes. */
const MOST_AT_ONCE = 500;

/** A decision as the log keeps it: its entry, the challenge it holds, the events the dashboard counts. */
export interface LogEntry {
  customerId: string;
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
 * decisions made while one write runs go together in the next, one statement per customer (each insert a
 * CTE of it: PostgreSQL runs a data-modifying CTE whether or not it is read). Under load a write costs the
 * database one transaction for many sign-ins; alone, a decision is written at once.
 */
export class BatchedLog {
  readonly #queue: Waiting[] = [];
  #writing: Promise<void> | undefined;
  /** When each customer's long-expired held requests were last deleted. */
  readonly #swept = new Map<string, number>();

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
        const byCustomer = new Map<string, Waiting[]>();
        for (const waiting of batch) {
          const list = byCustomer.get(waiting.entry.customerId);
          if (list) list.push(waiting);
          else byCustomer.set(waiting.entry.customerId, [waiting]);
        }
        await Promise.all(
          [...byCustomer].map(async ([customerId, waiting]) => {
            try {
              await withinCustomer(this.db, customerId, (tx) =>
                this.#insert(
                  tx,
                  customerId,
                  waiting.map((one) => one.entry),
                ),
              );
              for (const one of waiting) one.done();
            } catch (error) {
              for (const one of waiting) one.failed(error);
            }
          }),
        );
      }
    } finally {
      this.#writing = undefined;
    }
  }

  async #insert(tx: Database, customerId: string, entries: LogEntry[]): Promise<void> {
    const held = entries.flatMap((entry) => (entry.held ? [entry.held] : []));
    const events = entries.flatMap((entry) => entry.events);
    if (held.length > 0) await this.sweepExpired(tx, customerId);
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

  /** Deletes the customer's held requests long expired, at most once a SWEEP_EVERY_MS per customer. */
  async sweepExpired(tx: Database, customerId: string): Promise<void> {
    const at = Date.now();
    if ((this.#swept.get(customerId) ?? 0) > at - SWEEP_EVERY_MS) return;
    if (this.#swept.size >= 10_000) this.#swept.clear();
    this.#swept.set(customerId, at);
    await tx
      .delete(gatewayRequests)
      .where(lt(gatewayRequests.expiresAt, new Date(this.now().getTime() - KEEP_EXPIRED_MS)));
  }
}
