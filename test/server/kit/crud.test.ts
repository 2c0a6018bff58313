import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CreatedAnswer, closed, IdParams } from '../../../contract/fields.ts';
import { defineListingNames, defineResource } from '../../../contract/kit.ts';
import type { Database } from '../../../server/db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../../server/db/listing.ts';
import { auditLog, files } from '../../../server/db/schema.ts';
import type { AuditTable } from '../../../server/domain/audit.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { notFound } from '../../../server/errors.ts';
import type { CrudOptions } from '../../../server/kit/crud.ts';
import { createKit } from '../../../server/kit/kit.ts';
import { defineRows, type RowsSpec } from '../../../server/kit/rows.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import { createTestContext, sharedTestContext, testConfig } from '../helpers.ts';

/*
 * The kit's ordinary calls (kit.crud) over a customer-scoped resource, written the way a customer's resource
 * (a directory, a connector) is: a contract in the customer-REST convention, its rows (the table, a listing)
 * and two hooks. Its records are the customer's files (name and type), kept in the files table.
 */

const SampleRecord = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  mimeType: Type.String(),
  customerId: Type.String(),
});
const SampleForm = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 100 }),
    mimeType: Type.String({ minLength: 1, maxLength: 100 }),
  },
  closed,
);

const LISTING = defineListingNames({
  filters: ['q', 'mimeType'],
  sort: ['fileName', 'id'],
  defaultSort: { field: 'fileName', order: 'ASC' },
});

const inCustomer = { permission: 'directories:view', customer: { from: 'path' } } as const;
const sample = defineResource({
  name: 'sample',
  base: '/sample/files',
  customerScoped: true,
  permission: 'directories',
  list: { by: 'pageSearch', path: '{base}/{customerId}/search', summary: 'Search', access: inCustomer },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/{id}',
    summary: 'Read',
    access: inCustomer,
    schema: { params: Type.Object({ customerId: Type.String(), id: Type.String() }) },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/{customerId}',
    body: 'data',
    summary: 'Create',
    access: { ...inCustomer, permission: 'directories:create' },
    schema: { body: SampleForm, response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{customerId}/{id}',
    body: 'data',
    summary: 'Update',
    access: { ...inCustomer, permission: 'directories:modify' },
    schema: { params: Type.Object({ customerId: Type.String(), id: Type.String() }), body: SampleForm },
  },
  // As the spec's customer REST has it: the id alone; the caller's own customer keeps it in scope.
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{id}',
    summary: 'Delete',
    access: { permission: 'directories:delete' },
    schema: { params: IdParams },
  },
  deleteMany: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{customerId}/delete-many',
    body: 'ids',
    summary: 'Delete several',
    access: { ...inCustomer, permission: 'directories:delete' },
  },
  actions: {
    // A call whose handler sends its own answer (as sign-out's 204 does) inside the call's transaction.
    touch: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/touch',
      summary: 'Record a file and answer 204 itself',
      access: inCustomer,
      schema: { params: Type.Object({ customerId: Type.String() }) },
    },
  },
});

type Row = typeof files.$inferSelect;

const listing = defineListing({
  filters: { q: ilikeAny([files.fileName]), mimeType: equals(files.mimeType) },
  sort: { fileName: files.fileName, id: files.id },
  defaultSort: LISTING.defaultSort,
  unique: files.id,
});

type Form = { fileName: string; mimeType: string };

/** The sample's rows, as a feature's rules declare them. */
const sampleRows: RowsSpec<Row, unknown> = {
  table: files,
  id: files.id,
  customerColumn: files.customerId,
  select: (database) => database.select().from(files).$dynamic(),
  listing,
  toRecords: (_, rows) => rows,
  notFound: () => notFound('error.sample.notFound', 'Sample not found'),
  audit: {
    table: 'Sample' as AuditTable,
    fields: (row) => ({ fileName: row.fileName, mimeType: row.mimeType }),
    customerOf: (row) => row.customerId,
  },
};

