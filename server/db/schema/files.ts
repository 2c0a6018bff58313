import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { customers } from '../../features/customer/schema.ts';
import { bytea, timestamptz } from '../columns.ts';
import { customerScope } from '../reach.ts';

/** Uploaded files (service template icons, token pack images), kept in the database with the rest. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [customerScope(t.customerId, { shared: true })],
);
