import { and, eq, isNull, lt } from 'drizzle-orm';
import { SELF_SERVICE_LIMITS } from '../../../contract/selfService.ts';
import type { Database } from '../../db/client.ts';
import { selfServiceTokens } from '../../db/schema.ts';
import { randomToken, sha256Hex } from '../../domain/secrets.ts';
import type { SelfServiceTokenKind } from './schema.ts';

/**
 * The tokens of the self-service links (schema.ts): random (32 bytes, base64url), kept as their SHA-256
 * only, used once, expiring after SELF_SERVICE_LIMITS. The token itself is handed to the mail that
 * carries it and to nothing else (never logged, never answered).
 */

/** Random bytes in a token (43 base64url characters). */
export const TOKEN_BYTES = 32;

/** How long a token of each kind stays valid, in milliseconds. */
export const TOKEN_LIFETIME_MS: Readonly<Record<SelfServiceTokenKind, number>> = {
  signupActivation: SELF_SERVICE_LIMITS.activationHours * 3_600_000,
  passwordReset: SELF_SERVICE_LIMITS.resetMinutes * 60_000,
  recoveryEmail: SELF_SERVICE_LIMITS.recoveryEmailHours * 3_600_000,
};

/** Tokens expired this long ago are deleted when new ones are made (their links answer as unknown). */
const KEPT_AFTER_EXPIRY_MS = 30 * 24 * 3_600_000;

export type TokenRow = typeof selfServiceTokens.$inferSelect;

export interface NewToken {
  kind: SelfServiceTokenKind;
  accountId: string;
  customerId: string | null;
  /** The address the link is sent to. */
  email: string;
  tierId?: string | null;
}

/** Makes a token, stores its hash and answers the token and its expiry (for the link and the mail). */
export async function issueToken(
  tx: Database,
  token: NewToken,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  await tx
    .delete(selfServiceTokens)
    .where(lt(selfServiceTokens.expiresAt, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS)));
  const secret = randomToken(TOKEN_BYTES);
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[token.kind]);
  await tx.insert(selfServiceTokens).values({
    kind: token.kind,
    tokenHash: sha256Hex(secret),
    accountId: token.accountId,
    customerId: token.customerId,
    email: token.email,
    tierId: token.tierId ?? null,
    expiresAt,
    createdDate: now,
  });
  return { token: secret, expiresAt };
}

/** What a link's token is now. */
export type TokenState = 'unknown' | 'used' | 'expired' | 'valid';

/**
 * The token of a link, locked for the rest of the transaction (two uses at once: one waits, then finds it
 * used), with its state: a used token is `used` even once expired.
 */
export async function claimToken(
  tx: Database,
  kind: SelfServiceTokenKind,
  token: string,
  now: Date,
): Promise<{ state: 'unknown'; row?: undefined } | { state: Exclude<TokenState, 'unknown'>; row: TokenRow }> {
  const [row] = await tx
    .select()
    .from(selfServiceTokens)
    .where(and(eq(selfServiceTokens.tokenHash, sha256Hex(token)), eq(selfServiceTokens.kind, kind)))
    .for('update');
  if (!row) return { state: 'unknown' };
  if (row.usedAt !== null) return { state: 'used', row };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired', row };
  return { state: 'valid', row };
}

/** Marks a token used. */
export async function spendToken(tx: Database, id: string, now: Date): Promise<void> {
  await tx.update(selfServiceTokens).set({ usedAt: now }).where(eq(selfServiceTokens.id, id));
}

/** Spends every unused token of one kind of an account (the other reset links, once one is used). */
export async function spendTokensOf(
  tx: Database,
  accountId: string,
  kind: SelfServiceTokenKind,
  now: Date,
): Promise<void> {
  await tx
    .update(selfServiceTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(selfServiceTokens.accountId, accountId),
        eq(selfServiceTokens.kind, kind),
        isNull(selfServiceTokens.usedAt),
      ),
    );
}
