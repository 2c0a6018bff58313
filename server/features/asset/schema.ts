import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { permissionResources } from '../role/schema.ts';

export const assets = pgTable('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  resourceType: text('resource_type')
    .notNull()
    .unique('assets_resource_type_unique')
    .references(() => permissionResources.name, { onDelete: 'cascade' }),
  actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
});
