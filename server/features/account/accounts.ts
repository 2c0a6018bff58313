import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { scoped } from '../../auth/customer.ts';
import type { Caller } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, customers, roles } from '../../db/schema.ts';
import { auditedImage } from '../../domain/images.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { type RoleScope, roleFits, roleScopeMismatch } from '../role/roles.ts';

/**
 * Administrator accounts: the rules of spec 01 §5 (email, roles) that span the accounts, roles and
 * customers tables, and the account record the account calls answer.
 */

export const emailInvalid = () => badRequest('error.email.invalid', 'Invalid Email');
export const emailExisted = () => conflict('error.email.existed', 'Email already existed');
export const roleRequired = () => badRequest('error.account.roleRequired', 'Account Role is required');
export const rolesDuplicated = () =>
  badRequest('error.account.rolesDuplicated', 'Selected roles are duplicated');
export const accountNotFound = () => notFound('error.account.idNotFound', 'Account ID not found');
export const selfDeactivate = () =>
  badRequest('error.account.selfDeactivate', 'You cannot deactivate your own account.');

export const EMAIL_MAX_LENGTH = 320;
const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;

/** Whether `value` (already trimmed) is an email address. */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);

/** The email as stored (trimmed, lower-case); 400 `error.email.invalid` when missing or malformed. */
export function checkEmail(value: string | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!isEmail(email)) throw emailInvalid();
  return email;
}

/**
 * 409 `error.email.existed` when an account other than `exceptId` has the email, whoever holds it.
 * Emails are unique across the product (sign-in is by email), so the caller learns that the address is
 * taken somewhere: that much no answer can hide. The answer says nothing more (not whose, not in which
 * customer), and is the same for every caller and every holder (README, "An email already in use").
 */
export async function assertEmailFree(db: Database, email: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.email, email), exceptId === undefined ? undefined : ne(accounts.id, exceptId)));
  if (taken) throw emailExisted();
}

/** A write that lost a race for an email: the unique index answers, and so do we (409). */
export function asEmailConflict(error: unknown): unknown {
  return sqlStateOf(error) === '23505' ? emailExisted() : error;
}

/** The role ids of a form: at least one (`error.account.roleRequired`), none twice (`…rolesDuplicated`). */
export function checkRoleIds(roleIds: readonly string[] | undefined): string[] {
  if (!roleIds || roleIds.length === 0) throw roleRequired();
  const lowered = roleIds.map((id) => id.toLowerCase());
  if (new Set(lowered).size !== lowered.length) throw rolesDuplicated();
  return lowered;
}

/**
 * Every role exists and may be held by an account of `customerId` (null: the provider); otherwise 400
 * `error.account.roleScope`, whether a role is unknown, of another customer or of the wrong scope.
 */
export async function assertRolesFit(
  db: Database,
  roleIds: readonly string[],
  customerId: string | null,
): Promise<void> {
  const wellFormed = roleIds.filter((id) => UUID_PATTERN.test(id));
  if (wellFormed.length !== roleIds.length) throw roleScopeMismatch();
  const found = await db
    .select({ scope: roles.scope, customerId: roles.customerId })
    .from(roles)
    .where(inArray(roles.id, wellFormed));
  if (found.length !== roleIds.length || !found.every((role) => roleFits(role, customerId))) {
    throw roleScopeMismatch();
  }
}

/** Makes the account's roles exactly `roleIds`. */
export async function replaceRoles(
  tx: Database,
  accountId: string,
  roleIds: readonly string[],
): Promise<void> {
  await tx.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
  await tx.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId, roleId })));
}

/** The accounts a caller may see: its own customer's, or (a provider operator) all of them. */
export const visibleAccounts = (caller: Pick<Caller, 'account'>): SQL | undefined =>
  caller.account.customerId === null ? undefined : scoped(accounts.customerId, caller.account.customerId);

/** The stored fields of the account record (never the password hash). */
export const accountFields = {
  id: accounts.id,
  email: accounts.email,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  mobilePhone: accounts.mobilePhone,
  organization: accounts.organization,
  address: accounts.address,
  contactNumber: accounts.contactNumber,
  otherInfo: accounts.otherInfo,
  avatar: accounts.avatar,
  enable2fa: accounts.enable2fa,
  status: accounts.status,
  customerId: accounts.customerId,
  customerName: customers.companyName,
  isCustomerRoot: accounts.isCustomerRoot,
  createdDate: accounts.createdDate,
};

/** The select of account records, to be given its WHERE (or passed to findRows). */
export const selectAccounts = (db: Database) =>
  db
    .select(accountFields)
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .$dynamic();

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

export interface AccountRoleSummary {
  id: string;
  name: string;
  displayName: string;
  scope: RoleScope;
}

export interface AccountRecord extends Omit<AccountRow, 'createdDate'> {
  roleIds: string[];
  roles: AccountRoleSummary[];
  createdDate: string;
}

/** The records of loaded rows, with their roles (by name), in the order of the rows. */
export async function toAccountRecords(db: Database, rows: readonly AccountRow[]): Promise<AccountRecord[]> {
  if (rows.length === 0) return [];
  const held = await db
    .select({
      accountId: accountRoles.accountId,
      id: roles.id,
      name: roles.name,
      displayName: roles.displayName,
      scope: roles.scope,
    })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(
      inArray(
        accountRoles.accountId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(roles.name), asc(roles.id));
  return rows.map((row) => {
    const own = held
      .filter((role) => role.accountId === row.id)
      .map(({ id, name, displayName, scope }) => ({ id, name, displayName, scope }));
    return {
      ...row,
      createdDate: row.createdDate.toISOString(),
      roleIds: own.map((role) => role.id),
      roles: own,
    };
  });
}

/**
 * One account the caller may see, as a record; 404 `error.account.idNotFound` for any other id.
 * `forUpdate` locks the account's row until the transaction ends.
 */
export async function findAccount(
  db: Database,
  caller: Pick<Caller, 'account'>,
  id: string,
  forUpdate = false,
): Promise<AccountRecord> {
  if (!UUID_PATTERN.test(id)) throw accountNotFound();
  const query = selectAccounts(db).where(and(eq(accounts.id, id.toLowerCase()), visibleAccounts(caller)));
  const rows = forUpdate ? await query.for('update', { of: accounts }) : await query;
  const [record] = await toAccountRecords(db, rows);
  if (!record) throw accountNotFound();
  return record;
}

/** What the audit log keeps of an account: its editable fields and roles (pictures as a digest). */
export function auditedAccount(record: {
  email: string;
  firstName: string;
  lastName: string;
  mobilePhone: string;
  organization: string | null;
  address: string | null;
  contactNumber: string | null;
  otherInfo: string | null;
  avatar: string | null;
  enable2fa: boolean;
  status: string;
  customerId: string | null;
  roleIds: readonly string[];
}): Record<string, unknown> {
  return {
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    mobilePhone: record.mobilePhone,
    organization: record.organization,
    address: record.address,
    contactNumber: record.contactNumber,
    otherInfo: record.otherInfo,
    avatar: auditedImage(record.avatar),
    enable2fa: record.enable2fa,
    status: record.status,
    customerId: record.customerId,
    roleIds: [...record.roleIds].sort(),
  };
}
