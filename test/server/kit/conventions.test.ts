import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { CustomerParams, scoped } from '../../../server/auth/customer.ts';
import { requiredCustomerOf } from '../../../server/auth/guard.ts';
import type { Database } from '../../../server/db/client.ts';
import {
  defineListing,
  eq as equals,
  findRows,
  gte,
  ilikeAny,
  inList,
  lte,
} from '../../../server/db/listing.ts';
import { accounts, customers } from '../../../server/db/schema.ts';
import { answerCreated, CreatedAnswer, IdBody } from '../../../server/kit/actions.ts';
import { DeleteManyAnswer, DeleteManyBody, deleteMany } from '../../../server/kit/deleteMany.ts';
import { enableMultipart, multipartForm, readMultipart } from '../../../server/kit/multipart.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../../server/kit/pageSearch.ts';
import {
  answerSearch,
  postSearchBody,
  readPostSearch,
  searchAnswer,
} from '../../../server/kit/postSearch.ts';
import { RangeQuery, readRange, sendRange } from '../../../server/kit/range.ts';
import { notAllowed } from '../../../server/validation.ts';
import { tokenWithRole } from '../fixtures/admin.ts';
import { GIF, image, jsonBlob, type Part, PNG, sendBody, sendForm } from '../fixtures/multipart.ts';
import { createTestContext, type JsonAnswer, type TestContext, UNKNOWN_ID, uniqueEmail } from '../helpers.ts';

/*
 * The convention pieces of server/http, through a throwaway set of routes over the customers table
 * (provider lists, multipart create) and the accounts table (customer-scoped lists and delete-many),
 * mounted under /api/sample with the real guard.
 */

const PASSWORD = 'Correct-Horse-9';

// ---------------------------------------------------------------------------------------------------
// The sample routes, written the way a resource route file uses the pieces.

const customerList = defineListing({
  filters: {
    status: equals(customers.status),
    q: ilikeAny([customers.companyName, customers.contactEmail]),
    createdFrom: gte(customers.createdDate),
    createdTo: lte(customers.createdDate),
    id: inList(customers.id),
  },
  sort: { id: customers.id, companyName: customers.companyName, createdDate: customers.createdDate },
  defaultSort: { field: 'createdDate', order: 'DESC' },
  unique: customers.id,
});

const CustomerRow = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  contactEmail: Type.String(),
  status: Type.String(),
  createdDate: Type.String(),
});

const customerFields = {
  id: customers.id,
  companyName: customers.companyName,
  contactEmail: customers.contactEmail,
  status: customers.status,
  createdDate: customers.createdDate,
};

interface CustomerRecord {
  id: string;
  companyName: string;
  contactEmail: string;
  status: string;
  createdDate: Date;
}

const toCustomerRow = (row: CustomerRecord) => ({ ...row, createdDate: row.createdDate.toISOString() });

const accountList = defineListing({
  filters: { status: equals(accounts.status), q: ilikeAny([accounts.email]) },
  sort: { id: accounts.id, email: accounts.email },
  defaultSort: { field: 'email', order: 'ASC' },
  unique: accounts.id,
});

const AccountRow = Type.Object({ id: Type.String(), email: Type.String(), customerId: Type.String() });

const NewCustomer = Type.Object(
  {
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
    contactEmail: Type.String({ format: 'email' }),
  },
  { additionalProperties: notAllowed('is not a known field') },
);
const CustomerForm = multipartForm({ schema: NewCustomer });
const LogoForm = multipartForm({
  schema: Type.Object({ title: Type.String({ minLength: 1 }) }),
  dataPart: 'info',
  fileRequired: true,
});

const dataUrl = (mimeType: string, bytes: Buffer) => `data:${mimeType};base64,${bytes.toString('base64')}`;

interface SampleState {
  db?: Database;
  /** How many scoped searches got past resolveCustomer and read the table. */
  scopedReads: number;
}

