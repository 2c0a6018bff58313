import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_ERRORS } from '../../../contract/account.ts';
import { CUSTOMER_ERRORS } from '../../../contract/customer.ts';
import { SELF_SERVICE_ERRORS, type SignupBody } from '../../../contract/selfService.ts';
import { SIGNUP_ACTIVATION_ERRORS } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, customers, roles } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { type Modifier, personName } from '../../domain/audit.ts';
import { assertNewPassword, hashPassword } from '../../domain/passwords.ts';
import { assertPhone } from '../../domain/phones.ts';
import { AppError, fail } from '../../errors.ts';
import type { CallBase } from '../../kit/call.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../seed.ts';
import { isEmail } from '../account/accounts.ts';
import { customerValues } from '../customer/customers.ts';
import { signupActivationMail } from './mails.ts';
import { claimToken, issueToken, spendToken } from './tokens.ts';

/**
 * Sign-up (spec 01 §3 and §5, contract/selfService.ts): a prospect's form makes an inactive customer, its
 * root administrator (inactive too, holding customer_admin) and an activation link mailed to the address,
 * all in one transaction; the link's token activates both, once.
 */

/** What a self-service call uses beside its transactions. */
export type SelfServiceCall = Pick<CallBase<unknown>, 'transaction' | 'services' | 'origin'>;

/** 400 `error.email.invalid` naming the form's field. */
export const emailInvalidIn = (field: string) => fail(ACCOUNT_ERRORS.emailInvalid, { field });

/** 409 `error.email.existed` naming the field, and nothing of the account that holds the address. */
const emailInUse = () => fail(ACCOUNT_ERRORS.emailExisted, { field: 'email' });

/** The address as accounts keep it (trimmed, lower-case); 400 naming `field` when it is none. */
export function emailOf(value: string, field: string): string {
  const email = value.trim().toLowerCase();
  if (!isEmail(email)) throw emailInvalidIn(field);
  return email;
}

/** The form's values, checked in the spec's order (the email, the agreement, the passwords, the phone). */
export function signupValues(body: SignupBody) {
  const email = emailOf(body.email, 'email');
  if (body.agreement !== true) throw fail(SELF_SERVICE_ERRORS.agreementRequired);
  if (body.password !== body.confirmPassword) throw fail(SELF_SERVICE_ERRORS.confirmMismatch);
  assertNewPassword(body.password, { email, field: 'password' });
  const companyPhone = body.companyPhone.trim();
  assertPhone('companyPhone', companyPhone);
  return {
    email,
    password: body.password,
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    companyName: body.companyName.trim(),
    companyPhone,
    tierId: body.tierId?.trim() || null,
  };
}

/** The shared customer administrator role (the seed makes it). */
async function customerAdminRoleId(tx: Database): Promise<string> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, CUSTOMER_ADMIN_ROLE), isNull(roles.customerId)));
  if (!role) throw new Error(`the built-in role ${CUSTOMER_ADMIN_ROLE} is missing`);
  return role.id;
}

/** A company name another customer has: the 409 names the field. */
function companyNameTaken(error: unknown): unknown {
  return error instanceof AppError && error.messageKey === CUSTOMER_ERRORS.companyNameExisted.key
    ? fail(CUSTOMER_ERRORS.companyNameExisted, { field: 'companyName' })
    : error;
}

/** Who made a self-service change: the account itself. */
export const byAccount = (account: {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}): Modifier => ({
  id: account.id,
  email: account.email,
  name: personName(account.firstName, account.lastName),
});

/**
 * Signs up: checks the form, hashes the password (outside any transaction), then, in one transaction, the
 * customer, its root administrator, the activation token, its mail and the audit entries. Any refusal or
 * failure leaves nothing written. Answers the address the link was sent to.
 */
