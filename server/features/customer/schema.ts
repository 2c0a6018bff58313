import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';

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
