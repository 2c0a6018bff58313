import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { accounts } from '../account/schema.ts';

/**
 * A sign-in waiting for the account's second factor (contract/secondFactor.ts): the V-Key app approves or
 * rejects it, or its code is typed in. Only the SHA-256 of the request's secret is kept (the browser that
 * signed in holds the secret); TIMEOUT is read from expires_at. A completed request is deleted.
 */
export const secondFactorRequests = pgTable(
  'second_factor_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    status: text('status', { enum: ['INITIAL', 'APPROVE', 'REJECT'] })
      .notNull()
      .default('INITIAL'),
    /** The sign-in's OAuth2 state (another client's authorization request), applied when it completes. */
    state: text('state'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('second_factor_requests_status_check', sql`${t.status} in ('INITIAL', 'APPROVE', 'REJECT')`),
    index('second_factor_requests_account_idx').on(t.accountId),
    index('second_factor_requests_expires_at_idx').on(t.expiresAt),
  ],
);
