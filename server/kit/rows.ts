import type { TObject } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, getTableColumns, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { type Found, findRows, type ListAsk, type Listing } from '../db/listing.ts';
import { type AuditAction, type AuditTable, changesBetween, entityNameOf } from '../domain/audit.ts';
import type { AppError } from '../errors.ts';
import { UUID_PATTERN } from '../validation.ts';
import type { CallBase, Scope, WriteScope } from './call.ts';

/**
 * A resource's rows, as the route kit reads and writes them: its table, how a row is selected and answered,
 * how it is listed, audited and refused. A feature declares them once, in its rules (they hold its SQL);
 * `kit.crud` serves the contract's ordinary calls from them, and its own handlers use the same methods,
 * always with the call (its transaction and customer):
 *
 *   export const themeRows = defineRows({ table: themes, id: themes.id, customerColumn: themes.customerId, … });
 *   const row = await themeRows.find(call, call.body.themeId, { forUpdate: true });
 *
 * Every read keeps the rows of the call's customer (`customerColumn = customer`; null: the provider's own,
 * `customerColumn is null`), under the database's own row-level security.
 */

export interface RowsSpec<Row extends { id: string }, Rec> {
  table: PgTable;
  id: AnyPgColumn;
  /** The column that ties a row to its customer (the contract's calls must then declare their customer). */
  customerColumn?: AnyPgColumn;
  /** The rows a call may touch, when that is not the customer column alone (AND-ed with it). */
  visible?: (scope: Scope) => SQL | undefined;
  /** The select of rows (joins allowed), without WHERE, ORDER BY or LIMIT. */
  select: (db: Database) => PgSelect;
  listing: Listing;
  /** Rows as answered records, in the same order. */
  toRecords: (scope: Scope, rows: Row[]) => Rec[] | Promise<Rec[]>;
  notFound: () => AppError;
  audit: {
    table: AuditTable;
    /** What the log keeps of a row (secrets are hidden by name, see changesBetween). */
    fields: (row: Row) => Record<string, unknown>;
    /** The customer an entry belongs to (null: provider-level). */
    customerOf: (row: Row) => string | null;
    /** How the log names a row; left out: its name, instanceName, displayName… (entityNameOf). */
    nameOf?: (row: Row) => string | null;
  };
  /** A list's total without counting its rows, when the resource keeps it (tallies); undefined: count. */
  total?: (scope: Scope, filters: Readonly<Record<string, unknown>>) => Promise<number | undefined>;
  /** A list whose filters search many rows counts up to a bound only (ListAsk.countUpTo); undefined: all. */
  countUpTo?: (filters: Readonly<Record<string, unknown>>) => number | undefined;
  /** What a database error means for the client (a unique name taken: a 409), or the error itself. */
  translate?: (error: unknown) => unknown;
  /** A column set to now on every update. */
  modifiedAt?: AnyPgColumn;
  /** The status column that status actions (activate, publish…) set. */
  status?: AnyPgColumn;
}

export interface StatusChange<S extends string, Row> {
  status: S;
  action: AuditAction;
  /** Runs before the change, on the locked row: throws to refuse it. */
  check?: (scope: WriteScope, row: Row) => void;
  /** Runs after the change, in its transaction (the row as it is now): throws to undo it. */
  after?: (scope: WriteScope, row: Row) => Promise<void>;
}

export interface Rows<Row extends { id: string }, Rec> {
  readonly spec: RowsSpec<Row, Rec>;
  /** One row the call may touch, or the resource's 404; `forUpdate` locks it until the transaction ends. */
  find(scope: Scope, id: unknown, options?: { forUpdate?: boolean }): Promise<Row>;
  /** The rows of these ids the call may see, in the order asked (others left out). */
  findMany(scope: Scope, ids: readonly string[], options?: { forUpdate?: boolean }): Promise<Row[]>;
  /**
   * One page of the rows matching a list's filters, as records, with the total (counted up to the list's
   * bound, `countUpTo`, unless `exact`).
   */
  list(scope: Scope, ask: ListAsk, options?: { exact?: true }): Promise<Found<Rec>>;
  /**
   * The ids of the rows matching a list's filters that the call may touch, in id order, `limit` of them
   * after the id `after` (a bulk action's batch, server/kit/bulk.ts).
   */
  idsMatching(
    scope: Scope,
    filters: Readonly<Record<string, unknown>>,
    batch: { after?: string; limit: number },
  ): Promise<string[]>;
  records(scope: Scope, rows: Row[]): Promise<Rec[]>;
  record(scope: Scope, row: Row): Promise<Rec>;
  /** Inserts a row, and answers it as the call sees it. */
  insert(scope: Scope, values: Record<string, unknown>): Promise<Row>;
  /** Writes changed columns of a row (and its modification time); answers the row as it is now. */
  change(scope: Scope, id: string, values: Record<string, unknown>): Promise<Row>;
  /** Deletes rows by id (the caller found them first). */
  remove(scope: Scope, ids: readonly string[]): Promise<void>;
  /** Whether a change alters what the log keeps of the row. */
  changed(before: Row, after: Row): boolean;
  /** One audit entry for a row's change, in the call's transaction (an UPDATE that changed nothing: none). */
  audit(scope: WriteScope, action: AuditAction, before: Row | null, after: Row | null): Promise<void>;
  /**
   * A status action (activate, publish…): the row locked, set to `status` with its audit entry; a row
   * already in that status is answered as it is, with no entry.
   */
  setStatus<S extends string>(
    scope: WriteScope,
    id: unknown,
    change: StatusChange<S, Row>,
  ): Promise<{ id: string; status: S }>;
  /** Runs a write; a database error becomes what it means (`translate`). */
  write<T>(work: () => Promise<T>): Promise<T>;
}

