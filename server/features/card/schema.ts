import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { orders } from '../order/schema.ts';

/**
 * Payment cards and card payments (contract/card.ts). A card is kept as the payment processor's reference
 * and what the portal shows of it (brand, last four digits, expiry, holder's name): never its number or CVC.
 * Money is an integer in the currency's minor unit.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    name: text('name').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The processor that holds the card ('test', later 'stripe'). */
    processor: text('processor').notNull(),
    /** The processor's reference of the card (the TEST processor's: a digest of the token). */
    reference: text('reference').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    // At most one primary card per customer.
    uniqueIndex('cards_primary_idx').on(t.customerId).where(sql`${t.isPrimary}`),
    uniqueIndex('cards_reference_idx').on(t.customerId, t.processor, t.reference),
    index('cards_customer_idx').on(t.customerId, t.createdDate),
    check('cards_expiry_check', sql`${t.expMonth} between 1 and 12`),
    customerScope(t.customerId),
  ],
);

/** Every charge of an order, succeeded or declined. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The saved card charged (null once it is deleted). */
    cardId: uuid('card_id').references(() => cards.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    processor: text('processor').notNull(),
    /** The processor's payment id (a declined charge has none). */
    reference: text('reference'),
    status: text('status', { enum: ['SUCCEEDED', 'DECLINED'] }).notNull(),
    declineReason: text('decline_reason'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdDate),
    index('payments_customer_idx').on(t.customerId, t.createdDate),
    // An order is paid once.
    uniqueIndex('payments_succeeded_idx').on(t.orderId).where(sql`${t.status} = 'SUCCEEDED'`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    check('payments_status_check', sql`${t.status} in ('SUCCEEDED', 'DECLINED')`),
    customerScope(t.customerId),
  ],
);

/**
 * A customer's account at a card payment processor (Stripe: the Customer its cards are attached to), made
 * with the customer's first card there and kept for the next ones.
 */
export const processorAccounts = pgTable(
  'processor_accounts',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    processor: text('processor').notNull(),
    /** The processor's reference of the account (Stripe: `cus_…`). */
    reference: text('reference').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.processor] }), customerScope(t.customerId)],
);
