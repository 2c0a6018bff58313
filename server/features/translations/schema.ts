import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { accounts } from '../account/schema.ts';
import { customers } from '../customer/schema.ts';

/**
 * Overrides of the catalogue's messages (contract/translations.ts): one locale's text of one key, the
 * provider's (no customer: everyone's) or a customer's (its accounts', over the provider's). A customer's
 * transactions read the provider's rows too and write only their own (customerScope, shared).
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    modifiedBy: uuid('modified_by').references(() => accounts.id, { onDelete: 'set null' }),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
  },
  (t) => [
    unique('translation_overrides_scope_key_unique').on(t.customerId, t.locale, t.key).nullsNotDistinct(),
    index('translation_overrides_customer_idx').on(t.customerId, t.locale),
    customerScope(t.customerId, { shared: true }),
  ],
);