/** The sample's calls, as a feature's routes write them. */
const sampleCalls: CrudOptions<Row, unknown, Form, typeof sample> = {
  record: SampleRecord,
  listingNames: LISTING,
  create: {
    values: ({ customer }, form) => ({ ...form, customerId: customer, size: 0, bytes: Buffer.alloc(0) }),
  },
  update: { values: (_, __, form) => form },
  delete: {},
};

/** Registers the sample under /api, its rows changed by `change`. */
const registerSample =
  (change: (spec: RowsSpec<Row, unknown>) => RowsSpec<Row, unknown> = (spec) => spec) =>
  (app: FastifyInstance, db: Database) =>
    app.register(
      async (api) => {
        const config = testConfig();
        const kit = createKit(api, {
          db,
          // The sample uses none of them.
          services: {
            config,
            sealer: createSealer(config.secretsKey),
            listening: { radius: null },
            mail: undefined as never,
            payments: undefined as never,
            now: () => new Date(),
          },
        });
        kit.crud(sample, defineRows(change(sampleRows)), sampleCalls);
        kit.route(sample, 'touch', async (call) => {
          await call.tx.insert(files).values({
            customerId: call.customer,
            fileName: 'touched',
            mimeType: 'text/plain',
            size: 0,
            bytes: Buffer.alloc(0),
          });
          const sent = call.reply.status(204).send();
          await touchGate.reached();
          return sent;
        });
      },
      { prefix: '/api' },
    );

