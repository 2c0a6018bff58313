import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { accounts } from '../account/schema.ts';

/** One row per issued token: its id is the token's `jti`. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId)],
);

/**
 * Wrong passwords per login (known or not) and client address, for the sign-in delay of signinDelay.ts:
 * `count` wrong ones since the last success, the last at `lastFailedAt`; none is checked before
 * `lockedUntil`. The row whose `source` is '*' counts the login's wrong passwords from every address.
 */
export const signinFailures = pgTable(
  'signin_failures',
  {
    login: text('login').notNull(),
    source: text('source').notNull(),
    count: integer('count').notNull().default(0),
    lastFailedAt: timestamptz('last_failed_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [
    primaryKey({ columns: [t.login, t.source] }),
    index('signin_failures_last_failed_at_idx').on(t.lastFailedAt),
  ],
);
