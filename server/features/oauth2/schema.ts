import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { accounts } from '../account/schema.ts';
import { customers } from '../customer/schema.ts';

/** OAuth2 clients and codes, and QR sign-in (seamless) sessions. */
/**
 * Applications that may ask the portal to sign a user in (OAuth2 authorization code flow).
 * A redirect URI that starts with '/' is a path on the portal's own origin, whatever host and port
 * the request came to; any other redirect URI must match exactly.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    clientId: text('client_id').primaryKey(),
    name: text('name').notNull(),
    redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    /** Set when only the accounts of this customer may sign in to the client. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // The provider's clients (the portal's own) are offered to the accounts of every customer.
  (t) => [customerScope(t.customerId, { shared: true })],
);

/** An authorization request waiting for the user to sign in, keyed by the client's state. */
export const authorizationRequests = pgTable(
  'authorization_requests',
  {
    state: text('state').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    responseMode: text('response_mode', { enum: ['query', 'form_post'] }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    check('authorization_requests_response_mode_check', sql`${t.responseMode} in ('query', 'form_post')`),
    index('authorization_requests_expires_at_idx').on(t.expiresAt),
  ],
);

/** Issued authorization codes; only a hash of each code is kept. */
export const authorizationCodes = pgTable(
  'authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [index('authorization_codes_expires_at_idx').on(t.expiresAt)],
);
