import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimits } from './schema.ts';

/** A key's count in its window, and the milliseconds until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** How often, at most, finished windows are deleted. */
const SWEEP_EVERY_MS = 60_000;

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counters over `rate_limits`: a fixed window per key, counted by one atomic upsert, so that concurrent
 * requests on several servers never lose a count. `hit` (`hitAll`: several keys at once) counts one;
 * `peek` reads the count; `giveBack` takes one back.
 */
export function windowCounter(db: Database, now: () => Date) {
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await db.delete(rateLimits).where(lte(rateLimits.resetsAt, at));
  }

  /** Counts one on each key, each with its own window, in one statement: their counts, in order. */
  async function hitAll(keys: readonly { key: string; windowMs: number }[]): Promise<WindowCount[]> {
    const at = now();
    await sweep(at);
    const expired = sql`${rateLimits.resetsAt} <= ${timestamp(at)}`;
    const rows = await db
      .insert(rateLimits)
      .values(
        keys.map(({ key, windowMs }) => ({ key, hits: 1, resetsAt: new Date(at.getTime() + windowMs) })),
      )
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimits.resetsAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits, resetsAt: rateLimits.resetsAt });
    return keys.map(({ key }) => {
      const row = rows.find((one) => one.key === key)!;
      return { current: row.hits, ttl: Math.max(0, row.resetsAt.getTime() - at.getTime()) };
    });
  }

  async function hit(key: string, timeWindow: number): Promise<WindowCount> {
    const [result] = await hitAll([{ key, windowMs: timeWindow }]);
    return result!;
  }

  async function peek(key: string): Promise<WindowCount> {
    const at = now();
    const [row] = await db
      .select({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetsAt} > ${timestamp(at)}`);
    return row ? { current: row.hits, ttl: row.resetsAt.getTime() - at.getTime() } : { current: 0, ttl: 0 };
  }

  /** One count taken back from each key (never below zero), as for a try that turned out not to fail. */
  async function giveBack(keys: readonly string[]): Promise<void> {
    await db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(and(inArray(rateLimits.key, [...keys]), sql`${rateLimits.resetsAt} > ${timestamp(now())}`));
  }

  return { hit, hitAll, peek, giveBack };
}
