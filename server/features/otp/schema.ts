import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';
import { serviceInstances } from '../service/schema.ts';
import { users } from '../user/schema.ts';

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
