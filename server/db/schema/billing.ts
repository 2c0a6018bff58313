import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerScope } from '../reach.ts';
import { customers, timestamptz } from './identity.ts';

/**
 * Plans and prices (contract/billing.ts): tiers, their billing periods and the service features they include.
 * Seeded at the first start (server/domain/billing/plans.ts); operators may change them later. Money is an
 * integer in the currency's minor unit.
 */

export const tierPlans = pgTable(
  'tier_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tierPlanType: text('tier_plan_type', { enum: ['FREE', 'NORMAL', 'ENTERPRISE'] }).notNull(),
    minUser: integer('min_user').notNull(),
    description: text('description').notNull(),
    pricePerUserMonth: integer('price_per_user_month').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The order tiers are shown in, cheapest first; an upgrade moves to a higher rank. */
    rank: integer('rank').notNull(),
    featureIds: text('feature_ids').array().notNull().default(sql`'{}'::text[]`),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tier_plans_type_idx').on(t.tierPlanType),
    check('tier_plans_price_check', sql`${t.pricePerUserMonth} >= 0 and ${t.minUser} >= 1`),
  ],
);

export const periodPlans = pgTable(
  'period_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tierPlanId: uuid('tier_plan_id')
      .notNull()
      .references(() => tierPlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    periodCount: integer('period_count').notNull(),
    freeMonth: integer('free_month').notNull().default(0),
    firstTimeFreeMonth: integer('first_time_free_month').notNull().default(0),
  },
  (t) => [
    uniqueIndex('period_plans_tier_count_idx').on(t.tierPlanId, t.periodCount),
    check(
      'period_plans_months_check',
      sql`${t.periodCount} >= 1 and ${t.freeMonth} >= 0 and ${t.freeMonth} < ${t.periodCount} and ${t.firstTimeFreeMonth} >= 0`,
    ),
  ],
);

export const serviceFeatures = pgTable('service_features', {
  /** A stable name: 'radius', 'saml', 'theme'… (the support features a plan gives are among them). */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  rank: integer('rank').notNull(),
});

/** A customer's subscription to a tier for a period (contract/billing.ts Subscription). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tierPlanId: uuid('tier_plan_id')
      .notNull()
      .references(() => tierPlans.id),
    periodPlanId: uuid('period_plan_id')
      .notNull()
      .references(() => periodPlans.id),
    numberOfUsers: integer('number_of_users').notNull(),
    status: text('status', { enum: ['ACTIVE', 'EXPIRED', 'CANCELED'] })
      .notNull()
      .default('ACTIVE'),
    startDate: timestamptz('start_date').notNull(),
    expireDate: timestamptz('expire_date').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_customer_idx').on(t.customerId, t.createdDate), customerScope(t.customerId)],
);

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
