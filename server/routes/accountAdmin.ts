import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { eq, isNull, type SQL } from 'drizzle-orm';
import { type Caller, callerOf } from '../auth/guard.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import {
  asEmailConflict,
  assertEmailFree,
  assertRolesFit,
  auditedAccount,
  checkEmail,
  checkRoleIds,
  findAccount,
  replaceRoles,
  selectAccounts,
  selfDeactivate,
  toAccountRecords,
} from '../domain/accounts.ts';
import { changesBetween, recordAudit } from '../domain/audit.ts';
import { ImageUrl } from '../domain/images.ts';
import { IdBody } from '../http/actions.ts';
import { resolveCustomer, scoped } from '../http/customerScope.ts';
import { defineListing, eq as equals, findRows, ilikeAny } from '../http/listing.ts';
import { postSearchBody, readPostSearch, searchAnswer } from '../http/postSearch.ts';
import { invalidField, notAllowed } from '../http/validation.ts';

/**
 * Administrator accounts (spec 01 §3, §5): the provider's operators and the accounts of each customer.
 * A customer's account acts only on its own customer's accounts (any other id: 404); a provider operator
 * acts on its own accounts and, naming a customer, on that customer's.
 */

const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

const AccountRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mobilePhone: Type.String(),
  organization: NullableString,
  address: NullableString,
  contactNumber: NullableString,
  otherInfo: NullableString,
  avatar: NullableString,
  enable2fa: Type.Boolean(),
  status: Status,
  customerId: NullableString,
  customerName: NullableString,
  isCustomerRoot: Type.Boolean(),
  roleIds: Type.Array(Type.String()),
  roles: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      displayName: Type.String(),
      scope: Type.String(),
    }),
  ),
  createdDate: Type.String(),
});

const OptionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const ReadOnly = Type.Optional(Type.Unknown());

/**
 * The create and edit form. email, roleIds, firstName, lastName and mobilePhone are checked by the
 * handler, in the spec's order and with its messages. The record's read-only fields may come back with an
 * edit form (react-admin sends the whole record): they are accepted and ignored; any other key is refused.
 */
const AccountForm = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 1000 })),
    roleIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    mobilePhone: Type.Optional(Type.String({ maxLength: 40 })),
    organization: OptionalText(200),
    address: OptionalText(500),
    contactNumber: OptionalText(40),
    otherInfo: OptionalText(2000),
    avatar: Type.Optional(ImageUrl),
    enable2fa: Type.Optional(Type.Boolean()),
    /** Create: the customer of the new account (null or absent: the provider). Edit: cannot change. */
    customerId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    id: ReadOnly,
    status: ReadOnly,
    customerName: ReadOnly,
    isCustomerRoot: ReadOnly,
    roles: ReadOnly,
    createdDate: ReadOnly,
  },
  { additionalProperties: notAllowed('is not a known field') },
);
type AccountForm = Static<typeof AccountForm>;

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const CreatedAccount = Type.Object({ id: Type.String(), initialPassword: Type.String() });

const StatusAnswer = Type.Object({ id: Type.String(), status: Status });

const accountList = defineListing({
  filters: {
    q: ilikeAny([accounts.email, accounts.firstName, accounts.lastName]),
    status: equals(accounts.status),
    // Chooses whose accounts are listed: the route resolves it (resolveCustomer) into a fixed condition.
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
  defaultSort: { field: 'createdDate', order: 'DESC' },
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

/** The customer a new account goes in: the caller's own, or (an operator) the provider or a named customer. */
async function customerForNewAccount(
  db: Database,
  caller: Caller,
  customerId: string | null | undefined,
): Promise<string | null> {
  const own = caller.account.customerId;
  if (own !== null) return resolveCustomer(db, caller, customerId ?? own);
  return customerId === null || customerId === undefined ? null : resolveCustomer(db, caller, customerId);
}

const sameCustomer = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

const access = (action: 'view' | 'create' | 'modify') =>
  ({ access: { scope: 'any', permission: `account:${action}` } }) as const;

export const accountAdminRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/account/search',
    {
      config: access('view'),
      schema: { body: postSearchBody(accountList), response: { 200: searchAnswer(AccountRecord) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const ask = readPostSearch(request.body);
      const asked = ask.filters.customerId as string | undefined;
      const own = caller.account.customerId;
      let scope: SQL;
      if (own === null && asked === undefined) {
        scope = isNull(accounts.customerId);
      } else {
        scope = scoped(accounts.customerId, await resolveCustomer(db, caller, asked ?? own!));
      }
      const found = await findRows(db, selectAccounts(db), accountList, ask, scope);
      return { contents: await toAccountRecords(db, found.rows), totalElements: found.total };
    },
  );

  app.get(
    '/account/:id',
    { config: access('view'), schema: { params: IdParams, response: { 200: AccountRecord } } },
    async (request) => findAccount(db, callerOf(request), request.params.id),
  );

  app.post(
    '/account/create_account_organization',
    { config: access('create'), schema: { body: AccountForm, response: { 201: CreatedAccount } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const values = await readForm(db, request.body);
      const customerId = await customerForNewAccount(db, caller, request.body.customerId);
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
  );

  app.put(
    '/account/:id',
    {
      config: access('modify'),
      schema: { params: IdParams, body: AccountForm, response: { 200: AccountRecord } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = await db
        .transaction(async (tx) => {
          const before = await findAccount(tx, caller, request.params.id, true);
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
      return findAccount(db, caller, id);
    },
  );

  for (const [path, status] of [
    ['/account/activate', 'ACTIVE'],
    ['/account/deactivate', 'INACTIVE'],
  ] as const) {
    app.post(
      path,
      { config: access('modify'), schema: { body: IdBody, response: { 200: StatusAnswer } } },
      async (request) => {
        const caller = callerOf(request);
        return db.transaction(async (tx) => {
          const account = await findAccount(tx, caller, request.body.id, true);
          if (status === 'INACTIVE' && account.id === caller.account.id) throw selfDeactivate();
          if (account.status === status) return { id: account.id, status };
          await tx
            .update(accounts)
            .set({ status, modifiedDate: new Date() })
            .where(eq(accounts.id, account.id));
          await recordAudit(tx, caller.account, {
            table: 'Account',
            action: status === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
            entityId: account.id,
            customerId: account.customerId,
            changes: { status: { before: account.status, after: status } },
          });
          return { id: account.id, status };
        });
      },
    );
  }
};
