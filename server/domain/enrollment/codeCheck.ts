import { eq } from 'drizzle-orm';
import { OTP_LOCK } from '../../../contract/otp.ts';
import type { Database } from '../../db/client.ts';
import { userDevices } from '../../db/schema.ts';
import type { Sealer } from '../secrets.ts';
import { matchedTotpStep } from './totp.ts';

/**
 * The check of a TOTP code against the seeds it may come from (a user's OTP seeds, the V-Key apps it
 * activated), shared by the gateways' check (otp.ts verifyCode) and the account's second factor
 * (secondFactor.ts): a code works once (its time step must be past the last one accepted from that seed),
 * wrong codes are counted on every open seed and, at OTP_LOCK.attempts in a row, lock them for
 * OTP_LOCK.minutes; a right code forgets the wrong ones before it.
 *
 * The caller reads the candidates locked (`for update`) in its transaction and commits what this writes even
 * when the code was wrong (answer the refusal after the transaction, not by throwing inside it); or, as the
 * RADIUS server does (gateway/decision.ts), writes each only if its row is still the version it read.
 */

/** A seed a code may come from, as locked for the check. */
export interface CodeCandidate {
  id: string;
  /** Sealed (server/domain/secrets.ts). */
  seed: string;
  lastUsedStep: number | null;
  failedAttempts: number;
  lockedUntil: Date | null;
}

/** What the check writes back to a candidate's row. */
export type CandidateUpdate = Partial<Pick<CodeCandidate, 'lastUsedStep' | 'failedAttempts' | 'lockedUntil'>>;

/**
 * Writes a candidate's bookkeeping; `matched` is true for the one the code came from (a device records
 * its sign-in there).
 */
export type CandidateWriter<C extends CodeCandidate> = (
  candidate: C,
  values: CandidateUpdate,
  matched: boolean,
) => Promise<unknown>;

export type CodeCheck<C extends CodeCandidate> =
  | { outcome: 'match'; candidate: C; step: number }
  /** Not the code of any open candidate: counted. */
  | { outcome: 'wrong' }
  /** Every candidate is locked: nothing was checked or counted. */
  | { outcome: 'locked' }
  /** No candidate at all: nothing to check or count. */
  | { outcome: 'none' };

const LOCK_MS = OTP_LOCK.minutes * 60_000;

const isLocked = (candidate: CodeCandidate, now: Date) =>
  candidate.lockedUntil !== null && candidate.lockedUntil.getTime() > now.getTime();

/** Checks `code` against the candidates (locked by the caller) and writes the bookkeeping through `write`. */
export async function checkCode<C extends CodeCandidate>(
  sealer: Sealer,
  candidates: readonly C[],
  code: string,
  now: Date,
  write: CandidateWriter<C>,
): Promise<CodeCheck<C>> {
  if (candidates.length === 0) return { outcome: 'none' };
  const open = candidates.filter((candidate) => !isLocked(candidate, now));
  if (open.length === 0) return { outcome: 'locked' };

  let match: { candidate: C; step: number } | undefined;
  for (const candidate of open) {
    let secret: string;
    try {
      secret = sealer.open(candidate.seed);
    } catch {
      continue; // Sealed under another key: no code can match it.
    }
    const step = await matchedTotpStep(secret, code, now, candidate.lastUsedStep);
    if (step !== undefined) {
      match = { candidate, step };
      break;
    }
  }

  if (match) {
    // The code's owner is who they say: the wrong codes before are forgotten on every open candidate.
    for (const candidate of open) {
      const matched = candidate === match.candidate;
      if (matched || candidate.failedAttempts > 0 || candidate.lockedUntil) {
        await write(
          candidate,
          { ...(matched ? { lastUsedStep: match.step } : {}), failedAttempts: 0, lockedUntil: null },
          matched,
        );
      }
    }
    return { outcome: 'match', ...match };
  }
  for (const candidate of open) {
    // A lock that has ended starts the count over.
    const failedAttempts = (candidate.lockedUntil ? 0 : candidate.failedAttempts) + 1;
    const lockedUntil = failedAttempts >= OTP_LOCK.attempts ? new Date(now.getTime() + LOCK_MS) : null;
    await write(candidate, { failedAttempts, lockedUntil }, false);
  }
  return { outcome: 'wrong' };
}

/** The fields of user_devices a check reads, as CodeCandidate's. */
export const deviceCandidateFields = {
  id: userDevices.id,
  seed: userDevices.totpSeed,
  lastUsedStep: userDevices.lastUsedStep,
  failedAttempts: userDevices.failedAttempts,
  lockedUntil: userDevices.lockedUntil,
};

/**
 * Writes a device's bookkeeping; the device a code came from records the sign-in (its lastSignInDate, shown
 * in the user's troubleshooting log) when `signIn` says the code signs someone in.
 */
export const deviceWriter =
  (tx: Database, now: Date, signIn = true): CandidateWriter<CodeCandidate> =>
  (candidate, values, matched) =>
    tx
      .update(userDevices)
      .set({ ...values, ...(matched && signIn ? { lastSignInDate: now } : {}) })
      .where(eq(userDevices.id, candidate.id));
