import { eq } from 'drizzle-orm';
import { type OwnProfileRecord, SELF_SERVICE_ERRORS } from '../../../contract/selfService.ts';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { personName } from '../../domain/audit.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import { fail, unauthorized } from '../../errors.ts';
import { recoveryEmailMail } from './mails.ts';
import { byAccount, emailOf, type SelfServiceCall } from './signup.ts';
import { claimToken, issueToken, spendToken } from './tokens.ts';

/**
 * The recovery email (contract/selfService.ts, contract/account.ts OwnProfile): a personal address an
 * account gives in My Account > Profile, unverified until the link mailed to it is opened; once verified,
 * a forgotten password's reset link may be sent there.
 */

/** The columns of an account's own profile (My Account > Profile), but its id. */
export const OWN_PROFILE_COLUMNS = {
  email: accounts.email,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  mobilePhone: accounts.mobilePhone,
  organization: accounts.organization,
  address: accounts.address,
  contactNumber: accounts.contactNumber,
  otherInfo: accounts.otherInfo,
  avatar: accounts.avatar,
  recoveryEmail: accounts.recoveryEmail,
  recoveryEmailVerified: accounts.recoveryEmailVerified,
};

/** The signed-in account's own profile. */
export async function ownProfileOf(db: Database, accountId: string): Promise<OwnProfileRecord> {
  const [profile] = await db
    .select({ id: accounts.id, ...OWN_PROFILE_COLUMNS })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!profile) throw unauthorized();
  return profile;
}

/**
 * A profile form's recovery email, checked against the account's: undefined leaves it as it is; null or
 * blank removes it; another address must be one (400 `error.email.invalid`, field recoveryEmail) and not
 * the account's own email. Answers the stored value, and whether it is a new address to verify.
 */
export function recoveryEmailChange(
  value: string | null | undefined,
  account: { email: string; recoveryEmail: string | null },
): { recoveryEmail: string | null; verify: boolean } | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { recoveryEmail: null, verify: false };
  const recoveryEmail = emailOf(trimmed, 'recoveryEmail');
  if (recoveryEmail === account.email) throw fail(SELF_SERVICE_ERRORS.recoveryEmailSameAsEmail);
  if (recoveryEmail === account.recoveryEmail) return undefined;
  return { recoveryEmail, verify: true };
}

/** Mails a verification link for the account's new recovery email, in the caller's transaction. */
export async function sendRecoveryEmailLink(
  tx: Database,
  services: { mail: MailQueue; productName: string; now: Date; origin: string },
  account: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    customerId: string | null;
    recoveryEmail: string;
  },
): Promise<void> {
  const { token, expiresAt } = await issueToken(
    tx,
    {
      kind: 'recoveryEmail',
      accountId: account.id,
      customerId: account.customerId,
      email: account.recoveryEmail,
    },
    services.now,
  );
  await services.mail.enqueue(
    tx,
    recoveryEmailMail({
      customerId: account.customerId,
      to: account.recoveryEmail,
      productName: services.productName,
      name: personName(account.firstName, account.lastName) ?? account.email,
      email: account.email,
      link: `${services.origin}/verify-personal-email/${token}`,
      expireDate: expiresAt,
    }),
  );
}

/**
 * Verifies a recovery email with its link's token: unknown 404, used 409, expired 410; a link sent to an
 * address that is no longer the account's recovery email is unknown. Answers the address.
 */
export async function verifyRecoveryEmail(
  call: SelfServiceCall,
  token: string,
): Promise<{ recoveryEmail: string }> {
  const now = call.services.now();
  return call.transaction(async (tx, audit) => {
    const found = await claimToken(tx, 'recoveryEmail', token, now);
    if (found.state === 'unknown') throw fail(SELF_SERVICE_ERRORS.recoveryEmailInvalid);
    if (found.state === 'used') throw fail(SELF_SERVICE_ERRORS.recoveryEmailUsed);
    if (found.state === 'expired') throw fail(SELF_SERVICE_ERRORS.recoveryEmailExpired);
    const [account] = await tx
      .select({
        id: accounts.id,
        email: accounts.email,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        customerId: accounts.customerId,
        recoveryEmail: accounts.recoveryEmail,
        recoveryEmailVerified: accounts.recoveryEmailVerified,
      })
      .from(accounts)
      .where(eq(accounts.id, found.row.accountId))
      .for('update');
    if (!account || account.recoveryEmail !== found.row.email) {
      throw fail(SELF_SERVICE_ERRORS.recoveryEmailInvalid);
    }
    await spendToken(tx, found.row.id, now);
    if (!account.recoveryEmailVerified) {
      await tx
        .update(accounts)
        .set({ recoveryEmailVerified: true, modifiedDate: new Date() })
        .where(eq(accounts.id, account.id));
      await audit({
        by: byAccount(account),
        table: 'Account',
        action: 'UPDATE',
        entityId: account.id,
        entityName: account.email,
        customerId: account.customerId,
        changes: { recoveryEmailVerified: { before: false, after: true } },
      });
    }
    return { recoveryEmail: account.recoveryEmail };
  });
}
