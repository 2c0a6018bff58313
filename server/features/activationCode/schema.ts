import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { tokenPacks } from '../tokenPack/schema.ts';
import { users } from '../user/schema.ts';

/**
 * A user's current activation code in a token pack (one per user and pack). Re-generating replaces the
 * code (the old one goes to retired_activation_codes); EXPIRED is read from expire_date, never written.
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenPackId: uuid('token_pack_id')
      .notNull()
      .references(() => tokenPacks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /**
     * The user's username, copied when the code is made and kept in step by a trigger on users
     * (migration 0015): the list sorts and pages by it at 100,000 codes without joining every user.
     */
    username: text('username').notNull(),
    status: text('status', { enum: ['NEW', 'ACTIVATED'] })
      .notNull()
      .default('NEW'),
    expireDate: timestamptz('expire_date').notNull(),
    activatedDate: timestamptz('activated_date'),
    /** When its user was last reminded of it (the token pack's activation reminder). */
    remindedDate: timestamptz('reminded_date'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activation_codes_code_idx').on(t.code),
    uniqueIndex('activation_codes_pack_user_idx').on(t.tokenPackId, t.userId),
    // Migration 0018 makes it covering, INCLUDE (status, expire_date, customer_id), which drizzle cannot
    // say: the list pages, filters by status and expiry and counts from the index alone (tidyCodes).
    index('activation_codes_pack_username_idx').on(t.tokenPackId, t.username, t.id),
    check('activation_codes_status_check', sql`${t.status} in ('NEW', 'ACTIVATED')`),
    customerScope(t.customerId),
  ],
);

/** Codes that no longer activate anything, and why: what a late activation with one is told. */
export const retiredActivationCodes = pgTable(
  'retired_activation_codes',
  {
    code: text('code').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['REGENERATED', 'DELETED'] }).notNull(),
    retiredDate: timestamptz('retired_date').notNull().defaultNow(),
  },
  (t) => [customerScope(t.customerId)],
);

/** A device activated by a user with an activation code: its TOTP seed (sealed). */
export const userDevices = pgTable(
  'user_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenPackId: uuid('token_pack_id')
      .notNull()
      .references(() => tokenPacks.id, { onDelete: 'cascade' }),
    /** What the app says it is (model, name): shown in the user's troubleshooting log. */
    deviceName: text('device_name').notNull(),
    /** Sealed (server/domain/secrets.ts). */
    totpSeed: text('totp_seed').notNull(),
    activatedDate: timestamptz('activated_date').notNull().defaultNow(),
    /** The TOTP step (unix time / 30) of the last code accepted from the device: a code works once. */
    lastUsedStep: integer('last_used_step'),
    /** When a code of the device was last accepted (a sign-in): the troubleshooting log shows it. */
    lastSignInDate: timestamptz('last_sign_in_date'),
    /** Wrong codes in a row; at the limit the device's codes are refused until locked_until. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('user_devices_user_idx').on(t.userId, t.activatedDate), customerScope(t.customerId)],
);
