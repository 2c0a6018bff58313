import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';
import { customerScope } from '../reach.ts';

/**
 * The audit log (docs/requirements/billing-services-entities.md): one entry per change, written in the same transaction as the change.
 * `changes` holds the changed fields as `{field: {before, after}}`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id'),
    tableName: text('table_name').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id').notNull(),
    /** The record's name when the entry was written (null: an entry from before names were kept). */
    entityName: text('entity_name'),
    /** The email of the account that made the change. */
    modifiedBy: text('modified_by').notNull(),
    modifiedById: uuid('modified_by_id'),
    /** Its name when the entry was written (null: it had none, or an entry from before names were kept). */
    modifiedByName: text('modified_by_name'),
    modifiedDate: timestamptz('modified_date').notNull().defaultNow(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
  },
  (t) => [
    // The audit list (server/routes/audit.ts): a customer's entries over a range, newest first (id breaks
    // ties), by table, by record.
    index('audit_log_customer_date_id').on(t.customerId, t.modifiedDate, t.id),
    index('audit_log_customer_table_date').on(t.customerId, t.tableName, t.modifiedDate),
    index('audit_log_customer_entity_date').on(t.customerId, t.entityId, t.modifiedDate),
    customerScope(t.customerId),
  ],
);
