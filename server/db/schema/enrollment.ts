import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerScope } from '../reach.ts';
import { users } from './directory.ts';
import { customers, timestamptz } from './identity.ts';
import { serviceInstances, tokenPacks } from './service.ts';

/**
 * Enrolment (spec 02 §3 Activation code, OTP record, §4): a user's activation code in a token pack, the
 * devices activated with one, OTP seeds per service, and outgoing mail.
 */

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

/** A user's OTP seed for a service (RFC 6238), sealed; one per user and service. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    serviceInstanceId: uuid('service_instance_id')
      .notNull()
      .references(() => serviceInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seed: text('seed').notNull(),
    generatedDate: timestamptz('generated_date').notNull().defaultNow(),
    /** The TOTP step (unix time / 30) of the last code accepted: a code works once. */
    lastUsedStep: integer('last_used_step'),
    /** Wrong codes in a row; at the limit the seed's codes are refused until locked_until. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [
    uniqueIndex('otp_codes_service_user_idx').on(t.serviceInstanceId, t.userId),
    index('otp_codes_customer_idx').on(t.customerId),
    customerScope(t.customerId),
  ],
);

/**
 * Outgoing mail: queued, then sent through SMTP (SMTP_URL) with retries, or kept here as the outbox when no
 * SMTP server is configured.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer it was sent for (null: the provider's own). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Inline images: {cid, fileName, contentType, base64}. */
    attachments: jsonb('attachments').notNull().default([]),
    /** QUEUED, then SENT or FAILED (after the retries); OUTBOX when no SMTP server is configured. */
    status: text('status', { enum: ['QUEUED', 'SENT', 'FAILED', 'OUTBOX'] })
      .notNull()
      .default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptDate: timestamptz('next_attempt_date').notNull().defaultNow(),
    lastError: text('last_error'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    sentDate: timestamptz('sent_date'),
  },
  (t) => [
    index('mail_messages_queue_idx').on(t.status, t.nextAttemptDate),
    index('mail_messages_list_idx').on(t.createdDate, t.id),
    check('mail_messages_status_check', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED', 'OUTBOX')`),
    customerScope(t.customerId),
  ],
);
