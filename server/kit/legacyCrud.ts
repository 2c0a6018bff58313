import { and, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import type { ContractRoute, ListingNames, ResourceContract } from '../../contract/kit.ts';
import { routesOf } from '../../contract/kit.ts';
import { type Caller, callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { findRows, type Listing } from '../db/listing.ts';
import { type AuditAction, type AuditTable, changesBetween, recordAudit } from '../domain/audit.ts';
import type { AppError } from '../errors.ts';
import { notFound } from '../errors.ts';
import { UUID_PATTERN } from '../validation.ts';
import { optionsOf } from './contractRoutes.ts';
import { DeleteManyAnswer, DeleteManyBody, MAX_IDS, RECORD_NOT_FOUND } from './deleteMany.ts';
import { type MultipartForm, readMultipart, type UploadedFile } from './multipart.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from './pageSearch.ts';
import { answerSearch, postSearchBody, readPostSearch, searchAnswer } from './postSearch.ts';
import { RangeQuery, readRange, sendRange } from './range.ts';

/**
 * The CRUD factory: the server side of a resource contract's ordinary calls, the mirror of the portal's
 * adapters. From the contract entry (paths, access, schemas), the resource's table and a few hooks, it
 * registers list (range, GET search or POST search, with the declared filters and sorts), get one, details
 * (get many), create, update, delete and delete-many. Every write runs in one transaction with its audit
 * entry; reads and writes are kept inside the call's customer (the guard resolved it) or the resource's
 * own visibility rule. A resource registers only the calls its contract has; what is special (an action,
 * an answer of its own) is written beside it with `routeOf`.
 *
 *   crud(app, {
 *     db, contract: customer, table: customers, id: customers.id, record: CustomerRecord,
 *     select: (db) => db.select(customerFields).from(customers).$dynamic(),
 *     listing: customerList, toRecord, notFound: customerNotFound,
 *     audit: { table: 'Customer', fields: audited, customerOf: (row) => row.id },
 *     create: { values: (ctx, form) => readForm(form) },
 *     update: { values: (ctx, before, form) => readForm(form) },
 *   });
 */

export interface CallContext {
  /** The transaction of the write (the database for reads). */
  tx: Database;
  caller: Caller;
  /** The customer the call acts in, as the guard resolved it (undefined: the call declares none). */
  customer: string | null | undefined;
  request: FastifyRequest;
}

/** Create and update bodies: the JSON form, or a multipart form's data and image. */
export interface MultipartValues<Data> {
  data: Data;
  file?: UploadedFile;
}

export interface CrudOptions<Row extends { id: string }, Rec, Form> {
  db: Database;
  contract: ResourceContract;
  table: PgTable;
  id: AnyPgColumn;
  /**
   * The column that ties a row to its customer. Every call of the resource must then declare where its
   * customer comes from, and every read and write keeps `column = customer` (null: `column is null`).
   */
  customerColumn?: AnyPgColumn;
  /** The rows a caller may touch, when that is not the customer column alone (conditions AND-ed). */
  visible?: (request: FastifyRequest) => SQL | undefined;
  /** The select of rows (joins allowed), without WHERE, ORDER BY or LIMIT. */
  select: (db: Database) => PgSelect;
  listing: Listing;
  /** The contract's names of the listing's filters and sorts: a listing that differs refuses to register. */
  listingNames?: ListingNames;
  /** The schema of an answered record. */
  record: TSchema;
  /** Rows as answered records (in the same order). */
  toRecords: (db: Database, rows: Row[], request: FastifyRequest) => Rec[] | Promise<Rec[]>;
  notFound: () => AppError;
  audit: {
    table: AuditTable;
    /** What the log keeps of a row (secrets are hidden by name, see changesBetween). */
    fields: (row: Row) => Record<string, unknown>;
    /** The customer an entry belongs to (null: provider-level). */
    customerOf: (row: Row) => string | null;
  };
  /**
   * The total of a list without counting its rows, when the resource keeps it (tallies): undefined to count.
   * Called with the checked filters of the list, inside the caller's scope.
   */
  total?: (
    request: FastifyRequest,
    filters: Readonly<Record<string, unknown>>,
  ) => Promise<number | undefined>;
  /** What a database error means for the client (a unique name taken: a 409), or the error itself. */
  translate?: (error: unknown) => unknown;
  /** A column set to now on every update. */
  modifiedAt?: AnyPgColumn;
  /** The status column the status actions (activate, publish…) set. */
  status?: AnyPgColumn;
  create?: {
    /** The row to insert, from the checked form; further rules throw their AppError. */
    values: (ctx: CallContext, form: Form) => Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Runs after the insert, in its transaction, before the audit entry. */
    after?: (ctx: CallContext, row: Row, form: Form) => Promise<void>;
    /** The answer with status 201 (default `{id}`). */
    answer?: (ctx: CallContext, row: Row, record: Rec) => unknown;
    multipart?: MultipartForm<TSchema>;
  };
  update?: {
    /** The changed columns, from the checked form and the locked row as it was. */
    values: (
      ctx: CallContext,
      before: Row,
      form: Form,
    ) => Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Runs after the update, in its transaction (the row as it is now). */
    after?: (ctx: CallContext, before: Row, after: Row) => Promise<void>;
    multipart?: MultipartForm<TSchema>;
  };
  delete?: {
    /** Refuses the deletion of a row (still in use, part of the product…) by throwing. */
    check?: (ctx: CallContext, row: Row) => Promise<void> | void;
  };
  /**
   * The calls to register here, when not all the contract's ordinary calls (the multipart ones go in a
   * scope of their own, see multipart.ts).
   */
  only?: readonly OrdinaryCall[];
}

export type OrdinaryCall = 'list' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete' | 'deleteMany';

export interface StatusChange<S extends string, Row> {
  status: S;
  action: AuditAction;
  /** Runs before the change, on the locked row: throws to refuse it. */
  check?: (ctx: CallContext, row: Row) => void;
  /** Runs after the change, in its transaction (the row as it is now): throws to undo it. */
  after?: (ctx: CallContext, row: Row) => Promise<void>;
}

export interface CrudHandle<Row extends { id: string }, Rec> {
  /** One row the caller may touch, for the named actions; `forUpdate` locks it until the transaction ends. */
  find(db: Database, request: FastifyRequest, id: unknown, forUpdate?: boolean): Promise<Row>;
  /** The records of rows. */
  toRecords(db: Database, rows: Row[], request: FastifyRequest): Promise<Rec[]>;
  /** Writes one audit entry for a row's change, in the transaction of the change. */
  audit(ctx: CallContext, action: AuditAction, before: Row | null, after: Row | null): Promise<void>;
  /** A call context for a request (with the database, or a transaction). */
  context(request: FastifyRequest, tx: Database): CallContext;
  /**
   * A status action (activate, publish…): the row the caller may touch, locked, set to `status` with its
   * audit entry (`action`); a row already in that status is answered as it is, with no entry.
   */
  setStatus<S extends string>(
    request: FastifyRequest,
    id: unknown,
    change: StatusChange<S, Row>,
  ): Promise<{ id: string; status: S }>;
}

const LIST_ANSWERS = {
  postSearch: true,
  pageSearch: true,
  range: true,
} as const;

/** The names a listing declares, in the contract's words, for comparing with the contract. */
function sameListing(listing: Listing, names: ListingNames | undefined, resource: string): void {
  if (!names) return;
  const filters = Object.keys(listing.filterSchema.properties).sort();
  const sorts = [...listing.sortFields].sort();
  const wanted = { filters: [...names.filters].sort(), sort: [...names.sort].sort() };
  if (JSON.stringify(filters) !== JSON.stringify(wanted.filters)) {
    throw new Error(`The ${resource} listing filters by ${filters} but its contract says ${wanted.filters}`);
  }
  if (JSON.stringify(sorts) !== JSON.stringify(wanted.sort)) {
    throw new Error(`The ${resource} listing sorts by ${sorts} but its contract says ${wanted.sort}`);
  }
  if (
    listing.defaultSort.field !== names.defaultSort.field ||
    listing.defaultSort.order !== names.defaultSort.order
  ) {
    throw new Error(`The ${resource} listing's default sort differs from its contract's`);
  }
}

/**
 * Registers the ordinary calls of `options.contract` on `app` (an instance under /api) and answers the
 * pieces the resource's own actions use.
 */
export function crud<Row extends { id: string }, Rec, Form = Record<string, unknown>>(
  app: FastifyInstance,
  options: CrudOptions<Row, Rec, Form>,
): CrudHandle<Row, Rec> {
  const { db, contract, table, id: idColumn, customerColumn } = options;
  sameListing(options.listing, options.listingNames, contract.name);

  const routes = new Map(
    routesOf(contract)
      .map((route) => [route.key.split('.')[1]!, route] as const)
      .filter(([name]) => !options.only || (options.only as readonly string[]).includes(name)),
  );
  for (const route of routes.values()) {
    const access = route.info.access;
    const declared = !access.public && access.customer !== undefined && access.customer.from !== 'none';
    if (customerColumn && !declared && !options.visible) {
      throw new Error(
        `${route.method} ${route.template} reaches the customer-scoped ${contract.name} rows but its access rule declares no customer`,
      );
    }
  }

  /** The conditions that keep a call inside what its caller may touch. */
  const scopeOf = (request: FastifyRequest): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [options.visible?.(request)];
    if (customerColumn && request.customer !== undefined) {
      conditions.push(
        request.customer === null ? isNull(customerColumn) : eq(customerColumn, request.customer),
      );
    }
    return and(...conditions);
  };

  const toRecords = async (database: Database, rows: Row[], request: FastifyRequest) =>
    options.toRecords(database, rows, request);
  const toRecord = async (database: Database, row: Row, request: FastifyRequest) =>
    (await toRecords(database, [row], request))[0]!;

  const context = (request: FastifyRequest, tx: Database): CallContext => ({
    tx,
    caller: callerOf(request),
    customer: request.customer,
    request,
  });

  const find = async (database: Database, request: FastifyRequest, id: unknown, forUpdate = false) => {
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw options.notFound();
    const query = options.select(database).where(and(eq(idColumn, id.toLowerCase()), scopeOf(request)));
    const [row] = (forUpdate ? await query.for('update', { of: table }) : await query) as Row[];
    if (!row) throw options.notFound();
    return row;
  };

  const audit = async (ctx: CallContext, action: AuditAction, before: Row | null, after: Row | null) => {
    const row = (after ?? before)!;
    const changes = changesBetween(
      before ? options.audit.fields(before) : null,
      after ? options.audit.fields(after) : null,
    );
    if (action === 'UPDATE' && Object.keys(changes).length === 0) return;
    await recordAudit(ctx.tx, ctx.caller.account, {
      table: options.audit.table,
      action,
      entityId: row.id,
      customerId: options.audit.customerOf(row),
      changes,
    });
  };

  /** Runs a write; a database error becomes what it means (translate). */
  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw options.translate ? options.translate(error) : error;
    }
  };

  const register = (route: ContractRoute, schema: Record<string, unknown>, handler: Handler) => {
    const base = optionsOf(route);
    app.route({
      ...base,
      schema: { ...schema, ...base.schema } as FastifySchema,
      handler: handler as never,
    });
  };

  // ——— list ———
  const list = routes.get('list');
  if (list && contract.list && contract.list.by in LIST_ANSWERS) {
    const { listing } = options;
    const rowsOf = async (request: FastifyRequest, ask: Parameters<typeof findRows>[3]) => {
      const total = options.total;
      const knownTotal = total ? () => total(request, ask.filters) : undefined;
      const found = await findRows(db, options.select(db), listing, { ...ask, knownTotal }, scopeOf(request));
      return { rows: await toRecords(db, found.rows as Row[], request), total: found.total };
    };
    switch (contract.list.by) {
      case 'postSearch':
        register(
          list,
          { body: postSearchBody(listing), response: { 200: searchAnswer(options.record) } },
          async (request) => answerSearch(await rowsOf(request, readPostSearch(request.body as never))),
        );
        break;
      case 'pageSearch':
        register(
          list,
          { querystring: pageSearchQuery(listing), response: { 200: pageAnswer(options.record) } },
          async (request) => {
            const ask = readPageSearch(listing, request.query as object);
            return answerPage(await rowsOf(request, ask), ask);
          },
        );
        break;
      case 'range':
        register(
          list,
          { querystring: RangeQuery, response: { 200: Type.Array(options.record) } },
          async (request, reply) => {
            const ask = readRange(listing, request.query as never);
            const resource = contract.base.replace(/^\//, '').split('/').pop()!;
            return sendRange(reply, resource, await rowsOf(request, ask), ask);
          },
        );
        break;
    }
  }

  // ——— get one ———
  const getOne = routes.get('getOne');
  if (getOne) {
    const fromBody = getOne.method !== 'GET';
    register(
      getOne,
      fromBody ? {} : { params: Type.Object({ id: Type.String({ maxLength: 100 }) }) },
      async (request) => {
        const source = (fromBody ? request.body : request.params) as { id?: unknown };
        return toRecord(db, await find(db, request, source.id), request);
      },
    );
  }

  // ——— get many (details) ———
  const getMany = routes.get('getMany');
  if (getMany && contract.getMany?.by === 'record') {
    register(getMany, { response: { 200: Type.Array(options.record) } }, async (request) => {
      const ids = [...new Set(((request.body as { ids: string[] }).ids ?? []).map((id) => id.toLowerCase()))];
      if (ids.length === 0) return [];
      const rows = (await options.select(db).where(and(inArray(idColumn, ids), scopeOf(request)))) as Row[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked; ids the caller may not see are left out.
      return toRecords(
        db,
        ids.flatMap((id) => {
          const row = byId.get(id);
          return row ? [row] : [];
        }),
        request,
      );
    });
  }

  // ——— create ———
  const create = routes.get('create');
  if (create && options.create) {
    const spec = options.create;
    register(create, {}, async (request, reply) => {
      const form = spec.multipart ? await readMultipart(request, spec.multipart) : request.body;
      const { row, answer } = await write(() =>
        db.transaction(async (tx) => {
          const ctx = context(request, tx);
          const values = await spec.values(ctx, form as Form);
          const [inserted] = (await tx.insert(table).values(values).returning()) as { id: string }[];
          await spec.after?.(ctx, inserted as Row, form as Form);
          const created = await find(tx, request, inserted!.id);
          await audit(ctx, 'CREATE', null, created);
          return {
            row: created,
            answer: spec.answer ? spec.answer(ctx, created, await toRecord(tx, created, request)) : undefined,
          };
        }),
      );
      reply.code(201);
      return answer ?? { id: row.id };
    });
  }

  // ——— update ———
  const update = routes.get('update');
  if (update && options.update) {
    const spec = options.update;
    const fromParams = update.template.includes('{id}');
    register(update, { response: { 200: options.record } }, async (request) => {
      const form = spec.multipart ? await readMultipart(request, spec.multipart) : request.body;
      const id = fromParams ? (request.params as { id?: unknown }).id : (form as { id?: unknown }).id;
      const after = await write(() =>
        db.transaction(async (tx) => {
          const ctx = context(request, tx);
          const before = await find(tx, request, id, true);
          const values = await spec.values(ctx, before, form as Form);
          const next = { ...before, ...values } as Row;
          const changed = Object.keys(
            changesBetween(options.audit.fields(before), options.audit.fields(next)),
          ).length;
          if (changed === 0) return before;
          const updated = await change(tx, request, before.id, values);
          await spec.after?.(ctx, before, updated);
          await audit(ctx, 'UPDATE', before, updated);
          return updated;
        }),
      );
      return toRecord(db, after, request);
    });
  }

  // ——— delete ———
  const remove = routes.get('delete');
  if (remove && options.delete) {
    const spec = options.delete;
    register(remove, { response: { 200: Type.Object({ id: Type.String() }) } }, async (request) =>
      write(() =>
        db.transaction(async (tx) => {
          const ctx = context(request, tx);
          const row = await find(tx, request, (request.params as { id?: unknown }).id, true);
          await spec.check?.(ctx, row);
          await tx.delete(table).where(eq(idColumn, row.id));
          await audit(ctx, 'DELETE', row, null);
          return { id: row.id };
        }),
      ),
    );
  }

  // ——— delete many ———
  const removeMany = routes.get('deleteMany');
  if (removeMany && options.delete && contract.deleteMany?.by === 'record') {
    const spec = options.delete;
    register(removeMany, { body: DeleteManyBody, response: { 200: DeleteManyAnswer } }, async (request) => {
      const asked = (request.body as { ids: string[] }).ids;
      const ids = [...new Set(asked.map((id) => id.toLowerCase()))];
      return write(() =>
        db.transaction(async (tx) => {
          const ctx = context(request, tx);
          const rows = (await options
            .select(tx)
            .where(and(inArray(idColumn, ids), scopeOf(request)))
            .for('update', { of: table })) as Row[];
          // All or nothing: an id the caller may not touch refuses the whole call.
          if (rows.length !== ids.length) throw notFound(RECORD_NOT_FOUND.key, RECORD_NOT_FOUND.text);
          for (const row of rows) await spec.check?.(ctx, row);
          await tx.delete(table).where(inArray(idColumn, ids));
          for (const row of rows) await audit(ctx, 'DELETE', row, null);
          return { ids: [...asked] };
        }),
      );
    });
  }

  /** Writes changed columns of a locked row (and its modification time); answers the row as it is now. */
  const change = async (
    tx: Database,
    request: FastifyRequest,
    id: string,
    values: Record<string, unknown>,
  ) => {
    const set = options.modifiedAt
      ? { ...values, [columnKey(table, options.modifiedAt)]: new Date() }
      : values;
    await tx.update(table).set(set).where(eq(idColumn, id));
    return find(tx, request, id);
  };

  const setStatus = <S extends string>(
    request: FastifyRequest,
    id: unknown,
    { status, action, check, after: afterChange }: StatusChange<S, Row>,
  ): Promise<{ id: string; status: S }> => {
    const column = options.status;
    if (!column) throw new Error(`The ${contract.name} rows have no status column`);
    const key = columnKey(table, column);
    return db.transaction(async (tx) => {
      const ctx = context(request, tx);
      const before = await find(tx, request, id, true);
      check?.(ctx, before);
      const current = (before as Record<string, unknown>)[key];
      if (current === status) return { id: before.id, status };
      const after = await change(tx, request, before.id, { [key]: status });
      await afterChange?.(ctx, after);
      await audit(ctx, action, before, after);
      return { id: before.id, status };
    });
  };

  return { find, toRecords, audit, context, setStatus };
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The property name of a column in its table (what `set` and `values` take). */
function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`${column.name} is not a column of the table`);
  return entry[0];
}

/** The checked form of a schema (for the hooks' parameter types). */
export type FormOf<S extends TSchema> = Static<S>;

export { MAX_IDS };