/** The property name of a column in its table (what `set` and `values` take). */
function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`${column.name} is not a column of the table`);
  return entry[0];
}

export function defineRows<Row extends { id: string }, Rec>(spec: RowsSpec<Row, Rec>): Rows<Row, Rec> {
  const { table, id: idColumn, customerColumn } = spec;

  /** The conditions that keep a call inside what it may touch. */
  const scopeOf = (scope: Scope): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [spec.visible?.(scope)];
    if (customerColumn && scope.customer !== undefined) {
      conditions.push(scope.customer === null ? isNull(customerColumn) : eq(customerColumn, scope.customer));
    }
    return and(...conditions);
  };

  const records = async (scope: Scope, rows: Row[]) => spec.toRecords(scope, rows);

  const find: Rows<Row, Rec>['find'] = async (scope, id, options = {}) => {
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw spec.notFound();
    const query = spec.select(scope.tx).where(and(eq(idColumn, id.toLowerCase()), scopeOf(scope)));
    const [row] = (options.forUpdate ? await query.for('update', { of: table }) : await query) as Row[];
    if (!row) throw spec.notFound();
    return row;
  };

  const rows: Rows<Row, Rec> = {
    spec,
    find,
    async findMany(scope, asked, options = {}) {
      const ids = [...new Set(asked.map((id) => id.toLowerCase()))];
      if (ids.length === 0) return [];
      const query = spec.select(scope.tx).where(and(inArray(idColumn, ids), scopeOf(scope)));
      const found = (options.forUpdate ? await query.for('update', { of: table }) : await query) as Row[];
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
    },
    async list(scope, ask, options) {
      const total = spec.total;
      const countUpTo = options?.exact ? undefined : spec.countUpTo?.(ask.filters);
      const knownTotal = total && countUpTo === undefined ? () => total(scope, ask.filters) : undefined;
      const found = await findRows(
        scope.tx,
        spec.select(scope.tx),
        spec.listing,
        { ...ask, knownTotal, countUpTo },
        scopeOf(scope),
      );
      return { ...found, rows: await records(scope, found.rows as Row[]) };
    },
    async idsMatching(scope, filters, { after, limit }) {
      const query = spec.select(scope.tx);
      const found = (await query
        .where(and(scopeOf(scope), spec.listing.where(filters), after ? gt(idColumn, after) : undefined))
        .orderBy(asc(idColumn))
        .limit(limit)) as Row[];
      return found.map((row) => row.id);
    },
    records,
    async record(scope, row) {
      return (await records(scope, [row]))[0]!;
    },
    async insert(scope, values) {
      const [inserted] = (await scope.tx.insert(table).values(values).returning()) as { id: string }[];
      return find(scope, inserted!.id);
    },
    async change(scope, id, values) {
      const set = spec.modifiedAt ? { ...values, [columnKey(table, spec.modifiedAt)]: new Date() } : values;
      await scope.tx.update(table).set(set).where(eq(idColumn, id));
      return find(scope, id);
    },
    async remove(scope, ids) {
      if (ids.length > 0) await scope.tx.delete(table).where(inArray(idColumn, [...ids]));
    },
    changed(before, after) {
      return Object.keys(changesBetween(spec.audit.fields(before), spec.audit.fields(after))).length > 0;
    },
    async audit(scope, action, before, after) {
      const row = (after ?? before)!;
      const changes = changesBetween(
        before ? spec.audit.fields(before) : null,
        after ? spec.audit.fields(after) : null,
      );
      if (action === 'UPDATE' && Object.keys(changes).length === 0) return;
      await scope.audit({
        table: spec.audit.table,
        action,
        entityId: row.id,
        entityName: spec.audit.nameOf ? spec.audit.nameOf(row) : entityNameOf(row),
        customerId: spec.audit.customerOf(row),
        changes,
      });
    },
    async setStatus(scope, id, { status, action, check, after: afterChange }) {
      const column = spec.status;
      if (!column) throw new Error('These rows have no status column');
      const key = columnKey(table, column);
      const before = await find(scope, id, { forUpdate: true });
      check?.(scope, before);
      if ((before as Record<string, unknown>)[key] === status) return { id: before.id, status };
      const after = await rows.change(scope, before.id, { [key]: status });
      await afterChange?.(scope, after);
      await rows.audit(scope, action, before, after);
      return { id: before.id, status };
    },
    async write(work) {
      try {
        return await work();
      } catch (error) {
        throw spec.translate ? spec.translate(error) : error;
      }
    },
  };
  return rows;
}

