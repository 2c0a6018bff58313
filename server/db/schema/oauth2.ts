import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { customerScope } from '../reach.ts';
import { accounts, customers, timestamptz } from './identity.ts';

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
  (t) => [customerScope(t.customerId)],
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
