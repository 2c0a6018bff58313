import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './billing.ts';
import { customers, timestamptz } from './identity.ts';

/**
 * Token packs and the service instances in them (spec 01 §3; spec 02 §3). An approved subscription order
 * makes one of each; the token pack and service screens manage them.
 */

export const tokenPacks = pgTable(
  'token_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    wizardStatus: text('wizard_status', { enum: ['NEW', 'TOUCHED', 'COMPLETED'] })
      .notNull()
      .default('NEW'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [index('token_packs_customer_idx').on(t.customerId, t.name)],
);

export const serviceInstances = pgTable(
  'service_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Spec 01 §5: a service instance belongs to exactly one token pack. */
    tokenPackId: uuid('token_pack_id')
      .notNull()
      .references(() => tokenPacks.id, { onDelete: 'cascade' }),
    serviceTemplateId: uuid('service_template_id'),
    instanceName: text('instance_name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['STARTED', 'STOPPED'] })
      .notNull()
      .default('STOPPED'),
    connectorConfig: jsonb('connector_config').notNull().default({}),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('service_instances_pack_idx').on(t.tokenPackId),
    index('service_instances_customer_idx').on(t.customerId, t.instanceName),
    check('service_instances_status_check', sql`${t.status} in ('STARTED', 'STOPPED')`),
  ],
);
