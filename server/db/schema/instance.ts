import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/**
 * Secrets every server on one database must share (README, "Running several instances"): the key that
 * signs tokens, when JWT_SECRET is not set. Written once by the first server to start (an insert that
 * does nothing when the row exists) and read by every other one; never sent to a client.
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().default(sql`now()`),
});
