import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { accounts } from '../account/schema.ts';
import { customers } from '../customer/schema.ts';

/**
 * Themes of the white-label mobile app and web sign-in (docs/requirements/portal-entities.md, docs/requirements/billing-services-entities.md Theme): a customer's
 * named theme definition (screens of colour, text and image fields, and the common fields copied to
 * every screen). Images are files, referenced by path in the definition and listed in `image_map`.
 * A token pack names the theme its app shows (token_packs.theme_id).
 */
export const themes = pgTable(
  'themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The theme definition: { screenDefs: [{ id, fields: [{ id, value, … }] }], commonDefs: [...] }. */
    definition: jsonb('definition').notNull(),
    /** Image path → the uploaded file's name, for the images the definition uses. */
    imageMap: jsonb('image_map').notNull().default(sql`'{}'::jsonb`),
    /** ACTIVE, or REJECTED by the provider with a reason (see the README's decisions). */
    status: text('status', { enum: ['ACTIVE', 'REJECTED'] })
      .notNull()
      .default('ACTIVE'),
    rejectReason: text('reject_reason'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('themes_customer_name_idx').on(t.customerId, t.name),
    check('themes_status_check', sql`${t.status} in ('ACTIVE', 'REJECTED')`),
    customerScope(t.customerId),
  ],
);
