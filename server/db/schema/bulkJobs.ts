import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../../features/customer/schema.ts';
import { timestamptz } from '../columns.ts';
import { customerScope } from '../reach.ts';

/**
 * A bulk action's job (server/kit/bulk.ts, contract/bulk.ts): what it acts on (the list's filters when it
 * started), how far it got, and whether it was asked to stop. In the database, so that any instance tells
 * how far a job has got and takes its Cancel; the instance that started it runs it. Only the account that
 * started it reads it (the customer's row-level security besides).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer whose rows it changes (null: the provider's own). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    filter: jsonb('filter').notNull(),
    status: text('status', { enum: ['RUNNING', 'DONE', 'CANCELLED', 'FAILED'] })
      .notNull()
      .default('RUNNING'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    startedDate: timestamptz('started_date').notNull().defaultNow(),
    /** When its last batch ended (a running job whose last batch is long past has stopped: BULK_STALE_SECONDS). */
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
    endedDate: timestamptz('ended_date'),
    /** What the work keeps for the caller once it has ended (a CSV import's rows and what became of them). */
    result: jsonb('result'),
  },
  (t) => [
    check('bulk_jobs_status_check', sql`${t.status} in ('RUNNING', 'DONE', 'CANCELLED', 'FAILED')`),
    customerScope(t.customerId),
  ],
);
