import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OwnProfile } from '../../../contract/account.ts';
import { PASSWORD_HISTORY } from '../../../contract/rules.ts';
import { PASSWORD_ERRORS, SESSION_ERRORS } from '../../../contract/session.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, customers, roles, sessions } from '../../db/schema.ts';
import { changesBetween, personName } from '../../domain/audit.ts';
import { auditedImage } from '../../domain/images.ts';
import type { MailQueue } from '../../domain/mail/index.ts';
import {
  assertNewPassword,
  hashPassword,
  isRecentPassword,
  previousHashesAfter,
  verifyAgainstDummy,
  verifyPassword,
} from '../../domain/passwords.ts';
import { assertChangedPhone } from '../../domain/phones.ts';
import { recordSignInEvent, type SignInOutcome } from '../../domain/signInEvents.ts';
import { fail, unauthorized } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { completeSignin } from '../oauth2/oauth2.ts';
import { openSecondFactorRequest } from '../secondFactor/secondFactor.ts';
import {
  OWN_PROFILE_COLUMNS,
  recoveryEmailChange,
  sendRecoveryEmailLink,
} from '../selfService/recoveryEmail.ts';
import { forgetSigninFailures } from './signinDelay.ts';

/**
 * The session (contract/session.ts, contract/account.ts): sign-in by password (outside any customer: the
 * account is found by its email, whoever's it is), sign-out, and the signed-in account's own record,
 * profile and password.
 */

/** Runs work in a transaction of its own (a call's `transaction`). */
export type Transactions = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/** The account a password signs in, with what decides whether it may. */
async function accountOfLogin(tx: Database, login: string) {
  const [account] = await tx
    .select({
      id: accounts.id,
      passwordHash: accounts.passwordHash,
      status: accounts.status,
      customerId: accounts.customerId,
      customerStatus: customers.status,
      forceChangePassword: accounts.forceChangePassword,
      enable2fa: accounts.enable2fa,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.email, login));
  return account;
}

/**
 * Checks a login's password (the attempt already counted for the login and its address: signinDelay.ts) and answers a session, or,
 * with the account's second factor on, a sign-in request for the V-Key app. Every outcome is one of the
 * dashboard's sign-ins (an unknown address: no account, no customer), recorded in a transaction of its own.
 */
export async function signIn(
  transaction: Transactions,
  log: Pick<FastifyBaseLogger, 'warn'>,
  config: Config,
  ask: { login: string; source: string; password: string; state: string | undefined },
  now: Date,
) {
  const { login, source, password, state } = ask;
  const account = await transaction((tx) => accountOfLogin(tx, login));
  const record = (outcome: SignInOutcome) =>
    transaction((tx) =>
      recordSignInEvent(tx, log, {
        kind: 'sign-in',
        method: 'password',
        outcome,
        accountId: account?.id ?? null,
        customerId: account?.customerId ?? null,
        at: now,
      }),
    );

  if (!account) {
    await verifyAgainstDummy(password);
    await record('failure');
    throw fail(SESSION_ERRORS.accountInvalidCredential);
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    await record('failure');
    throw fail(SESSION_ERRORS.accountInvalidCredential);
  }
  await transaction((tx) => forgetSigninFailures(tx, login, source));
  if (account.status !== 'ACTIVE' || (account.customerId !== null && account.customerStatus !== 'ACTIVE')) {
    await record('failure');
    throw fail(SESSION_ERRORS.accountInactive);
  }

  // The second factor applies once the account has changed its initial password (turning it on needs
  // a signed-in account): the password then opens a request for the V-Key app instead of a session.
  // The password was right: a sign-in by password that succeeded, whether a second factor follows or not.
  const answer =
    account.enable2fa && !account.forceChangePassword
      ? await transaction((tx) => openSecondFactorRequest(tx, { accountId: account.id, state }, now))
      : await transaction((tx) => completeSignin(tx, config, account, state, now));
  await record('success');
  return answer;
}

/** Revokes the session of the token. */
export async function signOut(tx: Database, sessionId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** The signed-in account as the session keeps it: its fields, its roles and its customer's name. */
export async function sessionAccountOf(db: Database, accountId: string) {
  const [found] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      mobilePhone: accounts.mobilePhone,
      status: accounts.status,
      isCustomerRoot: accounts.isCustomerRoot,
      customerId: accounts.customerId,
      customerName: customers.companyName,
      forceChangePassword: accounts.forceChangePassword,
      locale: accounts.locale,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.id, accountId));
  if (!found) throw unauthorized();
  const accountRoleRows = await db
    .select({ id: roles.id, name: roles.name, displayName: roles.displayName, scope: roles.scope })
    .from(roles)
    .innerJoin(accountRoles, eq(accountRoles.roleId, roles.id))
    .where(eq(accountRoles.accountId, found.id))
    .orderBy(asc(roles.name), asc(roles.id));
  return {
    ...found,
    username: found.email,
    customerName: found.customerName ?? null,
    roleIds: accountRoleRows.map((role) => role.id),
    roles: accountRoleRows,
  };
}

