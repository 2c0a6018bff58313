import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

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
