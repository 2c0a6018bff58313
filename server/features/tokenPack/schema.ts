import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { files } from '../../db/schema/files.ts';
import { customers } from '../customer/schema.ts';
import { directories } from '../directory/schema.ts';
import { subscriptions } from '../subscription/schema.ts';
import { themes } from '../theme/schema.ts';

/**
 * Token packs and the service instances in them (docs/requirements/portal-entities.md; docs/requirements/billing-services-entities.md). An approved subscription order
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
    /** The pack's icon and feature image (files), shown in the mobile app. */
    iconFileId: uuid('icon_file_id').references(() => files.id, { onDelete: 'set null' }),
    featureImageFileId: uuid('feature_image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The directory its users come from first. */
    primaryDirectoryId: uuid('primary_directory_id').references(() => directories.id, {
      onDelete: 'set null',
    }),
    /**
     * The theme its app shows; a theme in use cannot be deleted or edited (docs/requirements/portal-routes-and-menus.md). No action, not
     * restrict: deleting a customer deletes both in one statement.
     */
    themeId: uuid('theme_id').references((): AnyPgColumn => themes.id, { onDelete: 'no action' }),
    /** Pending users are reminded of their activation code every this many days (null: never). */
    activationReminderDays: integer('activation_reminder_days'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [index('token_packs_customer_idx').on(t.customerId, t.name), customerScope(t.customerId)],
);

/**
 * A token pack's trusted networks: addresses and CIDR ranges (IPv4 or IPv6, kept in canonical form) from
 * which a sign-in may skip the second factor.
 */
export const whiteListIps = pgTable(
  'white_list_ips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenPackId: uuid('token_pack_id')
      .notNull()
      .references(() => tokenPacks.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    description: text('description').notNull().default(''),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('white_list_ips_pack_ip_idx').on(t.tokenPackId, t.ip), customerScope(t.customerId)],
);