// ——— Bulk actions' rows (server/kit/bulk.ts runs the jobs; a feature's rules say what they go through) ———

/**
 * What an action does to one batch of ids (the rows the call may touch); answers how many it changed. The
 * call gives what the work needs beyond the database (the mail queue, the sealer); the filters, whose rows
 * they are (the service of OTP seeds).
 */
export type BulkPerform = (
  scope: WriteScope,
  ids: string[],
  call: CallBase<never>,
  filters: Readonly<Record<string, unknown>>,
) => Promise<number>;

/**
 * What a list's bulk actions go through: its filters (as its list checks them), how many rows they match,
 * those rows' ids a batch at a time in id order, and what its audit entry and its tidying name. A list made
 * by defineRows is one as it is (bulkSourceOf); a list of its own (the codes of a token pack) says it.
 */
export interface BulkSource {
  filterSchema: TObject;
  /**
   * How many rows the filters match for the call; refuses filters the list would refuse beyond their schema
   * (a required filter missing, a parent that is not the customer's: 404).
   */
  count(scope: WriteScope, filters: Readonly<Record<string, unknown>>): Promise<number>;
  idsMatching(
    scope: WriteScope,
    filters: Readonly<Record<string, unknown>>,
    batch: { after?: string; limit: number },
  ): Promise<string[]>;
  /** The audit log's table of the job's entry. */
  auditTable: AuditTable;
  /** The table its actions change, vacuumed after a job that changed rows. */
  table: PgTable;
}

/**
 * The bulk source of a list of its own: its listing over `select` (the rows with what its filters read,
 * joined), after `parent` has checked the filter naming whose rows they are (required, the customer's).
 */
export function bulkSourceOfListing(source: {
  listing: Listing;
  /** The listed rows, joined as the filters need, with the `fields` asked. */
  select: (tx: Database, fields: SelectedFields) => PgSelect;
  id: AnyPgColumn;
  parent: (scope: WriteScope, filters: Readonly<Record<string, unknown>>) => Promise<unknown>;
  auditTable: AuditTable;
  table: PgTable;
}): BulkSource {
  const { listing, select, id } = source;
  return {
    filterSchema: listing.filterSchema,
    async count(scope, filters) {
      await source.parent(scope, filters);
      const [row] = (await select(scope.tx, { total: count() }).where(listing.where(filters))) as {
        total: number;
      }[];
      return row?.total ?? 0;
    },
    async idsMatching(scope, filters, { after, limit }) {
      const found = (await select(scope.tx, { id })
        .where(and(listing.where(filters), after ? gt(id, after) : undefined))
        .orderBy(asc(id))
        .limit(limit)) as { id: string }[];
      return found.map((row) => row.id);
    },
    auditTable: source.auditTable,
    table: source.table,
  };
}

/** The bulk source of a list made by defineRows: its listing, its scope, its table. */
export const bulkSourceOf = <Row extends { id: string }>(rows: Rows<Row, unknown>): BulkSource => ({
  filterSchema: rows.spec.listing.filterSchema as TObject,
  // A bulk action says how many rows it will go through: every match, whatever bound its list counts up to.
  count: async (scope, filters) =>
    (await rows.list(scope, { filters, offset: 0, limit: 0 }, { exact: true })).total,
  idsMatching: (scope, filters, batch) => rows.idsMatching(scope, filters, batch),
  auditTable: rows.spec.audit.table,
  table: rows.spec.table,
});
