import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { accounts } from '../account/schema.ts';
import { customers } from '../customer/schema.ts';

/** What a self-service link is for: a sign-up's activation, a password reset, a recovery email's check. */
export const SELF_SERVICE_TOKEN_KINDS = ['signupActivation', 'passwordReset', 'recoveryEmail'] as const;
export type SelfServiceTokenKind = (typeof SELF_SERVICE_TOKEN_KINDS)[number];

/**
 * The tokens of the links the self-service mails carry (contract/selfService.ts): only the SHA-256 of each
 * random token is kept (the link holds the token), with the account it acts on, the address it was sent
 * to and when it expires. A token is used once (`used_at`); an account's reset tokens are all spent by the
 * first one used.
 */
export const selfServiceTokens = pgTable(
  'self_service_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: SELF_SERVICE_TOKEN_KINDS }).notNull(),
    /** The SHA-256 (hex) of the token. */
    tokenHash: text('token_hash').notNull().unique('self_service_tokens_token_hash_unique'),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The account's customer (null: a provider operator's account). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Where the link was sent (lower-case). */
    email: text('email').notNull(),
    /** A sign-up's chosen plan (/home?tierId=), answered by its activation. */
    tierId: text('tier_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    check(
      'self_service_tokens_kind_check',
      sql`${t.kind} in ('signupActivation', 'passwordReset', 'recoveryEmail')`,
    ),
    index('self_service_tokens_account_kind_idx').on(t.accountId, t.kind),
    index('self_service_tokens_expires_at_idx').on(t.expiresAt),
    customerScope(t.customerId),
  ],
);
