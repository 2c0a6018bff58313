import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

/**
 * Sign-in events, for the dashboard's sign-ins and approvals over time (docs/requirements/billing-services-data-calls.md Dashboards): one row
 * per portal sign-in (by password or QR code, succeeded or refused) and per second-factor answer (the
 * app approving or rejecting a request, a gateway's OTP check). No secret, no address: who, how, when.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The customer of the account or user; null for provider operators. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** 'sign-in': a portal sign-in; 'approval': a second-factor request answered or a code checked. */
    kind: text('kind', { enum: ['sign-in', 'approval'] }).notNull(),
    /** password, qr (QR sign-in), app (the mobile app's answer), otp (a code checked). */
    method: text('method', { enum: ['password', 'qr', 'app', 'otp'] }).notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    /** The portal account, or the directory user, the event is about (no foreign key: kept after deletion). */
    accountId: uuid('account_id'),
    userId: uuid('user_id'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_customer_date_idx').on(t.customerId, t.createdDate),
    index('sign_in_events_date_idx').on(t.createdDate),
    check('sign_in_events_kind_check', sql`${t.kind} in ('sign-in', 'approval')`),
    check('sign_in_events_method_check', sql`${t.method} in ('password', 'qr', 'app', 'otp')`),
    check('sign_in_events_outcome_check', sql`${t.outcome} in ('success', 'failure')`),
    customerScope(t.customerId),
  ],
);
