import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../../features/customer/schema.ts';
import { timestamptz } from '../columns.ts';
import { customerScope } from '../reach.ts';

/**
 * Outgoing mail: queued, then sent through SMTP (SMTP_URL) with retries, or kept here as the outbox when no
 * SMTP server is configured.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer it was sent for (null: the provider's own). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Inline images: {cid, fileName, contentType, base64}. */
    attachments: jsonb('attachments').notNull().default([]),
    /** QUEUED, then SENT or FAILED (after the retries); OUTBOX when no SMTP server is configured. */
    status: text('status', { enum: ['QUEUED', 'SENT', 'FAILED', 'OUTBOX'] })
      .notNull()
      .default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDate: timestamptz('next_attempt_date').notNull().defaultNow(),
    lastError: text('last_error'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    sentDate: timestamptz('sent_date'),
  },
  (t) => [
    index('mail_messages_queue_idx').on(t.status, t.nextAttemptDate),
    index('mail_messages_list_idx').on(t.createdDate, t.id),
    check('mail_messages_status_check', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED', 'OUTBOX')`),
    customerScope(t.customerId),
  ],
);
