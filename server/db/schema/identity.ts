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
import { belongsTo, customerScope } from '../reach.ts';

/** Accounts, customers, roles and permissions, sessions and sign-in throttling. */
/** Timestamps are always stored with their time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    /** Billing support features the customer's plan includes (for example 'theme'). */
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [check('customers_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`), customerScope(t.id)],
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
    customerScope(t.customerId),
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
    customerScope(t.customerId, { shared: true }),
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
  (t) => [
    primaryKey({ columns: [t.accountId, t.roleId] }),
    index('account_roles_role_id_idx').on(t.roleId),
    belongsTo('accounts', t.accountId),
  ],
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

/**
 * The permissions the first start (or a later version's catalogue) has given a built-in role. The seed
 * grants a built-in role only what it has never been given, so that an operator's edits of its permissions
 * in the matrix stay as they are.
 */
export const seededGrants = pgTable(
  'seeded_grants',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resource, t.action] })],
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

/**
 * The counters of server/http/rateLimit.ts (the @fastify/rate-limit store): `hits` requests under `key`
 * in the window that ends at `resetsAt`. Kept in the database so that every server on it counts together.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamptz('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);
