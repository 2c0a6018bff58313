import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SESSION_ERRORS } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { accounts, signinFailures } from '../../db/schema.ts';
import { type AppError, fail } from '../../errors.ts';

/**
 * The sign-in delay (README, "Sign-in errors"): wrong passwords are counted per login and client address,
 * so that a stranger's guesses never keep the owner out.
 *
 * - One address: its first FREE_ATTEMPTS wrong passwords for a login cost nothing; then that address waits
 *   FIRST_DELAY_SEC before its next password for that login is checked, and every further wrong one doubles
 *   the wait, up to MAX_DELAY_SEC. Other addresses do not wait.
 * - Many addresses: once a login has had LOGIN_FREE_ATTEMPTS wrong passwords from all addresses together
 *   (a login under siege), every address waits after its first wrong one. An address that has not failed is
 *   always heard: the owner signs in from his own with his right password, while each guessing address gets
 *   one guess, then waits.
 * A right password forgets its address's wrong ones; a QR sign-in approved by the account's own app forgets
 * the login's; FORGET_AFTER_SEC without an attempt forgets them too.
 *
 * Each attempt is counted before its password is checked, in one atomic statement, so that attempts sent
 * together cannot slip past the wait.
 */
export const FREE_ATTEMPTS = 5;
export const LOGIN_FREE_ATTEMPTS = 30;
export const FIRST_DELAY_SEC = 30;
export const MAX_DELAY_SEC = 15 * 60;
export const FORGET_AFTER_SEC = 24 * 3600;

/** The `source` of the row that counts a login's wrong passwords from every address. */
const EVERY_ADDRESS = '*';

/** The wait after `failures` wrong passwords in a row from one address, `free` of them free, in seconds. */
export function delayAfter(failures: number, free = FREE_ATTEMPTS): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SEC, FIRST_DELAY_SEC * 2 ** Math.min(failures - free, 20));
}

/** The address waits: 429, its message counting the seconds left. */
export const signinDelayed = (seconds: number): AppError =>
  fail(SESSION_ERRORS.authTooManyAttempts, { smart_count: seconds });

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const secondsLater = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** The address a sign-in comes from, as counted: `::ffff:10.0.0.1` is 10.0.0.1; none known, 'unknown'. */
export const sourceOf = (address: string | undefined): string =>
  address ? address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase() : 'unknown';

/** The login's wrong passwords from every address, within FORGET_AFTER_SEC. */
async function loginFailures(db: Database, login: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: signinFailures.count, lastFailedAt: signinFailures.lastFailedAt })
    .from(signinFailures)
    .where(and(eq(signinFailures.login, login), eq(signinFailures.source, EVERY_ADDRESS)));
  if (!row || row.lastFailedAt <= secondsLater(now, -FORGET_AFTER_SEC)) return 0;
  return row.count;
}

/**
 * Counts an attempt for `login` from `source` and answers 0, unless that address is waiting: then it counts
 * nothing and answers the seconds left (signinDelayed). Call before checking the password; a right one
 * calls forgetSigninFailures.
 */
