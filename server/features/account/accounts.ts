import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  ACCOUNT_ERRORS,
  ACCOUNT_LISTING,
  type AccountForm,
  type AccountRecord,
} from '../../../contract/account.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import { accountRoles, accounts, customers, roles } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { changesBetween } from '../../domain/audit.ts';
import { auditedImage } from '../../domain/images.ts';
import { generatePasswordFor, hashPassword } from '../../domain/passwords.ts';
import { assertChangedPhone } from '../../domain/phones.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows, type StatusChange } from '../../kit/rows.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';
import { assertPermissionEditorLeft, type RoleScope, roleFits, roleScopeMismatch } from '../role/roles.ts';

/**
 * Administrator accounts (contract/account.ts): the rules of docs/requirements/portal-validation.md (email, roles) that span the
 * accounts, roles and customers tables, the account rows and records the account calls answer, and the
 * account's creation, change and (de)activation. A customer's account reaches only its customer's accounts:
 * the database keeps its calls there.
 */

export const emailInvalid = () => fail(ACCOUNT_ERRORS.emailInvalid);
export const emailExisted = () => fail(ACCOUNT_ERRORS.emailExisted);
export const accountNotFound = () => fail(ACCOUNT_ERRORS.accountIdNotFound);

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
 * customer), and is the same for every caller and every holder (README, "An email already in use"). In a
 * customer's transaction the accounts of others are out of sight: the unique index answers for them
 * (`asEmailConflict`).
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
  if (!roleIds || roleIds.length === 0) throw fail(ACCOUNT_ERRORS.accountRoleRequired);
  const lowered = roleIds.map((id) => id.toLowerCase());
  if (new Set(lowered).size !== lowered.length) throw fail(ACCOUNT_ERRORS.accountRolesDuplicated);
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

const accountListing = defineListing({
  filters: {
    q: ilikeAny([accounts.email, accounts.firstName, accounts.lastName]),
    status: equals(accounts.status),
    // Chooses whose accounts are listed: the guard resolves it as the call's customer.
    customerId: { schema: Type.String({ maxLength: 100 }), where: () => undefined },
  },
  sort: {
    email: accounts.email,
    firstName: accounts.firstName,
    lastName: accounts.lastName,
    mobilePhone: accounts.mobilePhone,
    status: accounts.status,
    createdDate: accounts.createdDate,
    id: accounts.id,
  },
  defaultSort: ACCOUNT_LISTING.defaultSort,
  unique: accounts.id,
});

/**
 * The administrator accounts: a list names whose (a customer's, or the provider's own); one account is
 * found among those the call reaches (a customer's account: its customer's only, any other id 404).
 */
export const accountRows = defineRows<AccountRow, AccountRecord>({
  table: accounts,
  id: accounts.id,
  customerColumn: accounts.customerId,
  select: selectAccounts,
  listing: accountListing,
  toRecords: (scope, found) => toAccountRecords(scope.tx, found),
  notFound: accountNotFound,
  // The status actions change neither the roles nor anything else the log compares but the status.
  audit: {
    table: 'Account',
    fields: (row) => auditedAccount({ ...row, roleIds: [] }),
    customerOf: (row) => row.customerId,
  },
  translate: asEmailConflict,
  modifiedAt: accounts.modifiedDate,
  status: accounts.status,
});

/** A required text of the form, trimmed; 400 naming the field when missing or blank. */
function required(form: AccountForm, field: 'firstName' | 'lastName' | 'mobilePhone'): string {
  const value = form[field]?.trim() ?? '';
  if (value === '') throw invalidField(field, 'is required');
  return value;
}

/** An optional text: trimmed, blank as null, absent as undefined (left as it is). */
const optional = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * The form's values checked in the spec's order, then the phones (contract/phone.ts; a phone the account
 * already holds is not checked again); the first broken rule answers. `before`: the account changed.
 */