const sampleRoutes =
  (state: SampleState): FastifyPluginAsyncTypebox =>
  async (app) => {
    const db = () => state.db!;
    const viewCustomers = { access: { scope: 'provider', permission: 'customer:view' } } as const;

    app.get(
      '/customers/search',
      {
        config: viewCustomers,
        schema: { querystring: pageSearchQuery(customerList), response: { 200: pageAnswer(CustomerRow) } },
      },
      async (request) => {
        const ask = readPageSearch(customerList, request.query);
        const found = await findRows(
          db(),
          db().select(customerFields).from(customers).$dynamic(),
          customerList,
          ask,
        );
        return answerPage(found, ask, toCustomerRow);
      },
    );

    app.post(
      '/customers/search',
      {
        config: viewCustomers,
        schema: { body: postSearchBody(customerList), response: { 200: searchAnswer(CustomerRow) } },
      },
      async (request) =>
        answerSearch(
          await findRows(
            db(),
            db().select(customerFields).from(customers).$dynamic(),
            customerList,
            readPostSearch(request.body),
          ),
          toCustomerRow,
        ),
    );

    app.get(
      '/customers',
      {
        config: viewCustomers,
        schema: { querystring: RangeQuery, response: { 200: Type.Array(CustomerRow) } },
      },
      async (request, reply) => {
        const ask = readRange(customerList, request.query);
        const found = await findRows(
          db(),
          db().select(customerFields).from(customers).$dynamic(),
          customerList,
          ask,
        );
        return sendRange(reply, 'customers', found, ask, toCustomerRow);
      },
    );

    app.post(
      '/customers/deactivate',
      {
        config: { access: { scope: 'provider', permission: 'customer:modify' } },
        schema: { body: IdBody },
      },
      async (request) => {
        await db().update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, request.body.id));
        return { id: request.body.id };
      },
    );

    app.get(
      '/accounts/:customerId/search',
      {
        config: { access: { permission: 'account:view', customer: { from: 'path' } } },
        schema: {
          params: CustomerParams,
          querystring: pageSearchQuery(accountList),
          response: { 200: pageAnswer(AccountRow) },
        },
      },
      async (request) => {
        const customerId = requiredCustomerOf(request);
        state.scopedReads += 1;
        const ask = readPageSearch(accountList, request.query);
        const fields = { id: accounts.id, email: accounts.email, customerId: customers.id };
        const query = db()
          .select(fields)
          .from(accounts)
          .innerJoin(customers, eq(customers.id, accounts.customerId))
          .$dynamic();
        return answerPage(
          await findRows(db(), query, accountList, ask, scoped(accounts.customerId, customerId)),
          ask,
        );
      },
    );

    /** A customer's delete-many of `target`, the rows whose `owner` column is the customer in the path. */
    const deleteManyRoute = (
      url: string,
      target: Parameters<typeof deleteMany>[1],
      owner: Parameters<typeof scoped>[0],
    ) =>
      app.delete(
        url,
        {
          config: { access: { permission: 'account:modify', customer: { from: 'path' } } },
          schema: { params: CustomerParams, body: DeleteManyBody, response: { 200: DeleteManyAnswer } },
        },
        async (request) => {
          const customerId = requiredCustomerOf(request);
          return deleteMany(db(), target, request.body.ids, scoped(owner, customerId));
        },
      );

    deleteManyRoute(
      '/accounts/:customerId/delete-many',
      { table: accounts, id: accounts.id },
      accounts.customerId,
    );
    // A customer's "own" row, to show a deletion refused while other rows still point at it.
    deleteManyRoute(
      '/customers/:customerId/delete-many',
      { table: customers, id: customers.id },
      customers.id,
    );

    const multipartRoutes: FastifyPluginAsyncTypebox = async (scope) => {
      await enableMultipart(scope);

      scope.post(
        '/customers',
        {
          config: { access: { scope: 'provider', permission: 'customer:create' } },
          schema: { response: { 201: CreatedAnswer } },
        },
        async (request, reply) => {
          const { data, file } = await readMultipart(request, CustomerForm);
          const [created] = await db()
            .insert(customers)
            .values({ ...data, logo: file ? dataUrl(file.mimeType, file.bytes) : null })
            .returning({ id: customers.id });
          return answerCreated(reply, created!.id);
        },
      );

      scope.put(
        '/customers/:customerId/logo',
        {
          config: { access: { permission: 'account:modify', customer: { from: 'path' } } },
          schema: { params: CustomerParams },
        },
        async (request) => {
          const customerId = requiredCustomerOf(request);
          const { data, file } = await readMultipart(request, LogoForm);
          const logo = dataUrl(file!.mimeType, file!.bytes);
          await db().update(customers).set({ logo }).where(scoped(customers.id, customerId));
          return {
            data,
            file: {
              fileName: file!.fileName,
              mimeType: file!.mimeType,
              bytes: file!.bytes.toString('base64'),
            },
          };
        },
      );
    };
    await app.register(multipartRoutes);
  };

async function startSample() {
  const state: SampleState = { scopedReads: 0 };
  const ctx = await createTestContext({
    extend: (app) => {
      app.register(sampleRoutes(state), { prefix: '/api/sample' });
    },
  });
  state.db = ctx.db;
  return { ctx, state };
}

const errorOf = (answer: JsonAnswer) => ({ status: answer.status, messageKey: answer.body?.messageKey });

// ---------------------------------------------------------------------------------------------------

