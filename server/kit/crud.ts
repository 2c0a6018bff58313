import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import type { ListingNames, ResourceContract } from '../../contract/kit.ts';
import { routesOf } from '../../contract/kit.ts';
import type { Listing } from '../db/listing.ts';
import { notFound } from '../errors.ts';
import type { CallContext, OrdinaryCall } from './call.ts';
import { DeleteManyAnswer, DeleteManyBody, RECORD_NOT_FOUND } from './deleteMany.ts';
import type { Kit } from './kit.ts';
import { type MultipartForm, readMultipart } from './multipart.ts';
import type { BulkPerform, Rows } from './rows.ts';

/**
 * A resource's ordinary calls from its rows (rows.ts): list (in the contract's convention, with the
 * declared filters and sorts), get one, details (get many), create, update, delete and delete-many. Every
 * write runs in the call's transaction with its audit entry. A resource serves only the calls its contract
 * has (or `only`); what is special (an action, an answer of its own) is served beside it with `kit.route`.
 *
 *   kit.crud(customer, customerRows, {
 *     record: CustomerRecord,
 *     create: { values: (call, form) => readForm(form) },
 *     update: { values: (call, before, form) => readForm(form) },
 *   });
 */

export interface CrudOptions<
  Row extends { id: string },
  Rec,
  Form,
  Con extends ResourceContract = ResourceContract,
> {
  /** The schema of an answered record. */
  record: TSchema;
  /** The contract's names of the listing's filters and sorts: a listing that differs refuses to register. */
  listingNames?: ListingNames;
  /** The calls to serve here, when not all the contract's ordinary calls. */
  only?: readonly OrdinaryCall[];
  create?: {
    /** The row to insert, from the checked form; further rules throw their AppError. */
    values: (
      call: CallOf<Con, 'create'>,
      form: Form,
    ) => Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Runs after the insert, in its transaction, before the audit entry. */
    after?: (call: CallOf<Con, 'create'>, row: Row, form: Form) => Promise<void>;
    /** The answer with status 201 (default `{id}`). */
    answer?: (call: CallOf<Con, 'create'>, row: Row, record: Rec) => unknown;
    multipart?: MultipartForm<TSchema>;
  };
  update?: {
    /** The changed columns, from the checked form and the locked row as it was. */
    values: (
      call: CallOf<Con, 'update'>,
      before: Row,
      form: Form,
    ) => Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Runs after the update, in its transaction (the row as it is now). */
    after?: (call: CallOf<Con, 'update'>, before: Row, after: Row) => Promise<void>;
    multipart?: MultipartForm<TSchema>;
  };
  delete?: {
    /** Refuses the deletion of a row (still in use, part of the product…) by throwing. */
    check?: (call: CallOf<Con, 'delete'>, row: Row) => Promise<void> | void;
  };
  /**
   * The list's bulk actions (contract `bulk`, server/kit/bulk.ts) other than `delete`, which is served here
   * from the delete above when the contract declares it.
   */
  bulk?: Readonly<Record<string, BulkPerform>>;
}

/** The context of one of the contract's ordinary calls (its customer typed from the call's rule). */
export type CallOf<Con extends ResourceContract, K extends OrdinaryCall> = CallContext<NonNullable<Con[K]>>;

/** The names a listing declares, in the contract's words, compared with the contract. */
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

type AnyCall = CallContext<never> & { params: { id?: unknown }; body: { id?: unknown; ids?: string[] } };

