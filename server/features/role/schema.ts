import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['provider', 'customer'] }).notNull(),
    /** Null for the provider's roles; a customer's own roles carry its id. */
    customerId: uuid('customer_id').references(() => customers.id),
  },
  (t) => [
    check('roles_scope_check', sql`${t.scope} in ('provider', 'customer')`),
    // A role name is unique per customer, and among the provider's roles (customer_id null) too.
    unique('roles_name_customer_unique').on(t.name, t.customerId).nullsNotDistinct(),
    customerScope(t.customerId, { shared: true }),
  ],
);

export const permissionResources = pgTable(
  'permission_resources',
  {
    name: text('name').primaryKey(),
    scope: text('scope', { enum: ['provider', 'customer', 'both'] }).notNull(),
  },
  (t) => [check('permission_resources_scope_check', sql`${t.scope} in ('provider', 'customer', 'both')`)],
);

export const permissionActions = pgTable('permission_actions', {
  name: text('name').primaryKey(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resource, t.action] }),
    foreignKey({ columns: [t.resource], foreignColumns: [permissionResources.name] }).onDelete('cascade'),
    foreignKey({ columns: [t.action], foreignColumns: [permissionActions.name] }).onDelete('cascade'),
  ],
);

/**
 * The permissions the first start (or a later version's catalogue) has given a built-in role. The seed
 * grants a built-in role only what it has never been given, so that an operator's edits of its permissions
 * in the matrix stay as they are.
 */
export const seededGrants = pgTable(
  'seeded_grants',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resource, t.action] })],
);
