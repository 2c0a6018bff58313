import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
 * Password attempts per login (known or not), for the progressive sign-in delay of
 * server/domain/signinDelay.ts: `count` attempts since the last success, the last at `lastFailedAt`;
 * none is checked before `lockedUntil`.
 */
export const signinFailures = pgTable(
  'signin_failures',
  {
    login: text('login').primaryKey(),
    count: integer('count').notNull().default(0),
    lastFailedAt: timestamptz('last_failed_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('signin_failures_last_failed_at_idx').on(t.lastFailedAt)],
);
