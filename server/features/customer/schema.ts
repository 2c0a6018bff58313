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
    /**
     * Lower-case company name and contact email: what the list's search looks in. A LIKE on it is about a
     * fifth of the cost of an ILIKE on each of the two columns (measured on the embedded database, where
     * every search of 2,000 customers read them all twice: its count and its page).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(company_name || ' ' || contact_email)`),
  },
  (t) => [check('customers_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`), customerScope(t.id)],
);
