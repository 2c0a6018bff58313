import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { periodPlans, tierPlans } from '../plan/schema.ts';
import { subscriptions } from '../subscription/schema.ts';

/** What a customer asked for: a subscription, an upgrade, an extension or an edit (contract/billing.ts Order). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['SUBSCRIBE', 'UPGRADE', 'EXTEND', 'EDIT'] }).notNull(),
    status: text('status', { enum: ['SUBMITTED', 'APPROVED', 'CANCELED'] })
      .notNull()
      .default('SUBMITTED'),
    tierPlanId: uuid('tier_plan_id')
      .notNull()
      .references(() => tierPlans.id),
    periodPlanId: uuid('period_plan_id')
      .notNull()
      .references(() => periodPlans.id),
    numberOfUsers: integer('number_of_users').notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    tokenPackName: text('token_pack_name'),
    removeUsers: text('remove_users').array().notNull().default(sql`'{}'::text[]`),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    trialTerm: integer('trial_term').notNull().default(0),
    paid: boolean('paid').notNull().default(false),
    notes: text('notes'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    closedDate: timestamptz('closed_date'),
    closedBy: uuid('closed_by'),
    tokenPackId: uuid('token_pack_id'),
    serviceInstanceId: uuid('service_instance_id'),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdDate),
    index('orders_created_idx').on(t.createdDate),
    check('orders_amount_check', sql`${t.amount} >= 0 and ${t.numberOfUsers} >= 1`),
    customerScope(t.customerId),
  ],
);
