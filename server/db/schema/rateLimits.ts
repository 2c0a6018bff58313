import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/**
 * The counters of server/http/rateLimit.ts (the @fastify/rate-limit store): `hits` requests under `key`
 * in the window that ends at `resetsAt`. Kept in the database so that every server on it counts together.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamptz('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);
