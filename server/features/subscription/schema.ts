import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { periodPlans, tierPlans } from '../plan/schema.ts';

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
