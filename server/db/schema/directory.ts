import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { customerScope } from '../reach.ts';
import { customers, timestamptz } from './identity.ts';

/** A customer's directories and the users they bring in (contract/directory.ts, contract/user.ts). */

export const directories = pgTable(
  'directories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['LDAP', 'AZURE', 'REST'] }).notNull(),
    hybrid: boolean('hybrid').notNull().default(false),
    host: text('host'),
    port: integer('port'),
    secured: boolean('secured').notNull().default(false),
    baseDn: text('base_dn'),
    userDn: text('user_dn'),
    /** The LDAP bind password: never answered, never logged, hidden in the audit log. */
    password: text('password'),
    userLoginPattern: text('user_login_pattern'),
    loginProperty: text('login_property'),
    emailAttribute: text('email_attribute'),
    displayNameAttribute: text('display_name_attribute'),
    phoneAttribute: text('phone_attribute'),
    tenantId: text('tenant_id'),
    applicationId: text('application_id'),
    graphUrl: text('graph_url'),
    authorityUrl: text('authority_url'),
    restAuthentication: text('rest_authentication', { enum: ['NONE', 'BASIC', 'BEARER', 'API_KEY'] }),
    restUsername: text('rest_username'),
    restHeader: text('rest_header'),
    listUsersUrl: text('list_users_url'),
    /** The Azure AD client secret, or the REST password, token or key: never answered. */
    secret: text('secret'),
    /** The last finished synchronisation (the running one is kept in memory). */
    lastSync: jsonb('last_sync'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('directories_customer_idx').on(t.customerId, t.name),
    check('directories_type_check', sql`${t.type} in ('LDAP', 'AZURE', 'REST')`),
    customerScope(t.customerId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    directoryId: uuid('directory_id').references(() => directories.id, { onDelete: 'cascade' }),
    /** The entry's DN (LDAP), object id (Azure AD) or id (REST) in its directory. */
    externalId: text('external_id'),
    source: text('source', { enum: ['LDAP', 'AZURE', 'REST', 'CSV'] }).notNull(),
    username: text('username').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    appActivated: boolean('app_activated').notNull().default(false),
    /** Lower-case username, display name and email: what the list's search looks in (trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(username || ' ' || coalesce(display_name, '') || ' ' || coalesce(email, ''))`,
    ),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('users_customer_username_idx').on(t.customerId, t.username, t.id),
    index('users_directory_idx').on(t.directoryId, t.username, t.id),
    /** An account's V-Key app: its customer's users with its email address (contract/secondFactor.ts). */
    index('users_customer_email_idx').on(t.customerId, sql`lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    customerScope(t.customerId),
  ],
);

/**
 * How many users each customer has, by directory and status, kept by statement triggers on `users` (see the
 * migration): a list's total without counting 100,000 rows on every page.
 */
export const userTallies = pgTable(
  'user_tallies',
  {
    customerId: uuid('customer_id').notNull(),
    /** The directory's id as text, '' for none. */
    directoryKey: text('directory_key').notNull(),
    status: text('status').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.directoryKey, t.status] }), customerScope(t.customerId)],
);
