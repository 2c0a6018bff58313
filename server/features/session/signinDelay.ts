import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SESSION_ERRORS } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { accounts, signinFailures } from '../../db/schema.ts';
import { type AppError, fail } from '../../errors.ts';

/**
 * The progressive sign-in delay of one login (README, "Sign-in errors"). The first attempts cost
 * nothing; after FREE_ATTEMPTS wrong passwords in a row the login waits FIRST_DELAY_SEC before its
 * next password is checked, and every further wrong one doubles the wait, up to MAX_DELAY_SEC. A
 * right password, or a QR sign-in approved by the account's own app, forgets the wrong ones; so do
 * FORGET_AFTER_SEC without an attempt. Nothing ever locks the owner out for long: a stranger's guesses
 * cost the owner one wait at most, and the QR sign-in never waits.
 *
 * Each attempt is counted before its password is checked, in one atomic statement, so that attempts
 * sent together cannot slip past the wait.
 */
export const FREE_ATTEMPTS = 5;
export const FIRST_DELAY_SEC = 30;
export const MAX_DELAY_SEC = 15 * 60;
export const FORGET_AFTER_SEC = 24 * 3600;

/** The wait after `failures` wrong passwords in a row, in seconds. */
export function delayAfter(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_SEC, FIRST_DELAY_SEC * 2 ** Math.min(failures - FREE_ATTEMPTS, 20));
}

/** The login waits: 429, its message counting the seconds left. */
export const signinDelayed = (seconds: number): AppError =>
  fail(SESSION_ERRORS.authTooManyAttempts, { smart_count: seconds });

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const secondsLater = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/**
 * Counts an attempt for `login` and answers 0, unless the login is waiting: then it counts nothing
 * and answers the seconds left (signinDelayed). Call before checking the password; a right one calls
 * forgetSigninFailures.
 */
export async function claimSigninAttempt(db: Database, login: string, now: Date): Promise<number> {
  const forgotten = sql`${signinFailures.lastFailedAt} <= ${timestamp(secondsLater(now, -FORGET_AFTER_SEC))}`;
  const failures = sql`(case when ${forgotten} then 1 else ${signinFailures.count} + 1 end)`;
  // The exponent is capped like delayAfter's: a long siege must not overflow power().
  const wait = sql`least(${MAX_DELAY_SEC}, ${FIRST_DELAY_SEC} * power(2, least(${failures} - ${FREE_ATTEMPTS}, 20)))`;
  // Logins nobody has tried for a day are forgotten, so that the table does not keep every login ever tried.
  await db
    .delete(signinFailures)
    .where(
      and(
        lt(signinFailures.lastFailedAt, secondsLater(now, -FORGET_AFTER_SEC)),
        or(isNull(signinFailures.lockedUntil), lte(signinFailures.lockedUntil, now)),
      ),
    );
  const firstWait = delayAfter(1);
  for (let round = 0; round < 2; round++) {
    const counted = await db
      .insert(signinFailures)
      .values({
        login,
        count: 1,
        lastFailedAt: now,
        lockedUntil: firstWait > 0 ? secondsLater(now, firstWait) : null,
      })
      .onConflictDoUpdate({
        target: signinFailures.login,
        set: {
          count: failures,
          lastFailedAt: now,
          lockedUntil: sql`case when ${failures} >= ${FREE_ATTEMPTS}
            then ${timestamp(now)} + ${wait} * interval '1 second' else null end`,
        },
        setWhere: sql`${signinFailures.lockedUntil} is null or ${signinFailures.lockedUntil} <= ${timestamp(now)}`,
      })
      .returning({ count: signinFailures.count });
    if (counted.length > 0) return 0;

    const [waiting] = await db
      .select({ lockedUntil: signinFailures.lockedUntil })
      .from(signinFailures)
      .where(eq(signinFailures.login, login));
    if (waiting?.lockedUntil && waiting.lockedUntil > now) {
      return Math.max(1, Math.ceil((waiting.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    // Forgotten in between (a right password or a QR sign-in): count the attempt afresh.
  }
  return 1;
}

/** A right password: the login's wrong ones are forgotten. */
export async function forgetSigninFailures(db: Database, login: string): Promise<void> {
  await db.delete(signinFailures).where(eq(signinFailures.login, login));
}

/** A QR sign-in approved by the account's own app lifts its login's wait. */
export async function liftSigninDelay(db: Database, accountId: string): Promise<void> {
  await db
    .delete(signinFailures)
    .where(
      inArray(
        signinFailures.login,
        db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId)),
      ),
    );
}