/** Where the touch call's handler waits, after sending its answer and before its transaction commits. */
const touchGate = (() => {
  let arrive = () => {};
  let arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let open = () => {};
  return {
    reached: () => {
      arrive();
      return new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    arrived: () => arrived,
    open: () => {
      open();
      arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
    },
  };
})();

const ctx = sharedTestContext({ extend: registerSample() });
let acme: { id: string };
let globex: { id: string };
let ofAcme: string;
let ofGlobex: string;
let operator: string;

beforeAll(async () => {
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  globex = await ctx.createCustomer({ companyName: 'Globex' });
  const admin = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  ofAcme = (await signedIn(ctx, { customerId: acme.id, roleIds: [admin] })).token;
  ofGlobex = (await signedIn(ctx, { customerId: globex.id, roleIds: [admin] })).token;
  operator = await ctx.signInOperator();
});

const base = '/api/sample/files';
const rowsOf = async (customerId: string) =>
  (await ctx.db.select({ total: count() }).from(files).where(eq(files.customerId, customerId)))[0]!.total;

async function created(token: string, customerId: string, fileName: string) {
  const answer = await ctx.call('POST', `${base}/${customerId}`, {
    token,
    json: { fileName, mimeType: 'text/plain' },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

describe('a customer-scoped resource served by the kit', () => {
  it("creates, lists, reads, changes and deletes the customer's own records, auditing each write", async () => {
    const id = await created(ofAcme, acme.id, 'contract.pdf');
    const list = await ctx.call('GET', `${base}/${acme.id}/search?q=contract`, { token: ofAcme });
    expect(list.body).toEqual({
      content: [{ id, fileName: 'contract.pdf', mimeType: 'text/plain', customerId: acme.id }],
      totalElements: 1,
      page: 0,
      pageSize: 25,
    });
    const changed = await ctx.call('PUT', `${base}/${acme.id}/${id}`, {
      token: ofAcme,
      json: { fileName: 'contract-v2.pdf', mimeType: 'text/plain' },
    });
    expect(changed.body).toMatchObject({ id, fileName: 'contract-v2.pdf' });
    expect((await ctx.call('GET', `${base}/${acme.id}/${id}`, { token: ofAcme })).body.fileName).toBe(
      'contract-v2.pdf',
    );
    expect((await ctx.call('DELETE', `${base}/${id}`, { token: ofAcme })).body).toEqual({ id });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((entry) => [entry.action, entry.customerId])).toEqual([
      ['CREATE', acme.id],
      ['UPDATE', acme.id],
      ['DELETE', acme.id],
    ]);
    expect(entries[1]!.changes).toEqual({ fileName: { before: 'contract.pdf', after: 'contract-v2.pdf' } });
  });

  it("lists only the customer's rows, and lets an operator list any customer's", async () => {
    await created(ofAcme, acme.id, 'acme-only.txt');
    await created(ofGlobex, globex.id, 'globex-only.txt');
    const own = await ctx.call('GET', `${base}/${acme.id}/search?pageSize=1000`, { token: ofAcme });
    expect(own.body.content.every((row: { customerId: string }) => row.customerId === acme.id)).toBe(true);
    const asOperator = await ctx.call('GET', `${base}/${globex.id}/search?q=globex-only`, {
      token: operator,
    });
    expect(asOperator.body.totalElements).toBe(1);
  });

  it("answers 404 to every call on another customer's record, and writes nothing", async () => {
    const theirs = await created(ofGlobex, globex.id, 'secret.txt');
    const before = await rowsOf(globex.id);
    const calls = [
      ctx.call('GET', `${base}/${acme.id}/${theirs}`, { token: ofAcme }),
      ctx.call('PUT', `${base}/${acme.id}/${theirs}`, {
        token: ofAcme,
        json: { fileName: 'mine.txt', mimeType: 'text/plain' },
      }),
      ctx.call('DELETE', `${base}/${theirs}`, { token: ofAcme }),
      ctx.call('DELETE', `${base}/${acme.id}/delete-many`, { token: ofAcme, json: { ids: [theirs] } }),
      ctx.call('GET', `${base}/${globex.id}/${theirs}`, { token: ofAcme }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect(await rowsOf(globex.id)).toBe(before);
    const [row] = await ctx.db.select().from(files).where(eq(files.id, theirs));
    expect(row!.fileName).toBe('secret.txt');
  });

  it('deletes several records all or nothing', async () => {
    const a = await created(ofAcme, acme.id, 'a.txt');
    const b = await created(ofAcme, acme.id, 'b.txt');
    const refused = await ctx.call('DELETE', `${base}/${acme.id}/delete-many`, {
      token: ofAcme,
      json: { ids: [a, b, randomUUID()] },
    });
    expect(refused.status).toBe(404);
    expect(await ctx.db.select().from(files).where(eq(files.id, a))).toHaveLength(1);
    const deleted = await ctx.call('DELETE', `${base}/${acme.id}/delete-many`, {
      token: ofAcme,
      json: { ids: [a, b] },
    });
    expect(deleted.body).toEqual({ ids: [a, b] });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DELETE'), eq(auditLog.customerId, acme.id)));
    expect(audited.map((entry) => entry.entityId)).toEqual(expect.arrayContaining([a, b]));
  });
});

describe('the rules the kit keeps when a resource is registered', () => {
  const build = (change: (spec: RowsSpec<Row, unknown>) => RowsSpec<Row, unknown>) =>
    createTestContext({ extend: registerSample(change) });

  it('refuses a listing whose filters are not the contract’s', async () => {
    await expect(
      build((spec) => ({
        ...spec,
        listing: defineListing({
          filters: { q: ilikeAny([files.fileName]) },
          sort: { fileName: files.fileName, id: files.id },
          defaultSort: LISTING.defaultSort,
          unique: files.id,
        }),
      })),
    ).rejects.toThrow(/The sample listing filters by q but its contract says mimeType,q/);
  });
});

describe('an answer the handler sends itself', () => {
  it('reaches the client only once the call has committed', async () => {
    let answered = false;
    const call = ctx.call('POST', `${base}/${acme.id}/touch`, { token: ofAcme }).then((answer) => {
      answered = true;
      return answer;
    });
    await touchGate.arrived();
    // The handler has sent its 204 and waits inside its transaction: nothing has reached the client yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    touchGate.open();
    expect((await call).status).toBe(204);
    const [touched] = await ctx.db.select().from(files).where(eq(files.fileName, 'touched'));
    expect(touched?.customerId).toBe(acme.id);
  });
});
