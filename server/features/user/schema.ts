import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { directories } from '../directory/schema.ts';

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
    /**
     * The directory's immutable identifier of the user (objectGUID or entryUUID, base64 as Microsoft's
     * ImmutableID), kept at synchronisation: an Office 365 sign-in names the user by it.
     */
    immutableId: text('immutable_id'),
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
