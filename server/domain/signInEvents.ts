import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { accounts, signInEvents } from '../db/schema.ts';

/**
 * Sign-in events (server/db/schema/report.ts), for the dashboard's sign-ins and approvals over time: one row
 * per portal sign-in (by password or QR code, succeeded or refused) and per second-factor answer (the app
 * approving or rejecting a request, a code checked). Recording one never fails the flow that records it: the
 * sign-in answers as it would have, and a failure to record is logged (what failed and the event's kind,
 * method and outcome, never a value the caller sent).
 */

export type SignInEventKind = (typeof signInEvents.kind.enumValues)[number];
export type SignInMethod = (typeof signInEvents.method.enumValues)[number];
export type SignInOutcome = (typeof signInEvents.outcome.enumValues)[number];

export interface SignInEvent {
  kind: SignInEventKind;
  method: SignInMethod;
  outcome: SignInOutcome;
  /** The portal account the event is about, if known. */
  accountId?: string | null;
  /** The directory user the event is about, if known. */
  userId?: string | null;
  /**
   * The customer: an id, null for none (an operator, an unknown email address); left out, the customer of
   * `accountId`, read in the same statement.
   */
  customerId?: string | null;
  /** When it happened: the app's clock (tests move it); the database's when left out. */
  at?: Date;
}

/**
 * The row of an event whose customer is known (an id or null): for a caller that writes it as part of a
 * statement of its own (the gateway logs a decision and its events in one).
 */
export function signInEventRow(
  event: SignInEvent & { customerId: string | null },
): typeof signInEvents.$inferInsert {
  return {
    kind: event.kind,
    method: event.method,
    outcome: event.outcome,
    accountId: event.accountId ?? null,
    userId: event.userId ?? null,
    customerId: event.customerId,
    ...(event.at ? { createdDate: event.at } : {}),
  };
}

/** Writes one event; never throws (a failure is logged as a warning). */
export async function recordSignInEvent(
  db: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  event: SignInEvent,
): Promise<void> {
  const accountId = event.accountId ?? null;
  const customerId: string | null | SQL =
    event.customerId !== undefined || accountId === null
      ? (event.customerId ?? null)
      : sql`(${db.select({ customerId: accounts.customerId }).from(accounts).where(eq(accounts.id, accountId))})`;
  try {
    await db.insert(signInEvents).values({ ...signInEventRow({ ...event, customerId: null }), customerId });
  } catch (error) {
    log.warn(
      { err: error, kind: event.kind, method: event.method, outcome: event.outcome },
      'a sign-in event could not be recorded',
    );
  }
}
