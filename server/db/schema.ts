import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** Timestamps are always stored with their time zone. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    logo: text('logo'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [check('customers_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case: the check constraint refuses anything else. */
    email: text('email').notNull().unique('accounts_email_unique'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    mobilePhone: text('mobile_phone').notNull().default(''),
    organization: text('organization'),
    address: text('address'),
    contactNumber: text('contact_number'),
    otherInfo: text('other_info'),
    avatar: text('avatar'),
    enable2fa: boolean('enable_2fa').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** Null for provider operators; set for the accounts of a customer. */
    customerId: uuid('customer_id').references(() => customers.id),
    isCustomerRoot: boolean('is_customer_root').notNull().default(false),
    forceChangePassword: boolean('force_change_password').notNull().default(false),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
  },
  (t) => [
    check('accounts_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    check('accounts_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('accounts_customer_id_idx').on(t.customerId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['provider', 'customer'] }).notNull(),
    /** Null for the provider's roles; a customer's own roles carry its id. */
    customerId: uuid('customer_id').references(() => customers.id),
  },
  (t) => [
    check('roles_scope_check', sql`${t.scope} in ('provider', 'customer')`),
    // A role name is unique per customer, and among the provider's roles (customer_id null) too.
    unique('roles_name_customer_unique').on(t.name, t.customerId).nullsNotDistinct(),
  ],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_roles_role_id_idx').on(t.roleId)],
);

export const permissionResources = pgTable(
  'permission_resources',
  {
    name: text('name').primaryKey(),
    scope: text('scope', { enum: ['provider', 'customer', 'both'] }).notNull(),
  },
  (t) => [check('permission_resources_scope_check', sql`${t.scope} in ('provider', 'customer', 'both')`)],
);

export const permissionActions = pgTable('permission_actions', {
  name: text('name').primaryKey(),
});

export const assets = pgTable('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  resourceType: text('resource_type')
    .notNull()
    .unique('assets_resource_type_unique')
    .references(() => permissionResources.name, { onDelete: 'cascade' }),
  actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resource, t.action] }),
    foreignKey({ columns: [t.resource], foreignColumns: [permissionResources.name] }).onDelete('cascade'),
    foreignKey({ columns: [t.action], foreignColumns: [permissionActions.name] }).onDelete('cascade'),
  ],
);

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

/** Failed sign-in attempts per login (known or not), for throttling. */
export const signinFailures = pgTable('signin_failures', {
  login: text('login').primaryKey(),
  count: integer('count').notNull().default(0),
  firstFailedAt: timestamptz('first_failed_at').notNull(),
  lockedUntil: timestamptz('locked_until'),
});

/**
 * Applications that may ask the portal to sign a user in (OAuth2 authorization code flow).
 * A redirect URI that starts with '/' is a path on the portal's own origin, whatever host and port
 * the request came to; any other redirect URI must match exactly.
 */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
  /** Set when only the accounts of this customer may sign in to the client. */
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

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
