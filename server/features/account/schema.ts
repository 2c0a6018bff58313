import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { belongsTo, customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { roles } from '../role/schema.ts';

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case: the check constraint refuses anything else. */
    email: text('email').notNull().unique('accounts_email_unique'),
    passwordHash: text('password_hash').notNull(),
    /** The hashes of the account's last passwords before this one, newest first (a new one may be none of them). */
    previousPasswordHashes: text('previous_password_hashes').array().notNull().default(sql`'{}'::text[]`),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    mobilePhone: text('mobile_phone').notNull().default(''),
    organization: text('organization'),
    address: text('address'),
    contactNumber: text('contact_number'),
    otherInfo: text('other_info'),
    avatar: text('avatar'),
    /**
     * A personal address the account may have its password reset link sent to (contract/selfService.ts),
     * lower-case; usable once `recoveryEmailVerified` (its emailed link was opened).
     */
    recoveryEmail: text('recovery_email'),
    recoveryEmailVerified: boolean('recovery_email_verified').notNull().default(false),
    /** The language the account chose (contract/translations.ts LOCALES); null: the browser's choice. */
    locale: text('locale'),
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
    check('accounts_recovery_email_lower_check', sql`${t.recoveryEmail} = lower(${t.recoveryEmail})`),
    index('accounts_customer_id_idx').on(t.customerId),
    customerScope(t.customerId),
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
