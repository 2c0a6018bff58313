import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { type TObject, type TSchema, Type } from 'typebox';
import type { ContractRoute, ResourceContract } from '../../contract/kit.ts';
import { customerInBody, EXPORT_CUSTOMER_PARAM, isExported, routesOfFamily } from '../../contract/kit.ts';
import type { Caller } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import type { ListAsk, Listing } from '../db/listing.ts';
import { inReach, type Reach } from '../db/reach.ts';
import { recordAudit } from '../domain/audit.ts';
import { serveBulk } from './bulk.ts';
import type {
  AuditWriter,
  CallAt,
  CallBase,
  CallContext,
  CallName,
  CustomerOf,
  OrdinaryCall,
  Served,
} from './call.ts';
import { contractRoute, optionsOf } from './contractRoutes.ts';
import { type CrudOptions, serveCrud } from './crud.ts';
import { answerArrayExport, answerExport, arrayExportSchema, exportSchema } from './exports.ts';
import type { Services } from './feature.ts';
import { type Jobs, jobsOf } from './jobs.ts';
import { answerList, type ListConvention, listSchema, readList } from './lists.ts';
import { enableMultipart, type MultipartLimits } from './multipart.ts';
import { publicOrigin } from './origin.ts';
import { type BulkPerform, type BulkSource, bulkSourceOf, type Rows } from './rows.ts';

/**
 * The route kit: the one way a feature serves its contract's calls. `route` serves one call with a handler
 * (see call.ts for what it receives); `crud` serves a resource's ordinary calls from its rows; `list`
 * serves a list call of any convention from a function that finds one page; `multipart` opens a scope
 * whose calls read multipart bodies. The guard has checked the caller, its permission and its customer
 * before a handler runs; the kit opens the call's transaction in that customer's reach, so that the
 * database's row-level security keeps every query inside it.
 */

export interface RouteOptions {
  /** false: no transaction is opened for the call: the handler opens its own with `call.transaction`. */
  transaction?: false;
  /** What an error of the call means for the client (a database constraint: a 409…), or the error itself. */
  translate?: (error: unknown) => unknown;
  /**
   * 'all': the call's transactions reach every customer's rows, whoever calls: for a name that is unique
   * among all customers (a SAML 2.0 URL suffix), whose check must see the others' rows. The handler answers
   * nothing of those rows beyond what its contract says.
   */
  reach?: 'all';
  /**
   * The call only reads (a list, a record). Reaching every row (an operator outside a customer), it then
   * runs on the pool with no transaction of its own: a transaction of READ COMMITTED gives its statements no
   * common snapshot anyway, and its BEGIN and COMMIT were two of a read's three or four round trips to the
   * database. In a customer's reach it keeps its transaction, which the customer's policies need.
   */
  reads?: true;
  /** Schemas beside the contract's (a list's query from its listing); the contract's win. */
  schema?: FastifySchema;
}

export type Handler<Ctx> = (call: Ctx) => Promise<unknown> | unknown;

/** A list call served from one function: the kit reads the ask in the contract's convention and answers. */
export interface ListSpec<C, Rec> {
  listing: Listing;
  /** Query parameters the list reads beside its filters and paging (a customerId, a serviceId…). */
  extra?: Record<string, TSchema>;
  /** The schema of one answered row. */
  record: TSchema;
  find: (call: CallContext<C>, ask: ListAsk) => Promise<{ rows: Rec[]; total: number }>;
}

export interface Kit {
  readonly services: Services;
  route<S extends Served, K extends CallName<S>>(
    contract: S,
    name: K,
    handler: Handler<CallContext<CallAt<S, K>>>,
  ): void;
  route<S extends Served, K extends CallName<S>>(
    contract: S,
    name: K,
    options: RouteOptions & { transaction: false },
    handler: Handler<CallBase<CallAt<S, K>>>,
  ): void;
  route<S extends Served, K extends CallName<S>>(
    contract: S,
    name: K,
    options: RouteOptions,
    handler: Handler<CallContext<CallAt<S, K>>>,
  ): void;
  /** A list call, by the contract's convention (pageSearch, postSearch or range). */
  list<S extends Served, K extends CallName<S>, Rec>(
    contract: S,
    name: K,
    spec: ListSpec<CallAt<S, K>, Rec>,
  ): void;
  /** The contract's ordinary calls, from the resource's rows. */
  crud<
    Row extends { id: string },
    Rec,
    Form = Record<string, unknown>,
    Con extends ResourceContract = ResourceContract,
  >(contract: Con, rows: Rows<Row, Rec>, options: CrudOptions<Row, Rec, Form, Con>): void;
  /**
   * The list's bulk actions (contract `bulk`, server/kit/bulk.ts): what each does to a batch of the ids its
   * rows' listing matches, each declared action served.
   */
  bulk<Row extends { id: string }, Rec>(
    contract: ResourceContract,
    rows: Rows<Row, Rec> | BulkSource,
    actions: Readonly<Record<string, BulkPerform>>,
  ): void;
  /** Calls whose bodies are multipart (files), registered by `register` in a scope of their own. */
  multipart(limits: MultipartLimits, register: (kit: Kit) => void | Promise<void>): void;
  /** A caller's long work, run a batch at a time (server/kit/jobs.ts). */
  readonly jobs: Jobs;
}

