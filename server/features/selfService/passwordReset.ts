import { and, eq, isNull } from 'drizzle-orm';
import { PASSWORD_HISTORY } from '../../../contract/rules.ts';
import { type ResetDestination, SELF_SERVICE_ERRORS } from '../../../contract/selfService.ts';
import { PASSWORD_ERRORS, SESSION_ERRORS } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { accounts, authorizationCodes, customers, secondFactorRequests, sessions } from '../../db/schema.ts';
import { changesBetween, personName } from '../../domain/audit.ts';
import {
  assertNewPassword,
  hashPassword,
  isRecentPassword,
  previousHashesAfter,
  verifyPassword,
} from '../../domain/passwords.ts';
import { randomToken, sha256Hex } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import { liftSigninDelay } from '../session/signinDelay.ts';
import { passwordResetMail } from './mails.ts';
import { byAccount, emailOf, type SelfServiceCall } from './signup.ts';
import { claimToken, issueToken, spendToken, spendTokensOf, TOKEN_BYTES } from './tokens.ts';

/**
 * A forgotten password (spec 01 §6, contract/selfService.ts): a reset link mailed to the account's email,
 * or to its verified recovery email, and the new password set with the link's token, once. Asking tells
 * nothing of whether the address has an account: the answer, and the time it takes, are the same.
 */

/** The least time a reset request takes, whatever it found: a sent mail takes no longer than none. */
export const RESET_REQUEST_MIN_MS = 250;

/** The account a reset request names, with what decides whether a link is sent and where. */
async function accountOfEmail(tx: Database, email: string) {
  const [account] = await tx
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      status: accounts.status,
      customerId: accounts.customerId,
      customerStatus: customers.status,
      recoveryEmail: accounts.recoveryEmail,
      recoveryEmailVerified: accounts.recoveryEmailVerified,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.email, email));
  return account;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Mails a reset link when the address is an ACTIVE account's (of an ACTIVE customer, or an operator's):
 * to that address, or, with `to: 'recoveryEmail'`, to the account's recovery email once verified (none
 * otherwise). Nothing is answered of what was found, and the call lasts at least RESET_REQUEST_MIN_MS.
 */
export async function requestPasswordReset(
  call: SelfServiceCall,
  body: { email: string; to?: ResetDestination },
): Promise<void> {
  const started = performance.now();
  const email = emailOf(body.email, 'email');
  const now = call.services.now();
  const { config, mail } = call.services;
  await call.transaction(async (tx) => {
    const account = await accountOfEmail(tx, email);
    const active =
      account?.status === 'ACTIVE' && (account.customerId === null || account.customerStatus === 'ACTIVE');
    const destination = !active
      ? null
      : body.to === 'recoveryEmail'
        ? account.recoveryEmailVerified
          ? account.recoveryEmail
          : null
        : account.email;
    if (!account || !destination) {
      // The work of a token that is not made, for the time it takes.
      sha256Hex(randomToken(TOKEN_BYTES));
      return;
    }
    const { token, expiresAt } = await issueToken(
      tx,
      { kind: 'passwordReset', accountId: account.id, customerId: account.customerId, email: destination },
      now,
    );
    const path =
      body.to === 'recoveryEmail'
        ? `/reset-user-by-backup-email/${token}`
        : `/account/reset-password?token=${token}`;
    await mail.enqueue(
      tx,
      passwordResetMail({
        customerId: account.customerId,
        to: destination,
        productName: config.productName,
        name: personName(account.firstName, account.lastName) ?? account.email,
        email: account.email,
        link: `${call.origin}${path}`,
        expireDate: expiresAt,
      }),
    );
  });
  const left = RESET_REQUEST_MIN_MS - (performance.now() - started);
  if (left > 0) await pause(left);
}

const invalidResetToken = () => fail(SESSION_ERRORS.accountInvalidResetToken);

/** A reset token that may be used now, and its account; the refusal of any other. */
async function usableResetToken(tx: Database, token: string, now: Date) {
  const found = await claimToken(tx, 'passwordReset', token, now);
  if (found.state === 'unknown') throw invalidResetToken();
  if (found.state === 'used') throw fail(SELF_SERVICE_ERRORS.resetTokenUsed);
  if (found.state === 'expired') throw fail(SELF_SERVICE_ERRORS.resetTokenExpired);
  const [account] = await tx
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      customerId: accounts.customerId,
      status: accounts.status,
      passwordHash: accounts.passwordHash,
      previousPasswordHashes: accounts.previousPasswordHashes,
    })
    .from(accounts)
    .where(eq(accounts.id, found.row.accountId))
    .for('update');
  // Deactivated since the link was sent: the link no longer works.
  if (account?.status !== 'ACTIVE') throw invalidResetToken();
  return { token: found.row, account };
}

/**
 * Sets a new password with a reset link's token: the token (unknown 400, used or expired 410), then the
 * confirmation and the password rules (not one of the account's last PASSWORD_HISTORY passwords). The
 * password is hashed outside any transaction; then, in one, it is set (the forced change is over), every
 * session of the account ends (and its pending sign-ins), the token and the account's other reset links
 * are spent, the sign-in delay of the login is lifted, and the change is audited.
 */
export async function resetPassword(
  call: SelfServiceCall,
  body: { token: string; newPassword: string; confirmPassword: string },
): Promise<void> {
  const now = call.services.now();
  const { account } = await call.transaction((tx) => usableResetToken(tx, body.token, now));
  const { newPassword } = body;
  if (newPassword !== body.confirmPassword) throw fail(PASSWORD_ERRORS.confirmMismatch);
  const field = 'newPassword';
  assertNewPassword(newPassword, { email: account.email, field });
  const recent =
    (await verifyPassword(newPassword, account.passwordHash)) ||
    (await isRecentPassword(newPassword, account.previousPasswordHashes));
  if (recent) throw fail(PASSWORD_ERRORS.reused, { field, count: PASSWORD_HISTORY });
  const passwordHash = await hashPassword(newPassword);

  await call.transaction(async (tx, audit) => {
    // Checked again under the lock: a link used twice at once sets one password.
    const { token, account: current } = await usableResetToken(tx, body.token, now);
    const at = new Date();
    await tx
      .update(accounts)
      .set({
        passwordHash,
        previousPasswordHashes: previousHashesAfter(current.passwordHash, current.previousPasswordHashes),
        forceChangePassword: false,
        modifiedDate: at,
      })
      .where(eq(accounts.id, current.id));
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.accountId, current.id), isNull(sessions.revokedAt)));
    await tx.delete(authorizationCodes).where(eq(authorizationCodes.accountId, current.id));
    await tx.delete(secondFactorRequests).where(eq(secondFactorRequests.accountId, current.id));
    await spendToken(tx, token.id, now);
    await spendTokensOf(tx, current.id, 'passwordReset', now);
    await liftSigninDelay(tx, current.id);
    await audit({
      by: byAccount(current),
      table: 'Account',
      action: 'UPDATE',
      entityId: current.id,
      entityName: current.email,
      customerId: current.customerId,
      changes: changesBetween({ password: current.passwordHash }, { password: passwordHash }),
    });
  });
}