export function serveCrud<Row extends { id: string }, Rec, Form, Con extends ResourceContract>(
  kit: Kit,
  contract: Con,
  rows: Rows<Row, Rec>,
  options: CrudOptions<Row, Rec, Form, Con>,
): void {
  const { spec } = rows;
  sameListing(spec.listing, options.listingNames, contract.name);
  const routes = new Map(
    routesOf(contract)
      .map((route) => [route.key.split('.')[1]! as OrdinaryCall, route] as const)
      .filter(([name]) => !options.only || options.only.includes(name)),
  );
  const serve = (
    name: OrdinaryCall,
    schema: Record<string, unknown>,
    handler: (call: AnyCall) => Promise<unknown>,
    reads?: true,
  ) => {
    if (!routes.has(name)) return;
    (kit.route as (...args: unknown[]) => void)(
      contract,
      name,
      { schema, translate: spec.translate, ...(reads ? { reads } : {}) },
      handler,
    );
  };

  if (routes.has('list') && contract.list && contract.list.by !== 'array') {
    kit.list(contract as never, 'list' as never, {
      listing: spec.listing,
      record: options.record,
      find: (call, ask) => rows.list(call as never, ask),
    });
  }

  const getOne = routes.get('getOne');
  const fromBody = getOne !== undefined && getOne.method !== 'GET';
  serve(
    'getOne',
    fromBody ? {} : { params: Type.Object({ id: Type.String({ maxLength: 100 }) }) },
    async (call) => rows.record(call, await rows.find(call, fromBody ? call.body.id : call.params.id)),
    true,
  );

  if (contract.getMany?.by === 'record') {
    serve('getMany', { response: { 200: Type.Array(options.record) } }, async (call) =>
      rows.records(call, await rows.findMany(call, call.body.ids ?? [])),
    );
  }

  const create = options.create;
  if (create) {
    serve('create', {}, async (call) => {
      const form = (
        create.multipart ? await readMultipart(call.request, create.multipart) : call.body
      ) as Form;
      const values = await create.values(call as never, form);
      const inserted = await rows.insert(call, values);
      await create.after?.(call as never, inserted, form);
      const created = await rows.find(call, inserted.id);
      await rows.audit(call, 'CREATE', null, created);
      call.reply.code(201);
      return create.answer
        ? create.answer(call as never, created, await rows.record(call, created))
        : { id: created.id };
    });
  }

  const update = options.update;
  const updateRoute = routes.get('update');
  if (update && updateRoute) {
    const fromParams = updateRoute.template.includes('{id}');
    serve('update', { response: { 200: options.record } }, async (call) => {
      const form = (
        update.multipart ? await readMultipart(call.request, update.multipart) : call.body
      ) as Form;
      const id = fromParams ? call.params.id : (form as { id?: unknown }).id;
      const before = await rows.find(call, id, { forUpdate: true });
      const values = await update.values(call as never, before, form);
      if (!rows.changed(before, { ...before, ...values } as Row)) return rows.record(call, before);
      const after = await rows.change(call, before.id, values);
      await update.after?.(call as never, before, after);
      await rows.audit(call, 'UPDATE', before, after);
      return rows.record(call, after);
    });
  }

  const remove = options.delete;
  const bulk = { ...options.bulk };
  if (contract.bulk?.delete) {
    // A check reads the call of one deletion; a job has none to give it.
    if (!remove || remove.check)
      throw new Error(`${contract.name}: a bulk delete needs a delete without a check`);
    bulk.delete = async (scope, ids) => {
      const locked = await rows.findMany(scope, ids, { forUpdate: true });
      await rows.remove(
        scope,
        locked.map((row) => row.id),
      );
      return locked.length;
    };
  }
  if (Object.keys(bulk).length > 0) kit.bulk(contract, rows, bulk);
  if (remove) {
    serve('delete', { response: { 200: Type.Object({ id: Type.String() }) } }, async (call) => {
      const row = await rows.find(call, call.params.id, { forUpdate: true });
      await remove.check?.(call as never, row);
      await rows.remove(call, [row.id]);
      await rows.audit(call, 'DELETE', row, null);
      return { id: row.id };
    });
    if (contract.deleteMany?.by === 'record') {
      serve('deleteMany', { body: DeleteManyBody, response: { 200: DeleteManyAnswer } }, async (call) => {
        const asked = call.body.ids ?? [];
        const locked = await rows.findMany(call, asked, { forUpdate: true });
        // All or nothing: an id the caller may not touch refuses the whole call.
        if (locked.length !== new Set(asked.map((id) => id.toLowerCase())).size) {
          throw notFound(RECORD_NOT_FOUND.key, RECORD_NOT_FOUND.text);
        }
        for (const row of locked) await remove.check?.(call as never, row);
        await rows.remove(
          call,
          locked.map((row) => row.id),
        );
        for (const row of locked) await rows.audit(call, 'DELETE', row, null);
        return { ids: [...asked] };
      });
    }
  }
}