/**
 * Changes the signed-in account's password, checked in the spec's order (the confirmation, the policy, the
 * old password, a new one) with the rules added since (contract/rules.ts, domain/passwords.ts): at most 128
 * characters, not the email's name, not a common password, none of the account's last 5. Its other
 * sessions end, this one goes on; the replaced password joins the account's previous ones.
 */
export async function changeOwnPassword(
  transaction: Transactions,
  session: { accountId: string; sessionId: string },
  body: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<void> {
  const { oldPassword, newPassword, confirmPassword } = body;
  if (newPassword !== confirmPassword) throw fail(PASSWORD_ERRORS.confirmMismatch);
  const [account] = await transaction((tx) =>
    tx
      .select({
        email: accounts.email,
        passwordHash: accounts.passwordHash,
        previousPasswordHashes: accounts.previousPasswordHashes,
      })
      .from(accounts)
      .where(eq(accounts.id, session.accountId)),
  );
  if (!account) throw unauthorized();
  const field = 'newPassword';
  assertNewPassword(newPassword, { email: account.email, field });
  if (!(await verifyPassword(oldPassword, account.passwordHash))) {
    throw fail(SESSION_ERRORS.accountOldPasswordIncorrect);
  }
  if (newPassword === oldPassword) throw fail(PASSWORD_ERRORS.sameAsOld, { field });
  if (await isRecentPassword(newPassword, account.previousPasswordHashes)) {
    throw fail(PASSWORD_ERRORS.reused, { field, count: PASSWORD_HISTORY });
  }
  const passwordHash = await hashPassword(newPassword);
  await transaction(async (tx) => {
    const now = new Date();
    // Only over the password checked above: a change made meanwhile (another session) keeps its history.
    const changed = await tx
      .update(accounts)
      .set({
        passwordHash,
        previousPasswordHashes: previousHashesAfter(account.passwordHash, account.previousPasswordHashes),
        forceChangePassword: false,
        modifiedDate: now,
      })
      .where(and(eq(accounts.id, session.accountId), eq(accounts.passwordHash, account.passwordHash)))
      .returning({ id: accounts.id });
    if (changed.length === 0) throw fail(SESSION_ERRORS.accountOldPasswordIncorrect);
    // Other sessions were opened with the old password: they end here; this one goes on.
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.accountId, session.accountId),
          ne(sessions.id, session.sessionId),
          isNull(sessions.revokedAt),
        ),
      );
  });
}

/** An optional text of the profile: trimmed, blank as null, absent as undefined (left as it is). */
const optionalText = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * Changes the signed-in account's profile (audited when it changes) and answers the account. The first
 * sign-in's page sends the name and mobile phone only: what a form leaves out stays as it is. A new
 * recovery email is kept unverified and a verification link is mailed to it in the same transaction
 * (contract/selfService.ts); null or '' removes it.
 */
export async function updateOwnProfile(
  scope: WriteScope,
  services: { mail: MailQueue; productName: string; now: Date },
  account: { id: string; customerId: string | null },
  form: OwnProfile,
) {
  const { tx } = scope;
  const [before] = await tx
    .select(OWN_PROFILE_COLUMNS)
    .from(accounts)
    .where(eq(accounts.id, account.id))
    .for('update');
  if (!before) throw unauthorized();
  const { email, ...stored } = before;
  type Profile = typeof stored;
  const values: Partial<Profile> = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    mobilePhone: form.mobilePhone.trim(),
  };
  for (const field of ['organization', 'address', 'contactNumber', 'otherInfo'] as const) {
    const value = optionalText(form[field]);
    if (value !== undefined) values[field] = value;
  }
  if (form.avatar !== undefined) values.avatar = form.avatar;
  assertChangedPhone('mobilePhone', values.mobilePhone, stored.mobilePhone);
  assertChangedPhone('contactNumber', values.contactNumber, stored.contactNumber);
  const recovery = recoveryEmailChange(form.recoveryEmail, before);
  if (recovery) {
    values.recoveryEmail = recovery.recoveryEmail;
    values.recoveryEmailVerified = false;
  }
  // Pictures go into the log as a digest (as an account's edit writes them).
  const audited = (record: Partial<Profile>) =>
    record.avatar === undefined ? record : { ...record, avatar: auditedImage(record.avatar) };
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, stored[key as keyof Profile]]));
  const changes = changesBetween(audited(previous), audited(values));
  if (Object.keys(changes).length > 0) {
    await tx
      .update(accounts)
      .set({ ...values, modifiedDate: new Date() })
      .where(eq(accounts.id, account.id));
    await scope.audit({
      table: 'Account',
      action: 'UPDATE',
      entityId: account.id,
      entityName: personName(values.firstName ?? null, values.lastName ?? null),
      customerId: account.customerId,
      changes,
    });
  }
  if (recovery?.verify && recovery.recoveryEmail) {
    await sendRecoveryEmailLink(
      tx,
      { ...services, origin: scope.origin },
      {
        id: account.id,
        email,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        customerId: account.customerId,
        recoveryEmail: recovery.recoveryEmail,
      },
    );
  }
  return sessionAccountOf(tx, account.id);
}