describe('lists over the customers table', () => {
  let ctx: TestContext;
  let token: string;
  /** Index i (1..23) is the customer created i days after 2024-01-01, at noon UTC. */
  const ids: string[] = [];
  const DAY = 24 * 3600 * 1000;

  const nameOf = (i: number) =>
    i === 22 ? 'Hundred 100% Ltd' : i === 23 ? 'Under_score Inc' : `Company ${String(i).padStart(2, '0')}`;

  beforeAll(async () => {
    ({ ctx } = await startSample());
    token = await ctx.signInOperator();
    const rows = await ctx.db
      .insert(customers)
      .values(
        Array.from({ length: 23 }, (_, index) => {
          const i = index + 1;
          return {
            companyName: nameOf(i),
            contactEmail: i === 5 ? 'sales@globex.example' : `contact${i}@acme.example`,
            status: i % 3 === 0 ? ('INACTIVE' as const) : ('ACTIVE' as const),
            createdDate: new Date(Date.UTC(2024, 0, 1, 12) + i * DAY),
          };
        }),
      )
      .returning({ id: customers.id });
    ids.push('', ...rows.map((row) => row.id));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string) => ctx.call('GET', url, { token });
  const names = (rows: { companyName: string }[]) => rows.map((row) => row.companyName);

  describe('GET search (page minus one)', () => {
    it('answers a page of rows and the total of all rows', async () => {
      const pages = await Promise.all(
        [0, 1, 2].map((page) => get(`/api/sample/customers/search?page=${page}&pageSize=10`)),
      );
      expect(pages.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(pages.map((answer) => answer.body.content.length)).toEqual([10, 10, 3]);
      expect(pages[1]!.body).toMatchObject({ totalElements: 23, page: 1, pageSize: 10 });
      const seen = pages.flatMap((answer) => answer.body.content.map((row: { id: string }) => row.id));
      expect(new Set(seen)).toEqual(new Set(ids.slice(1)));
      expect(Object.keys(pages[0]!.body).sort()).toEqual(['content', 'page', 'pageSize', 'totalElements']);
    });

    it('answers an empty page past the last one, with the total', async () => {
      const answer = await get('/api/sample/customers/search?page=3&pageSize=10');
      expect(answer.body).toEqual({ content: [], totalElements: 23, page: 3, pageSize: 10 });
    });

    it('defaults to page 0 of 25 rows, newest first', async () => {
      const answer = await get('/api/sample/customers/search');
      expect(answer.body).toMatchObject({ totalElements: 23, page: 0, pageSize: 25 });
      expect(answer.body.content).toHaveLength(23);
      expect(answer.body.content[0]).toEqual({
        id: ids[23],
        companyName: 'Under_score Inc',
        contactEmail: 'contact23@acme.example',
        status: 'ACTIVE',
        createdDate: '2024-01-24T12:00:00.000Z',
      });
    });

    it('takes pageNumber as another name for page', async () => {
      const answer = await get('/api/sample/customers/search?pageNumber=2&pageSize=10');
      expect(answer.body).toMatchObject({ totalElements: 23, page: 2 });
      expect(answer.body.content).toHaveLength(3);
    });

    it('sorts by an allowed field in both directions', async () => {
      const ascending = await get('/api/sample/customers/search?sort=companyName&order=ASC&pageSize=3');
      expect(names(ascending.body.content)).toEqual(['Company 01', 'Company 02', 'Company 03']);
      const descending = await get('/api/sample/customers/search?sort=companyName&order=DESC&pageSize=3');
      expect(names(descending.body.content)).toEqual(['Under_score Inc', 'Hundred 100% Ltd', 'Company 21']);
      const byDate = await get('/api/sample/customers/search?sort=createdDate&pageSize=2');
      expect(names(byDate.body.content)).toEqual(['Company 01', 'Company 02']);
      const orderOnly = await get('/api/sample/customers/search?order=ASC&pageSize=1');
      expect(names(orderOnly.body.content)).toEqual(['Company 01']);
    });

    it.each([
      ['status=INACTIVE', 7],
      ['status=ACTIVE', 16],
      ['q=globex', 1],
      ['q=COMPANY%201', 10],
      ['q=%25', 1],
      ['q=_', 1],
      ['q=', 23],
      ['createdFrom=2024-01-10', 15],
      ['createdTo=2024-01-05', 4],
      ['createdTo=2024-01-05T12:00:00.000Z', 4],
      ['createdTo=2024-01-05T11:59:59Z', 3],
      ['createdFrom=2024-01-10&createdTo=2024-01-12&status=ACTIVE', 2],
    ])('filters by %s', async (filter, total) => {
      const answer = await get(`/api/sample/customers/search?${filter}&pageSize=100`);
      expect(answer.status).toBe(200);
      expect(answer.body.totalElements).toBe(total);
      expect(answer.body.content).toHaveLength(total);
    });

    it('escapes % and _ in free text', async () => {
      expect(names((await get('/api/sample/customers/search?q=%25')).body.content)).toEqual([
        'Hundred 100% Ltd',
      ]);
      expect(names((await get('/api/sample/customers/search?q=_')).body.content)).toEqual([
        'Under_score Inc',
      ]);
    });

    it('filters by a comma-separated id list', async () => {
      const answer = await get(`/api/sample/customers/search?id=${ids[4]},${ids[7]}&sort=companyName`);
      expect(names(answer.body.content)).toEqual(['Company 04', 'Company 07']);
    });

    it.each([
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=5000', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['pageNumber=-2', 'pageNumber'],
      ['page=1&pageNumber=1', 'pageNumber'],
      ['sort=contactEmail', 'sort'],
      ['order=UP', 'order'],
      ['status=GONE', 'status'],
      ['createdFrom=yesterday', 'createdFrom'],
      ['id=not-a-uuid', 'id.0'],
      ['colour=red', 'colour'],
    ])('refuses %s with a validation error naming %s', async (query, field) => {
      const answer = await get(`/api/sample/customers/search?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
      expect(answer.body.params.field).toBe(field);
      expect(answer.body.message).toBe(`The field '${field}' ${answer.body.params.reason}.`);
    });

    it('says why a page value is refused', async () => {
      const reasons = await Promise.all(
        ['page=-1', 'page=abc', 'page=1.5', 'pageSize=5000'].map(
          async (query) => (await get(`/api/sample/customers/search?${query}`)).body.message,
        ),
      );
      expect(reasons).toEqual([
        "The field 'page' must be >= 0.",
        "The field 'page' must be a number.",
        "The field 'page' must be an integer.",
        "The field 'pageSize' must be <= 1000.",
      ]);
    });

    it('says which parameter it does not know', async () => {
      const answer = await get('/api/sample/customers/search?colour=red');
      expect(answer.body).toEqual({
        messageKey: 'error.validation.invalid',
        message: "The field 'colour' is not a known parameter.",
        params: { field: 'colour', reason: 'is not a known parameter' },
      });
    });
  });

  it('refuses a base query that has its own WHERE, which findRows would replace', async () => {
    const query = ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.status, 'ACTIVE'))
      .$dynamic();
    await expect(
      findRows(ctx.db, query, customerList, { filters: {}, offset: 0, limit: 10 }),
    ).rejects.toThrow('findRows builds WHERE');
  });

  it('counts up to a bound, and leaves the planner settings of the transaction as they were', async () => {
    const settings = async (tx: Database) =>
      (
        (await tx.execute(
          sql`select current_setting('enable_indexscan') as indexscan, current_setting('enable_seqscan') as seqscan`,
        )) as unknown as { rows: { indexscan: string; seqscan: string }[] }
      ).rows[0];
    const list = (tx: Database, filters: Record<string, unknown>) =>
      findRows(
        tx,
        tx.select({ id: customers.id, companyName: customers.companyName }).from(customers).$dynamic(),
        customerList,
        { filters, offset: 0, limit: 3, sort: { field: 'companyName', order: 'ASC' }, countUpTo: 5 },
        inArray(customers.id, ids.slice(1)),
      );
    await ctx.db.transaction(async (tx) => {
      const capped = await list(tx, { q: 'Company' });
      expect(capped).toEqual({
        rows: [
          { id: ids[1], companyName: 'Company 01' },
          { id: ids[2], companyName: 'Company 02' },
          { id: ids[3], companyName: 'Company 03' },
        ],
        total: 5,
        capped: true,
      });
      expect(await settings(tx)).toEqual({ indexscan: 'on', seqscan: 'on' });
      expect(await list(tx, { q: 'Hundred' })).toEqual({
        rows: [{ id: ids[22], companyName: 'Hundred 100% Ltd' }],
        total: 1,
      });
      expect(await settings(tx)).toEqual({ indexscan: 'on', seqscan: 'on' });
      // A transaction that had a setting off finds it off again, also after a list that found nothing.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      expect(await list(tx, { q: 'Nobody such' })).toEqual({ rows: [], total: 0 });
      expect(await settings(tx)).toEqual({ indexscan: 'on', seqscan: 'off' });
      expect((await list(tx, { q: 'Company' })).total).toBe(5);
      expect(await settings(tx)).toEqual({ indexscan: 'on', seqscan: 'off' });
    });
  });

  describe('POST search', () => {
    const search = (json: unknown) => ctx.call('POST', '/api/sample/customers/search', { token, json });

    it('answers contents and totalElements', async () => {
      const answer = await search({ page: 2, limit: 10 });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['contents', 'totalElements']);
      expect(answer.body.totalElements).toBe(23);
      expect(answer.body.contents).toHaveLength(3);
    });

    it('filters and sorts as asked', async () => {
      const answer = await search({
        page: 0,
        limit: 3,
        filters: { status: 'INACTIVE', q: 'company' },
        sort: { field: 'companyName', order: 'DESC' },
      });
      expect(answer.body.totalElements).toBe(7);
      expect(names(answer.body.contents)).toEqual(['Company 21', 'Company 18', 'Company 15']);
    });

    it('filters by an id array', async () => {
      const answer = await search({ page: 0, limit: 10, filters: { id: [ids[2], ids[9]] } });
      expect(answer.body.totalElements).toBe(2);
      expect(new Set(names(answer.body.contents))).toEqual(new Set(['Company 02', 'Company 09']));
    });

    it.each([
      [{ page: 0, limit: 10, filters: { colour: 'red' } }, 'filters.colour'],
      [{ page: 0, limit: 0 }, 'limit'],
      [{ page: 0, limit: 1001 }, 'limit'],
      [{ page: -1, limit: 10 }, 'page'],
      [{ page: '0', limit: 10 }, 'page'],
      [{ limit: 10 }, 'page'],
      [{ page: 0, limit: 10, sort: { field: 'contactEmail', order: 'ASC' } }, 'sort.field'],
      [{ page: 0, limit: 10, sort: { field: 'companyName', order: 'asc' } }, 'sort.order'],
      [{ page: 0, limit: 10, filters: { status: 'GONE' } }, 'filters.status'],
      [{ page: 0, limit: 10, filters: { id: [] } }, 'filters.id'],
      [{ page: 0, limit: 10, size: 10 }, 'size'],
    ])('refuses %j naming %s', async (body, field) => {
      const answer = await search(body);
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
      expect(answer.body.params.field).toBe(field);
    });
  });

  describe('range (ra-data-simple-rest)', () => {
    const range = (query: Record<string, string>) =>
      get(`/api/sample/customers?${new URLSearchParams(query).toString()}`);

    it('answers the rows of the range and the total in Content-Range', async () => {
      const answer = await range({ sort: '["companyName","ASC"]', range: '[0,9]', filter: '{}' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-range']).toBe('customers 0-9/23');
      expect(answer.headers['access-control-expose-headers']).toBe('Content-Range');
      expect(answer.body).toHaveLength(10);
      expect(answer.body[0].companyName).toBe('Company 01');
    });

    it('answers the last, short range and an empty one past the end', async () => {
      const last = await range({ sort: '["companyName","ASC"]', range: '[20,29]' });
      expect(last.headers['content-range']).toBe('customers 20-22/23');
      expect(names(last.body)).toEqual(['Company 21', 'Hundred 100% Ltd', 'Under_score Inc']);
      const past = await range({ range: '[30,39]' });
      expect(past.headers['content-range']).toBe('customers */23');
      expect(past.body).toEqual([]);
    });

    it('sorts descending and filters by status and free text', async () => {
      const answer = await range({
        sort: '["createdDate","DESC"]',
        range: '[0,1]',
        filter: '{"status":"INACTIVE","q":"company"}',
      });
      expect(answer.headers['content-range']).toBe('customers 0-1/7');
      expect(names(answer.body)).toEqual(['Company 21', 'Company 18']);
    });

    it('answers getMany by an id list, without range or sort', async () => {
      const answer = await range({ filter: JSON.stringify({ id: [ids[3], ids[5]] }) });
      expect(answer.headers['content-range']).toBe('customers 0-1/2');
      expect(new Set(names(answer.body))).toEqual(new Set(['Company 03', 'Company 05']));
    });

    it.each([
      [{ range: 'abc' }, 'range', 'is not valid JSON'],
      [{ range: '[5,2]' }, 'range', 'must be [start, end] with start <= end and at most 1000 rows'],
      [{ range: '[0,1000]' }, 'range', 'must be [start, end] with start <= end and at most 1000 rows'],
      [{ range: '[-1,5]' }, 'range.0', 'must be >= 0'],
      [{ range: '[0]' }, 'range', 'must not have fewer than 2 items'],
      [{ range: '{"start":0}' }, 'range', 'must be an array'],
      [{ sort: '["contactEmail","ASC"]' }, 'sort.0', 'must be equal to one of the allowed values'],
      [{ sort: '["companyName","UP"]' }, 'sort.1', 'must be equal to one of the allowed values'],
      [{ sort: 'companyName' }, 'sort', 'is not valid JSON'],
      [{ filter: '{"colour":"red"}' }, 'filter.colour', 'is not a known filter'],
      [{ filter: '{"id":["nope"]}' }, 'filter.id.0', 'must match format "uuid"'],
      [{ filter: '[1]' }, 'filter', 'must be an object'],
      [{ filter: '{' }, 'filter', 'is not valid JSON'],
      [{ embed: '["x"]' }, 'embed', 'is not a known parameter'],
    ])('refuses %j', async (query, field, reason) => {
      const answer = await range(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        messageKey: 'error.validation.invalid',
        message: `The field '${field}' ${reason}.`,
        params: { field, reason },
      });
    });
  });

  describe('named actions', () => {
    it('takes {id} as the body of an action on one record', async () => {
      const done = await ctx.call('POST', '/api/sample/customers/deactivate', {
        token,
        json: { id: ids[1] },
      });
      expect(done).toMatchObject({ status: 200, body: { id: ids[1] } });
      const refused = await ctx.call('POST', '/api/sample/customers/deactivate', {
        token,
        json: { id: 'x' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.params.field).toBe('id');
      await ctx.db.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.id, ids[1]!));
    });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('customer scope and delete-many over the accounts table', () => {
  let ctx: TestContext;
  let state: SampleState;
  let operator: string;
  let adminOfA: string;
  let customerA: string;
  let customerB: string;
  let inactiveCustomer: string;

  beforeAll(async () => {
    ({ ctx, state } = await startSample());
    operator = await ctx.signInOperator();
    customerA = (await ctx.createCustomer({ companyName: 'Alpha' })).id;
    customerB = (await ctx.createCustomer({ companyName: 'Beta' })).id;
    inactiveCustomer = (await ctx.createCustomer({ companyName: 'Dormant', status: 'INACTIVE' })).id;
    adminOfA = await tokenWithRole(ctx, 'account-admins', ['account:view', 'account:modify'], customerA);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const accountsOf = (customerId: string, label: string, howMany: number) =>
    Promise.all(
      Array.from({ length: howMany }, () =>
        ctx.createAccount({ email: uniqueEmail(label), password: PASSWORD, customerId }),
      ),
    ).then((created) => created.map((account) => account.id));

  const existing = async (ids: string[]) =>
    (await ctx.db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids))).map(
      (row) => row.id,
    );

  const accountCount = async () => (await ctx.db.select({ total: count() }).from(accounts))[0]!.total;

  const notFoundCustomer = { messageKey: 'error.customer.notFound', message: 'Customer not found' };

  describe('resolveCustomer and scoped', () => {
    it("lets a customer's account list its own customer's rows only", async () => {
      await accountsOf(customerA, 'alpha', 2);
      await accountsOf(customerB, 'beta', 2);
      const answer = await ctx.call('GET', `/api/sample/accounts/${customerA}/search?q=alpha`, {
        token: adminOfA,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.totalElements).toBe(2);
      expect(answer.body.content.every((row: { customerId: string }) => row.customerId === customerA)).toBe(
        true,
      );
      const all = await ctx.call('GET', `/api/sample/accounts/${customerA}/search?pageSize=1000`, {
        token: adminOfA,
      });
      expect(all.body.content.some((row: { email: string }) => row.email.startsWith('beta'))).toBe(false);
    });

    it('accepts its own id in capitals', async () => {
      const answer = await ctx.call('GET', `/api/sample/accounts/${customerA.toUpperCase()}/search`, {
        token: adminOfA,
      });
      expect(answer.status).toBe(200);
    });

    it.each([
      ['another customer', () => customerB],
      ['an unknown customer', () => UNKNOWN_ID],
      ['a malformed id', () => 'not-a-uuid'],
      ['an SQL-looking id', () => "1' or '1'='1"],
    ])("answers 404 to a customer's account using %s, and reads nothing", async (_, id) => {
      const before = state.scopedReads;
      const answer = await ctx.call('GET', `/api/sample/accounts/${encodeURIComponent(id())}/search`, {
        token: adminOfA,
      });
      expect(answer).toMatchObject({ status: 404, body: notFoundCustomer });
      expect(answer.body).toEqual(notFoundCustomer);
      expect(state.scopedReads).toBe(before);
    });

    it('lets an operator act in any existing customer, active or not', async () => {
      const beta = await ctx.call('GET', `/api/sample/accounts/${customerB}/search?q=beta`, {
        token: operator,
      });
      expect(beta.status).toBe(200);
      expect(beta.body.totalElements).toBe(2);
      const dormant = await ctx.call('GET', `/api/sample/accounts/${inactiveCustomer}/search`, {
        token: operator,
      });
      expect(dormant).toMatchObject({ status: 200, body: { totalElements: 0 } });
    });

    it.each([
      ['an unknown', UNKNOWN_ID],
      ['a malformed', 'not-a-uuid'],
    ])('answers 404 to an operator using %s customer id', async (_, id) => {
      const answer = await ctx.call('GET', `/api/sample/accounts/${id}/search`, { token: operator });
      expect(answer).toMatchObject({ status: 404, body: notFoundCustomer });
    });
  });

  describe('delete-many', () => {
    const deleteMany = (customerId: string, token: string, json: unknown) =>
      ctx.call('DELETE', `/api/sample/accounts/${customerId}/delete-many`, { token, json });

    it("deletes the listed rows of the caller's customer", async () => {
      const [first, second, kept] = await accountsOf(customerA, 'doomed', 3);
      const answer = await deleteMany(customerA, adminOfA, { ids: [first, second] });
      expect(answer).toEqual(expect.objectContaining({ status: 200, body: { ids: [first, second] } }));
      expect(await existing([first!, second!, kept!])).toEqual([kept]);
    });

    it('deletes nothing when one id belongs to another customer', async () => {
      const [own] = await accountsOf(customerA, 'own', 1);
      const [theirs] = await accountsOf(customerB, 'theirs', 1);
      const before = await accountCount();
      const answer = await deleteMany(customerA, adminOfA, { ids: [own, theirs] });
      expect(answer).toMatchObject({
        status: 404,
        body: {
          messageKey: 'error.record.notFound',
          message: 'Some of the selected records were not found.',
        },
      });
      expect(await accountCount()).toBe(before);
      expect((await existing([own!, theirs!])).sort()).toEqual([own, theirs].sort());
    });

    it('deletes nothing when one id does not exist', async () => {
      const [own] = await accountsOf(customerA, 'own', 1);
      const answer = await deleteMany(customerA, adminOfA, { ids: [own, UNKNOWN_ID] });
      expect(errorOf(answer)).toEqual({ status: 404, messageKey: 'error.record.notFound' });
      expect(await existing([own!])).toEqual([own]);
    });

    it("refuses a customer's account deleting in another customer, with the customer's 404", async () => {
      const [theirs] = await accountsOf(customerB, 'theirs', 1);
      const answer = await deleteMany(customerB, adminOfA, { ids: [theirs] });
      expect(answer).toMatchObject({ status: 404, body: notFoundCustomer });
      expect(await existing([theirs!])).toEqual([theirs]);
    });

    it('lets an operator delete in any customer', async () => {
      const [theirs] = await accountsOf(customerB, 'theirs', 1);
      const answer = await deleteMany(customerB, operator, { ids: [theirs] });
      expect(answer).toMatchObject({ status: 200, body: { ids: [theirs] } });
      expect(await existing([theirs!])).toEqual([]);
    });

    it.each([
      ['no ids', { ids: [] }, 'ids'],
      ['a malformed id', { ids: ['nope'] }, 'ids.0'],
      ['the same id twice', { ids: [UNKNOWN_ID, UNKNOWN_ID] }, 'ids'],
      ['the same id twice in other case', { ids: [UNKNOWN_ID, UNKNOWN_ID.toUpperCase()] }, 'ids'],
      ['no ids field', {}, 'ids'],
      ['1001 ids', { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) }, 'ids'],
    ])('refuses %s with 400', async (_, body, field) => {
      const before = await accountCount();
      const answer = await deleteMany(customerA, adminOfA, body);
      expect(errorOf(answer)).toEqual({ status: 400, messageKey: 'error.validation.invalid' });
      expect(answer.body.params.field).toBe(field);
      expect(await accountCount()).toBe(before);
    });

    it('answers 409 and deletes nothing when a row is still referenced', async () => {
      const answer = await ctx.call('DELETE', `/api/sample/customers/${customerA}/delete-many`, {
        token: adminOfA,
        json: { ids: [customerA] },
      });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          messageKey: 'error.record.inUse',
          message: 'Some of the selected records are still in use and cannot be deleted.',
        },
      });
      const [still] = await ctx.db.select().from(customers).where(eq(customers.id, customerA));
      expect(still?.companyName).toBe('Alpha');
    });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('multipart create and update', () => {
  let ctx: TestContext;
  let operator: string;

  const PNG_SIGNATURE = PNG.subarray(0, 8);
  const SVG = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );

  beforeAll(async () => {
    ({ ctx } = await startSample());
    operator = await ctx.signInOperator();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    body: { parts: Part[] } | { payload: string | Buffer; contentType?: string },
    token: string | undefined = operator,
  ): Promise<JsonAnswer> =>
    'parts' in body ? sendForm(ctx, method, url, body.parts, token) : sendBody(ctx, method, url, body, token);

  const create = (parts: Part[], token?: string) => send('POST', '/api/sample/customers', { parts }, token);

  const logoOf = async (id: string) =>
    (await ctx.db.select({ logo: customers.logo }).from(customers).where(eq(customers.id, id)))[0]?.logo;

  const fields = { companyName: 'Initech', contactEmail: 'it@initech.example' };

  it('reads the json part and the image, as the portal sends them', async () => {
    const answer = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', image(PNG), 'logo.png'],
    ]);
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['id']);
    expect(await logoOf(answer.body.id)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  it('reads a json part sent as plain text, and no file when the file is optional', async () => {
    const answer = await create([['json', JSON.stringify(fields)]]);
    expect(answer.status).toBe(201);
    expect(await logoOf(answer.body.id)).toBeNull();
  });

  it('answers the parsed data and the exact bytes, from a configurable part name', async () => {
    const { id } = await ctx.createCustomer({ companyName: 'Logo Co' });
    const answer = await send('PUT', `/api/sample/customers/${id}/logo`, {
      parts: [
        ['info', jsonBlob({ title: 'Square' })],
        ['iconFile', image(GIF, 'image/gif'), 'C:\\Users\\me\\dot.gif'],
      ],
    });
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({
      data: { title: 'Square' },
      file: { fileName: 'dot.gif', mimeType: 'image/gif', bytes: GIF.toString('base64') },
    });
    expect(await logoOf(id)).toBe(`data:image/gif;base64,${GIF.toString('base64')}`);
  });

  it('takes SVG images and files of exactly 2000000 bytes', async () => {
    const svg = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', image(SVG, 'image/svg+xml'), 'logo.svg'],
    ]);
    expect(svg.status).toBe(201);
    const largest = Buffer.alloc(2_000_000);
    PNG_SIGNATURE.copy(largest);
    const big = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', image(largest), 'big.png'],
    ]);
    expect(big.status).toBe(201);
  });

  it.each([
    ['no json part', [['iconFile', image(PNG), 'logo.png']] as Part[], 'json'],
    ['nothing at all', [] as Part[], 'json'],
  ])('refuses %s with the missing part named', async (_, parts, part) => {
    const answer = await create(parts);
    expect(answer).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          messageKey: 'error.upload.missingPart',
          message: `The ${part} part is missing.`,
          params: { part },
        },
      }),
    );
  });

  it('refuses an update without its required file', async () => {
    const { id } = await ctx.createCustomer();
    const answer = await send('PUT', `/api/sample/customers/${id}/logo`, {
      parts: [['info', jsonBlob({ title: 'None' })]],
    });
    expect(answer.body).toEqual({
      messageKey: 'error.upload.missingPart',
      message: 'The iconFile part is missing.',
      params: { part: 'iconFile' },
    });
    expect(await logoOf(id)).toBeNull();
  });

  it.each([
    ['as a JSON blob', [['json', new Blob(['{"companyName":'], { type: 'application/json' })]] as Part[]],
    ['as text', [['json', '{"companyName":']] as Part[]],
  ])('refuses json that does not parse, sent %s', async (_, parts) => {
    const answer = await create(parts);
    expect(answer).toMatchObject({ status: 400 });
    expect(answer.body).toEqual({
      messageKey: 'error.validation.invalid',
      message: "The field 'json' is not valid JSON.",
      params: { field: 'json', reason: 'is not valid JSON' },
    });
  });

  it.each([
    [{ companyName: 'Initech' }, "The field 'contactEmail' is required."],
    [{ ...fields, companyName: 7 }, "The field 'companyName' must be a string."],
    [['Initech'], "The field 'json' must be an object."],
  ])('refuses json %j that does not match the schema', async (value, message) => {
    const answer = await create([['json', jsonBlob(value)]]);
    expect(answer).toMatchObject({ status: 400, body: { messageKey: 'error.validation.invalid', message } });
  });

  it('refuses a file of 2000001 bytes with 413', async () => {
    const tooBig = Buffer.alloc(2_000_001);
    PNG_SIGNATURE.copy(tooBig);
    const answer = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', image(tooBig), 'big.png'],
    ]);
    expect(answer).toMatchObject({
      status: 413,
      body: {
        messageKey: 'error.upload.tooLarge',
        message: 'The file is larger than 2000000 bytes.',
        params: { maxBytes: 2000000 },
      },
    });
  });

  it.each([
    ['a text file disguised as image/png', image(Buffer.from('just some text\n')), 'notes.png'],
    ['a JPEG declared as PNG', image(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'photo.png'],
    ['a text file', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt'],
    ['a PDF', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'doc.pdf'],
    ['binary declared as SVG', image(PNG, 'image/svg+xml'), 'logo.svg'],
  ])('refuses %s with 415', async (_, file, fileName) => {
    const answer = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', file, fileName],
    ]);
    expect(answer).toMatchObject({
      status: 415,
      body: {
        messageKey: 'error.upload.unsupportedType',
        message: 'Only image files (PNG, JPEG, GIF, WebP, SVG) can be uploaded.',
      },
    });
  });

  it('refuses parts the form does not know, and a second file', async () => {
    const extra = await create([
      ['json', jsonBlob(fields)],
      ['colour', 'red'],
    ]);
    expect(extra.body).toEqual({
      messageKey: 'error.upload.unexpectedPart',
      message: 'The colour part is not expected here.',
      params: { part: 'colour' },
    });
    const twice = await create([
      ['json', jsonBlob(fields)],
      ['json', jsonBlob(fields)],
    ]);
    expect(twice).toMatchObject({ status: 400, body: { messageKey: 'error.upload.duplicatePart' } });
    const twoFiles = await create([
      ['json', jsonBlob(fields)],
      ['iconFile', image(PNG), 'a.png'],
      ['other', image(PNG), 'b.png'],
    ]);
    expect(errorOf(twoFiles)).toEqual({ status: 413, messageKey: 'error.upload.tooManyParts' });
  });

  it.each([
    ['JSON', JSON.stringify(fields), 'application/json'],
    ['text', 'hello', 'text/plain'],
    ['a form', 'companyName=Initech', 'application/x-www-form-urlencoded'],
    ['no body', '', undefined],
  ])('refuses %s with 415', async (_, payload, contentType) => {
    const answer = await send('POST', '/api/sample/customers', { payload, contentType });
    expect(answer).toMatchObject({
      status: 415,
      body: {
        messageKey: 'error.request.unsupportedMediaType',
        message: 'The request body must be sent as multipart/form-data.',
        params: { mediaType: 'multipart/form-data' },
      },
    });
  });

  it('refuses a multipart body without a boundary', async () => {
    const answer = await send('POST', '/api/sample/customers', {
      payload: 'whatever',
      contentType: 'multipart/form-data',
    });
    expect(errorOf(answer)).toEqual({ status: 400, messageKey: 'error.request.invalid' });
  });

  it('asks for a token before looking at the body', async () => {
    const answer = await send(
      'POST',
      '/api/sample/customers',
      { payload: 'hello', contentType: 'text/plain' },
      '',
    );
    expect(errorOf(answer)).toEqual({ status: 401, messageKey: 'error.auth.unauthorized' });
  });

  it('keeps the customer scope on multipart routes', async () => {
    const other = await ctx.createCustomer({ companyName: 'Other' });
    const role = await ctx.createRole({
      name: 'logo-admins',
      customerId: other.id,
      permissions: ['account:modify'],
    });
    const mine = await ctx.createCustomer({ companyName: 'Mine' });
    const outsider = uniqueEmail('outsider');
    await ctx.createAccount({
      email: outsider,
      password: PASSWORD,
      customerId: other.id,
      roleIds: [role.id],
    });
    const token = await ctx.signIn(outsider, PASSWORD);
    const answer = await send(
      'PUT',
      `/api/sample/customers/${mine.id}/logo`,
      {
        parts: [
          ['info', jsonBlob({ title: 'Hijack' })],
          ['iconFile', image(PNG), 'x.png'],
        ],
      },
      token,
    );
    expect(answer).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
    expect(await logoOf(mine.id)).toBeNull();
  });
});