export interface KitOptions {
  /** The database as the server's own user (the kit's transactions narrow it to a customer). */
  db: Database;
  services: Services;
}

/** Whom a call acts for: its customer, or the caller's own; an operator outside a customer reaches every row. */
export function reachOf(caller: Caller | null, customer: string | null | undefined): Reach {
  if (typeof customer === 'string') return { customer };
  const own = caller?.account.customerId;
  return own ? { customer: own } : 'all';
}

const routeOfFamily = (contract: Served, name: string): ContractRoute => {
  if ('calls' in contract) {
    const route = routesOfFamily(contract).find((candidate) => candidate.key === `${contract.name}.${name}`);
    if (!route) throw new Error(`The ${contract.name} calls have no ${name}`);
    return route;
  }
  return contractRoute(contract, name);
};

export function createKit(app: FastifyInstance, { db, services }: KitOptions): Kit {
  const serve = (
    contract: Served,
    name: string,
    options: RouteOptions,
    handler: (call: CallContext<never> | CallBase<never>) => unknown,
  ) => {
    const route = routeOfFamily(contract, name);
    const base = optionsOf(route);
    app.route({
      ...base,
      schema: { ...options.schema, ...base.schema } as FastifySchema,
      handler: async (request, reply) => {
        const caller = request.caller;
        const customer = request.customer;
        const reach = options.reach ?? reachOf(caller, customer);
        const common = {
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
          caller,
          customer,
          services,
          origin: publicOrigin(request, services.config),
          transaction: <T>(work: (tx: Database, audit: AuditWriter) => Promise<T>) =>
            inReach(db, reach, (tx) => work(tx, auditWriter(tx, caller, customer))),
          asCustomer: <T>(customerId: string, work: (tx: Database, audit: AuditWriter) => Promise<T>) =>
            inReach(db, { customer: customerId }, (tx) => work(tx, auditWriter(tx, caller, customerId))),
          vacuum: async (table: PgTable) => {
            await db.execute(sql`vacuum (analyze) ${table}`);
          },
        } as unknown as CallBase<never>;
        try {
          if (options.transaction === false) return await handler(common);
          if (options.reads && reach === 'all')
            return await handler({ ...common, tx: db, audit: auditWriter(db, caller, customer) });
          return await afterCommit(reply, () =>
            inReach(db, reach, (tx) =>
              Promise.resolve(handler({ ...common, tx, audit: auditWriter(tx, caller, customer) })),
            ),
          );
        } catch (error) {
          throw options.translate ? options.translate(error) : error;
        }
      },
    });
  };

  const kit: Kit = {
    services,
    jobs: jobsOf(app),
    route(contract: Served, name: string, second: unknown, third?: unknown) {
      const [options, handler] =
        typeof second === 'function' ? [{}, second] : [second as RouteOptions, third];
      serve(contract, name, options, handler as never);
      // A list answered whole as an array has its export too (exports.ts): the list's own answer, as a file.
      if (
        name !== 'list' ||
        'calls' in contract ||
        contract.list?.by !== 'array' ||
        !isExported(contract.list)
      )
        return;
      if (options.transaction === false)
        throw new Error(`${contract.name}: an array list runs in its transaction`);
      const list = contract.list as { schema?: FastifySchema };
      const schema = { ...list.schema, ...options.schema } as FastifySchema & {
        querystring?: TObject;
        response?: Record<number, { items?: TSchema }>;
      };
      serve(
        contract,
        'exportList',
        { ...options, transaction: false, schema: arrayExportSchema(schema.querystring) },
        (call) =>
          answerArrayExport(call as CallBase<never>, {
            name: contract.name,
            record: schema.response?.[200]?.items,
            read: (query) =>
              call.transaction((tx, audit) =>
                Promise.resolve(
                  (handler as Handler<CallContext<never>>)({ ...call, query, tx, audit } as never),
                ),
              ),
          }),
      );
    },
    list(contract, name, spec) {
      const route = routeOfFamily(contract, name);
      const convention = listConventionOf(contract, name);
      serve(
        contract,
        name,
        { reads: true, schema: listSchema(convention, spec.listing, spec.record, spec.extra) },
        async (call) => {
          const ctx = call as CallContext<never>;
          const ask = readList(convention, spec.listing, ctx.request);
          const found = await spec.find(ctx as never, ask);
          return answerList(convention, ctx.reply, route, found, ask);
        },
      );
      // Every paged list has its export (exports.ts), under the same access rule.
      if (name !== 'list' || 'calls' in contract || !isExported(contract.list)) return;
      // A list whose customer comes in its body takes it in the export's query (contract/kit.ts).
      const extra = customerInBody(contract.list)
        ? { ...spec.extra, [EXPORT_CUSTOMER_PARAM]: Type.Optional(Type.String({ maxLength: 100 })) }
        : spec.extra;
      serve(
        contract,
        'exportList',
        { schema: exportSchema(spec.listing, extra), transaction: false },
        (call) =>
          answerExport(call as CallBase<never>, {
            ...spec,
            extra,
            name: contract.name,
            find: spec.find as never,
          }),
      );
    },
    crud(contract, rows, options) {
      serveCrud(kit, contract, rows, options);
    },
    bulk(contract, rows, actions) {
      serveBulk(
        app,
        (name, options, handler) => serve(contract, name, options as RouteOptions, handler as never),
        contract,
        'spec' in rows ? bulkSourceOf(rows as unknown as Rows<{ id: string }, unknown>) : rows,
        actions,
      );
    },
    multipart(limits, register) {
      // Registered in the plugin queue, after the calling feature's own routes.
      app.register(async (scope) => {
        await enableMultipart(scope, limits);
        await register(createKit(scope, { db, services }));
      });
    },
  };
  return kit;
}