async function accountValues(
  db: Database,
  form: AccountForm,
  before?: { id: string; mobilePhone: string; contactNumber: string | null },
) {
  const email = checkEmail(form.email);
  await assertEmailFree(db, email, before?.id);
  const roleIds = checkRoleIds(form.roleIds);
  const values = {
    email,
    roleIds,
    firstName: required(form, 'firstName'),
    lastName: required(form, 'lastName'),
    mobilePhone: required(form, 'mobilePhone'),
    organization: optional(form.organization),
    address: optional(form.address),
    contactNumber: optional(form.contactNumber),
    otherInfo: optional(form.otherInfo),
    avatar: form.avatar,
    enable2fa: form.enable2fa,
  };
  assertChangedPhone('mobilePhone', values.mobilePhone, before?.mobilePhone);
  assertChangedPhone('contactNumber', values.contactNumber, before?.contactNumber);
  return values;
}

/**
 * Creates an account of the call's customer (null: an operator of the provider) with a random first
 * password, to change at the first sign-in; answers its id and that password (shown once).
 */
export async function createAccount(
  scope: WriteScope & { customer: string | null },
  form: AccountForm,
): Promise<{ id: string; initialPassword: string }> {
  const { tx, customer: customerId } = scope;
  const { roleIds, ...fields } = await accountValues(tx, form);
  await assertRolesFit(tx, roleIds, customerId);
  const initialPassword = generatePasswordFor(fields.email);
  const passwordHash = await hashPassword(initialPassword);
  const [created] = await tx
    .insert(accounts)
    .values({
      ...fields,
      avatar: fields.avatar ?? null,
      enable2fa: fields.enable2fa ?? false,
      organization: fields.organization ?? null,
      address: fields.address ?? null,
      contactNumber: fields.contactNumber ?? null,
      otherInfo: fields.otherInfo ?? null,
      passwordHash,
      customerId,
      forceChangePassword: true,
    })
    .returning();
  await replaceRoles(tx, created!.id, roleIds);
  await scope.audit({
    table: 'Account',
    action: 'CREATE',
    entityId: created!.id,
    customerId,
    after: auditedAccount({ ...created!, roleIds }),
  });
  return { id: created!.id, initialPassword };
}

type AccountStatus = 'ACTIVE' | 'INACTIVE';

const sameCustomer = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Changes an account and its roles (its customer never changes); an operator's change may not leave
 * nobody able to edit permissions. Answers the account as it is now.
 */
export async function updateAccount(
  scope: WriteScope,
  id: string,
  form: AccountForm,
): Promise<AccountRecord> {
  const { tx } = scope;
  const before = await accountRows.record(scope, await accountRows.find(scope, id, { forUpdate: true }));
  const { roleIds, ...fields } = await accountValues(tx, form, before);
  if (form.customerId !== undefined && !sameCustomer(form.customerId, before.customerId)) {
    throw invalidField('customerId', 'cannot be changed');
  }
  await assertRolesFit(tx, roleIds, before.customerId);
  const [updated] = await tx
    .update(accounts)
    .set({ ...fields, modifiedDate: new Date() })
    .where(eq(accounts.id, before.id))
    .returning();
  await replaceRoles(tx, before.id, roleIds);
  if (before.customerId === null) await assertPermissionEditorLeft(tx);
  const changes = changesBetween(auditedAccount(before), auditedAccount({ ...updated!, roleIds }));
  if (Object.keys(changes).length > 0) {
    await scope.audit({
      table: 'Account',
      action: 'UPDATE',
      entityId: before.id,
      entityName: updated!.email,
      customerId: before.customerId,
      changes,
    });
  }
  return accountRows.record(scope, await accountRows.find(scope, before.id));
}

/**
 * Activating or deactivating an account: nobody deactivates their own account, and deactivating an
 * operator may not leave nobody able to edit permissions.
 */
export function accountStatusChange(
  status: AccountStatus,
  callerId: string,
): StatusChange<AccountStatus, AccountRow> {
  const deactivate = status === 'INACTIVE';
  return {
    status,
    action: deactivate ? 'DEACTIVATE' : 'ACTIVATE',
    check: (_, row) => {
      if (deactivate && row.id === callerId) throw fail(ACCOUNT_ERRORS.accountSelfDeactivate);
    },
    after: async ({ tx }: Scope, row) => {
      if (deactivate && row.customerId === null) await assertPermissionEditorLeft(tx);
    },
  };
}
