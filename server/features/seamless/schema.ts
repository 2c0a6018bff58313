import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { accounts } from '../account/schema.ts';
import { oauthClients } from '../oauth2/schema.ts';

/** QR sign-in: a browser waits while the mobile app approves or rejects the session. */
export const seamlessSessions = pgTable(
  'seamless_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    realm: text('realm').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    responseType: text('response_type', { enum: ['code'] })
      .notNull()
      .default('code'),
    responseMode: text('response_mode', { enum: ['query', 'form_post'] })
      .notNull()
      .default('form_post'),
    state: text('state').notNull(),
    status: text('status', { enum: ['INITIAL', 'APPROVE', 'REJECT'] })
      .notNull()
      .default('INITIAL'),
    /** Who approved or rejected it, from the mobile app. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The address the session was asked from, for the per-address limit. */
    createdIp: text('created_ip').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    check('seamless_sessions_status_check', sql`${t.status} in ('INITIAL', 'APPROVE', 'REJECT')`),
    check('seamless_sessions_response_type_check', sql`${t.responseType} in ('code')`),
    check('seamless_sessions_response_mode_check', sql`${t.responseMode} in ('query', 'form_post')`),
    index('seamless_sessions_created_ip_idx').on(t.createdIp, t.createdAt),
    index('seamless_sessions_expires_at_idx').on(t.expiresAt),
  ],
);