/** What a handler's `reply.send` answers inside the call's transaction: the answer is held, not yet sent. */
const HELD = Object.freeze({ held: true });

/**
 * Runs a call's transaction, holding back an answer its handler sends itself (`reply.send`, `reply.redirect`)
 * until the transaction has committed: a client that reads the answer and calls again (on another of the
 * pool's connections) then finds the change made (a signed-out session refused, a QR session to decide).
 * While held, `send` answers a plain marker rather than the reply, which is a thenable that settles once
 * the answer is out: a handler returning it would otherwise wait for itself. An answer the handler returns
 * is sent by Fastify after the handler resolves, so after the commit too.
 */
async function afterCommit(reply: FastifyReply, transaction: () => Promise<unknown>): Promise<unknown> {
  let held: { payload: unknown } | undefined;
  const hold = (payload?: unknown) => {
    held = { payload };
    return HELD;
  };
  Object.defineProperty(reply, 'send', { value: hold, configurable: true, writable: true });
  let answer: unknown;
  try {
    answer = await transaction();
  } finally {
    delete (reply as { send?: unknown }).send;
  }
  if (!held) return answer;
  reply.send(held.payload);
  return reply;
}

/** The list convention of a call (the resource's list, or a plain call answering a page). */
function listConventionOf(contract: Served, name: string): ListConvention {
  if ('calls' in contract)
    throw new Error(`${contract.name}.${name}: only a resource's list has a convention`);
  const call = name === 'list' ? contract.list : undefined;
  if (!call || call.by === 'array') throw new Error(`${contract.name}.${name} is not a paged list`);
  return call.by;
}

/** The audit writer of a call's transaction: the caller made the change, in the call's customer by default. */
function auditWriter(tx: Database, caller: Caller | null, customer: string | null | undefined): AuditWriter {
  return async (entry) => {
    const by = entry.by ?? caller?.account;
    if (!by) throw new Error('An audit entry of a public call must say who made the change (by)');
    const customerId =
      entry.customerId !== undefined ? entry.customerId : (customer ?? caller?.account.customerId ?? null);
    await recordAudit(tx, by, { ...entry, customerId });
  };
}

export type { CustomerOf, OrdinaryCall };
