import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { ACCOUNT_LISTING, type AccountForm, type AccountRecord, account } from '../../../contract/account.ts';
import { callerOf } from '../../auth/guard.ts';
import { generatePassword, hashPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import { accounts } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { invalidField } from '../../validation.ts';
import { assertPermissionEditorLeft } from '../role/roles.ts';
import {
  type AccountRow,
  accountNotFound,
  asEmailConflict,
  assertEmailFree,
  assertRolesFit,
  auditedAccount,
  checkEmail,
  checkRoleIds,
  replaceRoles,
  selectAccounts,
  selfDeactivate,
  toAccountRecords,
  visibleAccounts,
} from './accounts.ts';

/**
 * Administrator accounts (contract/account.ts): the provider's operators and the accounts of each customer.
 * A customer's account acts only on its own customer's accounts (any other id: 404); a provider operator
 * acts on its own accounts and, naming a customer, on that customer's.
 */

const accountList = defineListing({
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

/** A required text of the form, trimmed; 400 naming the field when missing or blank. */
function required(form: AccountForm, field: 'firstName' | 'lastName' | 'mobilePhone'): string {
  const value = form[field]?.trim() ?? '';
  if (value === '') throw invalidField(field, 'is required');
  return value;
}

/** An optional text: trimmed, blank as null, absent as undefined (left as it is). */
const optional = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

/** The form's values checked in the spec's order; the first broken rule answers. */
async function readForm(db: Database, form: AccountForm, exceptId?: string) {
  const email = checkEmail(form.email);
  await assertEmailFree(db, email, exceptId);
  const roleIds = checkRoleIds(form.roleIds);
  return {
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
}

const sameCustomer = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** What the audit log keeps of an account's row, its roles aside (the status actions change neither). */
const auditedRow = (row: AccountRow) => auditedAccount({ ...row, roleIds: [] });

export const accountAdminRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<AccountRow, AccountRecord>(app, {
    db,
    contract: account,
    listingNames: ACCOUNT_LISTING,
    table: accounts,
    id: accounts.id,
    customerColumn: accounts.customerId,
    visible: (request) => visibleAccounts(callerOf(request)),
    select: selectAccounts,
    listing: accountList,
    record: account.getOne.schema.response[200],
    toRecords: toAccountRecords,
    notFound: accountNotFound,
    audit: { table: 'Account', fields: auditedRow, customerOf: (row) => row.customerId },
    modifiedAt: accounts.modifiedDate,
    status: accounts.status,
    only: ['list', 'getOne'],
  });
  const findAccount = async (tx: Database, request: Parameters<typeof rows.find>[1], id: string) =>
    (await toAccountRecords(tx, [await rows.find(tx, request, id, true)]))[0]!;

  app.route({
    ...routeOf(account.base, account.create, 'account.create'),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const values = await readForm(db, request.body);
      // The caller's own customer, or (an operator) the provider or the customer named.
      const customerId = request.customer ?? null;
      await assertRolesFit(db, values.roleIds, customerId);
      const initialPassword = generatePassword();
      const passwordHash = await hashPassword(initialPassword);
      const { roleIds, ...fields } = values;
      const id = await db
        .transaction(async (tx) => {
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
          await recordAudit(tx, caller.account, {
            table: 'Account',
            action: 'CREATE',
            entityId: created!.id,
            customerId,
            after: auditedAccount({ ...created!, roleIds }),
          });
          return created!.id;
        })
        .catch((error: unknown) => {
          throw asEmailConflict(error);
        });
      reply.code(201);
      return { id, initialPassword };
    },
  });

  app.route({
    ...routeOf(account.base, account.update, 'account.update'),
    handler: async (request) => {
      const caller = callerOf(request);
      const { id } = await db
        .transaction(async (tx) => {
          const before = await findAccount(tx, request, request.params.id);
          const values = await readForm(tx, request.body, before.id);
          const { customerId } = request.body;
          if (customerId !== undefined && !sameCustomer(customerId, before.customerId)) {
            throw invalidField('customerId', 'cannot be changed');
          }
          await assertRolesFit(tx, values.roleIds, before.customerId);
          const { roleIds, ...fields } = values;
          const [updated] = await tx
            .update(accounts)
            .set({ ...fields, modifiedDate: new Date() })
            .where(eq(accounts.id, before.id))
            .returning();
          await replaceRoles(tx, before.id, roleIds);
          if (before.customerId === null) await assertPermissionEditorLeft(tx);
          const changes = changesBetween(auditedAccount(before), auditedAccount({ ...updated!, roleIds }));
          if (Object.keys(changes).length > 0) {
            await recordAudit(tx, caller.account, {
              table: 'Account',
              action: 'UPDATE',
              entityId: before.id,
              customerId: before.customerId,
              changes,
            });
          }
          return before;
        })
        .catch((error: unknown) => {
          throw asEmailConflict(error);
        });
      return (await toAccountRecords(db, [await rows.find(db, request, id)]))[0]!;
    },
  });

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    app.route({
      ...routeOf(account.base, account.actions[action], `account.${action}`),
      handler: async (request) =>
        rows.setStatus(request, request.body.id, {
          status,
          action: status === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
          check: ({ caller }, row) => {
            if (status === 'INACTIVE' && row.id === caller.account.id) throw selfDeactivate();
          },
          after: async ({ tx }, row) => {
            if (status === 'INACTIVE' && row.customerId === null) await assertPermissionEditorLeft(tx);
          },
        }),
    });
  }
};
