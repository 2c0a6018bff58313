import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

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