export async function signUp(call: SelfServiceCall, body: SignupBody): Promise<{ email: string }> {
  const values = signupValues(body);
  const passwordHash = await hashPassword(values.password);
  const { config, mail } = call.services;
  const now = call.services.now();
  try {
    await call.transaction(async (tx, audit) => {
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, values.email));
      if (taken) throw emailInUse();
      const customerFields = await customerValues(tx, {
        companyName: values.companyName,
        contactEmail: values.email,
        contactPhone: values.companyPhone,
      }).catch((error: unknown) => {
        throw companyNameTaken(error);
      });
      const [customer] = await tx
        .insert(customers)
        .values({ ...customerFields, status: 'INACTIVE' })
        .returning();
      const [account] = await tx
        .insert(accounts)
        .values({
          email: values.email,
          passwordHash,
          firstName: values.firstName,
          lastName: values.lastName,
          mobilePhone: values.companyPhone,
          status: 'INACTIVE',
          customerId: customer!.id,
          isCustomerRoot: true,
          forceChangePassword: false,
        })
        .returning();
      const roleId = await customerAdminRoleId(tx);
      await tx.insert(accountRoles).values({ accountId: account!.id, roleId });
      const { token, expiresAt } = await issueToken(
        tx,
        {
          kind: 'signupActivation',
          accountId: account!.id,
          customerId: customer!.id,
          email: values.email,
          tierId: values.tierId,
        },
        now,
      );
      await mail.enqueue(
        tx,
        signupActivationMail({
          customerId: customer!.id,
          to: values.email,
          productName: config.productName,
          name: personName(values.firstName, values.lastName) ?? values.email,
          companyName: values.companyName,
          link: `${call.origin}/signup-activate/${token}`,
          expireDate: expiresAt,
        }),
      );
      const by = byAccount(account!);
      await audit({
        by,
        table: 'Customer',
        action: 'CREATE',
        entityId: customer!.id,
        customerId: customer!.id,
        after: {
          companyName: customer!.companyName,
          contactEmail: customer!.contactEmail,
          contactPhone: customer!.contactPhone,
          status: customer!.status,
        },
      });
      await audit({
        by,
        table: 'Account',
        action: 'CREATE',
        entityId: account!.id,
        customerId: customer!.id,
        after: {
          email: account!.email,
          firstName: account!.firstName,
          lastName: account!.lastName,
          mobilePhone: account!.mobilePhone,
          status: account!.status,
          isCustomerRoot: true,
          roleIds: [roleId],
        },
      });
    });
  } catch (error) {
    // Two sign-ups of one address at once: the unique index refuses the second.
    throw sqlStateOf(error) === '23505' ? emailInUse() : error;
  }
  return { email: values.email };
}

/**
 * Activates a sign-up with its link's token: the customer and its administrator become ACTIVE and the
 * token is spent. Unknown 404, used 409, expired 410 (SIGNUP_ACTIVATION_ERRORS).
 */
export async function activateSignup(
  call: SelfServiceCall,
  token: string,
): Promise<{ email: string; tierId: string | null }> {
  const now = call.services.now();
  return call.transaction(async (tx, audit) => {
    const found = await claimToken(tx, 'signupActivation', token, now);
    if (found.state === 'unknown') throw fail(SIGNUP_ACTIVATION_ERRORS.invalid);
    if (found.state === 'used') throw fail(SIGNUP_ACTIVATION_ERRORS.processed);
    if (found.state === 'expired') throw fail(SIGNUP_ACTIVATION_ERRORS.expired);
    const { row } = found;
    const [account] = await tx
      .update(accounts)
      .set({ status: 'ACTIVE', modifiedDate: now })
      .where(eq(accounts.id, row.accountId))
      .returning({
        id: accounts.id,
        email: accounts.email,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        customerId: accounts.customerId,
      });
    if (!account?.customerId) throw fail(SIGNUP_ACTIVATION_ERRORS.invalid);
    const [customer] = await tx
      .update(customers)
      .set({ status: 'ACTIVE' })
      .where(eq(customers.id, account.customerId))
      .returning({ id: customers.id, companyName: customers.companyName });
    await spendToken(tx, row.id, now);
    const by = byAccount(account);
    const activated = { status: { before: 'INACTIVE', after: 'ACTIVE' } };
    await audit({
      by,
      table: 'Customer',
      action: 'ACTIVATE',
      entityId: account.customerId,
      entityName: customer?.companyName ?? null,
      customerId: account.customerId,
      changes: activated,
    });
    await audit({
      by,
      table: 'Account',
      action: 'ACTIVATE',
      entityId: account.id,
      entityName: account.email,
      customerId: account.customerId,
      changes: activated,
    });
    return { email: row.email, tierId: row.tierId };
  });
}