export async function claimSigninAttempt(
  db: Database,
  login: string,
  source: string,
  now: Date,
): Promise<number> {
  // Logins nobody has tried for a day are forgotten, so that the table does not keep every login ever tried.
  await db
    .delete(signinFailures)
    .where(
      and(
        lt(signinFailures.lastFailedAt, secondsLater(now, -FORGET_AFTER_SEC)),
        or(isNull(signinFailures.lockedUntil), lte(signinFailures.lockedUntil, now)),
      ),
    );
  const free = (await loginFailures(db, login, now)) >= LOGIN_FREE_ATTEMPTS ? 1 : FREE_ATTEMPTS;
  const forgotten = sql`${signinFailures.lastFailedAt} <= ${timestamp(secondsLater(now, -FORGET_AFTER_SEC))}`;
  const failures = sql`(case when ${forgotten} then 1 else ${signinFailures.count} + 1 end)`;
  // The exponent is capped like delayAfter's: a long siege must not overflow power().
  const wait = sql`least(${MAX_DELAY_SEC}, ${FIRST_DELAY_SEC} * power(2, least(${failures} - ${free}, 20)))`;
  const firstWait = delayAfter(1, free);
  for (let round = 0; round < 2; round++) {
    const counted = await db
      .insert(signinFailures)
      .values({
        login,
        source,
        count: 1,
        lastFailedAt: now,
        lockedUntil: firstWait > 0 ? secondsLater(now, firstWait) : null,
      })
      .onConflictDoUpdate({
        target: [signinFailures.login, signinFailures.source],
        set: {
          count: failures,
          lastFailedAt: now,
          lockedUntil: sql`case when ${failures} >= ${free}
            then ${timestamp(now)} + ${wait} * interval '1 second' else null end`,
        },
        setWhere: sql`${signinFailures.lockedUntil} is null or ${signinFailures.lockedUntil} <= ${timestamp(now)}`,
      })
      .returning({ count: signinFailures.count });
    if (counted.length > 0) {
      await db
        .insert(signinFailures)
        .values({ login, source: EVERY_ADDRESS, count: 1, lastFailedAt: now })
        .onConflictDoUpdate({
          target: [signinFailures.login, signinFailures.source],
          set: { count: failures, lastFailedAt: now },
        });
      return 0;
    }

    const [waiting] = await db
      .select({ lockedUntil: signinFailures.lockedUntil })
      .from(signinFailures)
      .where(and(eq(signinFailures.login, login), eq(signinFailures.source, source)));
    if (waiting?.lockedUntil && waiting.lockedUntil > now) {
      return Math.max(1, Math.ceil((waiting.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    // Forgotten in between (a right password or a QR sign-in): count the attempt afresh.
  }
  return 1;
}

/** A right password: its address's wrong ones are forgotten, and it no longer counts for the login. */
export async function forgetSigninFailures(db: Database, login: string, source: string): Promise<void> {
  await db
    .delete(signinFailures)
    .where(and(eq(signinFailures.login, login), eq(signinFailures.source, source)));
  const everyAddress = and(eq(signinFailures.login, login), eq(signinFailures.source, EVERY_ADDRESS));
  await db.delete(signinFailures).where(and(everyAddress, lte(signinFailures.count, 1)));
  await db
    .update(signinFailures)
    .set({ count: sql`${signinFailures.count} - 1` })
    .where(everyAddress);
}

/** A QR sign-in approved by the account's own app forgets its login's wrong passwords, from every address. */
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

/** What /metrics tells of the sign-in delay, across every instance (the counts live in the database). */
export interface SigninFigures {
  /** Wrong passwords counted in the last FORGET_AFTER_SEC, every login and address together. */
  wrongPasswords: number;
  /** Addresses now waiting before their next password for a login is checked, one per login and address. */
  waitingAddresses: number;
  /** Logins with LOGIN_FREE_ATTEMPTS wrong passwords or more from all addresses: every address waits. */
  besiegedLogins: number;
}

export async function signinFigures(db: Database, now: Date): Promise<SigninFigures> {
  const recent = gt(signinFailures.lastFailedAt, secondsLater(now, -FORGET_AFTER_SEC));
  const everyAddress = eq(signinFailures.source, EVERY_ADDRESS);
  const [row] = await db
    .select({
      wrongPasswords: sql<number>`coalesce(sum(${signinFailures.count}) filter (where ${everyAddress}), 0)::int`,
      waitingAddresses: sql<number>`(count(*) filter (where ${signinFailures.source} <> ${EVERY_ADDRESS}
        and ${signinFailures.lockedUntil} > ${timestamp(now)}))::int`,
      besiegedLogins: sql<number>`(count(*) filter (where ${everyAddress}
        and ${signinFailures.count} >= ${LOGIN_FREE_ATTEMPTS}))::int`,
    })
    .from(signinFailures)
    .where(or(recent, gt(signinFailures.lockedUntil, now)));
  return {
    wrongPasswords: Number(row?.wrongPasswords ?? 0),
    waitingAddresses: Number(row?.waitingAddresses ?? 0),
    besiegedLogins: Number(row?.besiegedLogins ?? 0),
  };
}
