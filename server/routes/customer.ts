import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { eq, inArray } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { checkEmail, EMAIL_MAX_LENGTH } from '../domain/accounts.ts';
import { changesBetween, recordAudit } from '../domain/audit.ts';
import { auditedImage, ImageUrl } from '../domain/images.ts';
import { answerCreated, CreatedAnswer, IdBody } from '../http/actions.ts';
import { customerNotFound } from '../http/customerScope.ts';
import { defineListing, eq as equals, findRows, ilikeAny, inList } from '../http/listing.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from '../http/postSearch.ts';
import { invalidField, notAllowed, UUID_PATTERN, Uuid } from '../http/validation.ts';

/**
 * Customers (spec 01 §3, §4): the provider's customer companies. Provider operators only; a customer's
 * accounts get 403 from every call. Deactivating a customer stops its accounts at sign-in and ends what
 * their sessions may do (the guard checks the customer's status on every call).
 */

const Status = Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]);

const CustomerRecord = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  contactEmail: Type.String(),
  contactPhone: Type.String(),
  status: Status,
  logo: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
});
type CustomerRecord = Static<typeof CustomerRecord>;

const ReadOnly = Type.Optional(Type.Unknown());

/**
 * The fields of the create and profile forms. The record's own read-only fields may come back with an
 * edit form (react-admin sends the whole record): they are accepted and ignored; anything else is refused.
 */
const CustomerForm = Type.Object(
  {
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
    contactEmail: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
    contactPhone: Type.Optional(Type.String({ maxLength: 40 })),
    logo: Type.Optional(ImageUrl),
    id: ReadOnly,
    status: ReadOnly,
    createdDate: ReadOnly,
  },
  { additionalProperties: notAllowed('is not a known field') },
);
type CustomerForm = Static<typeof CustomerForm>;

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

const DetailsBody = Type.Object(
  { ids: Type.Array(Uuid, { maxItems: 1000 }) },
  { additionalProperties: notAllowed('is not a known field') },
);

const StatusAnswer = Type.Object({ id: Type.String(), status: Status });

const customerList = defineListing({
  filters: {
    q: ilikeAny([customers.companyName, customers.contactEmail]),
    status: equals(customers.status),
    id: inList(customers.id),
  },
  sort: {
    companyName: customers.companyName,
    contactEmail: customers.contactEmail,
    contactPhone: customers.contactPhone,
    createdDate: customers.createdDate,
    status: customers.status,
    id: customers.id,
  },
  defaultSort: { field: 'createdDate', order: 'DESC' },
  unique: customers.id,
});

const customerFields = {
  id: customers.id,
  companyName: customers.companyName,
  contactEmail: customers.contactEmail,
  contactPhone: customers.contactPhone,
  status: customers.status,
  logo: customers.logo,
  createdDate: customers.createdDate,
};

type CustomerRow = Omit<CustomerRecord, 'createdDate'> & { createdDate: Date };

const toRecord = (row: CustomerRow): CustomerRecord => ({
  ...row,
  createdDate: row.createdDate.toISOString(),
});

/** What the audit log keeps of a customer. */
const audited = (
  row: Pick<CustomerRow, 'companyName' | 'contactEmail' | 'contactPhone' | 'logo' | 'status'>,
) => ({
  companyName: row.companyName,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  logo: auditedImage(row.logo),
  status: row.status,
});

/** The checked values of a form: text trimmed, the email as stored. */
function readForm(form: CustomerForm) {
  const companyName = form.companyName.trim();
  if (companyName === '') throw invalidField('companyName', 'must not be empty');
  return {
    companyName,
    contactEmail: checkEmail(form.contactEmail),
    contactPhone: form.contactPhone?.trim(),
    logo: form.logo,
  };
}

/** One customer; 404 for an unknown or malformed id. `forUpdate` locks the row until the transaction ends. */
async function findCustomer(db: Database, id: string, forUpdate = false): Promise<CustomerRow> {
  if (!UUID_PATTERN.test(id)) throw customerNotFound();
  const query = db.select(customerFields).from(customers).where(eq(customers.id, id.toLowerCase()));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw customerNotFound();
  return row;
}

const access = (action: 'view' | 'create' | 'modify') =>
  ({ access: { scope: 'provider', permission: `customer:${action}` } }) as const;

export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/customer/search',
    {
      config: access('view'),
      schema: { body: postSearchBody(customerList), response: { 200: searchAnswer(CustomerRecord) } },
    },
    async (request) =>
      answerSearch(
        await findRows(
          db,
          db.select(customerFields).from(customers).$dynamic(),
          customerList,
          readPostSearch(request.body),
        ),
        toRecord,
      ),
  );

  app.post(
    '/customer/get-customers-detail',
    {
      config: access('view'),
      schema: { body: DetailsBody, response: { 200: Type.Array(CustomerRecord) } },
    },
    async (request) => {
      const ids = request.body.ids.map((id) => id.toLowerCase());
      if (ids.length === 0) return [];
      const rows = await db.select(customerFields).from(customers).where(inArray(customers.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked; unknown ids are left out.
      return [...new Set(ids)].flatMap((id) => {
        const row = byId.get(id);
        return row ? [toRecord(row)] : [];
      });
    },
  );

  app.get(
    '/customer/:id',
    { config: access('view'), schema: { params: IdParams, response: { 200: CustomerRecord } } },
    async (request) => toRecord(await findCustomer(db, request.params.id)),
  );

  app.post(
    '/customer/create',
    { config: access('create'), schema: { body: CustomerForm, response: { 201: CreatedAnswer } } },
    async (request, reply) => {
      const caller = callerOf(request).account;
      const values = readForm(request.body);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(customers)
          .values({ ...values, contactPhone: values.contactPhone ?? '', logo: values.logo ?? null })
          .returning(customerFields);
        await recordAudit(tx, caller, {
          table: 'Customer',
          action: 'CREATE',
          entityId: created!.id,
          customerId: created!.id,
          after: audited(created!),
        });
        return created!.id;
      });
      return answerCreated(reply, id);
    },
  );

  app.put(
    '/customer/:id/update_profile',
    {
      config: access('modify'),
      schema: { params: IdParams, body: CustomerForm, response: { 200: CustomerRecord } },
    },
    async (request) => {
      const caller = callerOf(request).account;
      const values = readForm(request.body);
      const after = await db.transaction(async (tx) => {
        const before = await findCustomer(tx, request.params.id, true);
        const [updated] = await tx
          .update(customers)
          .set(values)
          .where(eq(customers.id, before.id))
          .returning(customerFields);
        const changes = changesBetween(audited(before), audited(updated!));
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, caller, {
            table: 'Customer',
            action: 'UPDATE',
            entityId: before.id,
            customerId: before.id,
            changes,
          });
        }
        return updated!;
      });
      return toRecord(after);
    },
  );

  for (const [path, status] of [
    ['/customer/activate', 'ACTIVE'],
    ['/customer/deactivate', 'INACTIVE'],
  ] as const) {
    app.post(
      path,
      { config: access('modify'), schema: { body: IdBody, response: { 200: StatusAnswer } } },
      async (request) => {
        const caller = callerOf(request).account;
        return db.transaction(async (tx) => {
          const before = await findCustomer(tx, request.body.id, true);
          if (before.status === status) return { id: before.id, status };
          await tx.update(customers).set({ status }).where(eq(customers.id, before.id));
          await recordAudit(tx, caller, {
            table: 'Customer',
            action: status === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
            entityId: before.id,
            customerId: before.id,
            changes: { status: { before: before.status, after: status } },
          });
          return { id: before.id, status };
        });
      },
    );
  }
};
