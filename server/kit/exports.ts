import { Readable } from 'node:stream';
import { type TObject, type TSchema, Type } from '@fastify/type-provider-typebox';
import type { FastifySchema } from 'fastify';
import type { AuditTable } from '../../contract/auditTables.ts';
import { csvLines } from '../../contract/csv.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../../contract/kit.ts';
import type { Found, Keyset, ListAsk, Listing, SortAsk } from '../db/listing.ts';
import { SORT_ORDERS } from '../db/listing.ts';
import { compileCheck, invalidField, notAllowed, parseJson } from '../validation.ts';
import type { AuditWriter, CallBase, CallContext } from './call.ts';

/**
 * A paged list's export (`GET {list path}/export/{format}`, contract/kit.ts exportTemplateOf): every row the
 * list's filters match, in its sort, as CSV or JSON, streamed as it is read.
 *
 * - The ask: the format (csv or json, in the path); `filter`, the list's filters as one JSON object (those
 *   the list reads as parameters of its own, such as the audit log's range, among them); `sort` and
 *   `order`; `fields`, the columns (comma-separated field names; those the list's record does not have,
 *   such as a column drawn from several fields, are left out), the id always first; all the record's
 *   fields when left out.
 * - The rows are read BATCH at a time, each batch in a transaction of its own (the embedded database is
 *   one session: one long transaction would hold every other call back), going on from the last row read
 *   (a keyset, see listing.ts) so that each batch costs the same; a list whose rows do not allow that goes
 *   by offset. Memory stays that of one batch, whatever the number of rows.
 * - CSV (RFC 4180, CRLF, a UTF-8 byte order mark so that spreadsheets read it as UTF-8): dates in ISO 8601,
 *   lists and objects as JSON, and every cell that begins with =, +, -, @, a tab or a carriage return
 *   escaped with a leading apostrophe against formula injection (OWASP's CSV injection).
 * - One audit entry (table Export, action EXPORT) once the file is written, or the client went away: the
 *   list, the format, the filters, the sort and the number of rows written.
 */

/** Rows read per transaction. */
export const EXPORT_BATCH = 1000;

/** The audit log's table of exports (contract/audit.ts declares it). */
const EXPORT_TABLE: AuditTable = 'Export';

/** What a column's field may be called. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

export interface ExportSpec<Rec> {
  /** The resource's name: the file's and the audit entry's. */
  name: string;
  listing: Listing;
  record: TSchema;
  /** The list's own query parameters: in an export, read from `filter` with the filters. */
  extra?: Record<string, TSchema>;
  find: (call: CallContext<never>, ask: ListAsk) => Promise<Found<Rec>>;
}

/**
 * The export's query: its own parameters, and the list's own (`extra`: a customerId the session adds, as
 * the list takes them, or in `filter`); whatever the list's path holds is in its params.
 */
export function exportSchema(listing: Listing, extra: Record<string, TSchema> = {}): FastifySchema {
  return {
    params: Type.Object({ format: Type.Enum(EXPORT_FORMATS) }),
    querystring: Type.Object(
      {
        ...Object.fromEntries(Object.entries(extra).map(([name, schema]) => [name, Type.Optional(schema)])),
        filter: Type.Optional(Type.String({ maxLength: 40_000 })),
        sort: Type.Optional(Type.Enum(listing.sortFields)),
        order: Type.Optional(Type.Enum(SORT_ORDERS)),
        fields: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      },
      { additionalProperties: notAllowed('is not a known parameter') },
    ),
  };
}

interface ExportQuery {
  [extra: string]: unknown;
  filter?: string;
  sort?: string;
  order?: 'ASC' | 'DESC';
  fields?: string;
}

interface ExportAsk {
  format: ExportFormat;
  filters: Record<string, unknown>;
  extra: Record<string, unknown>;
  sort: SortAsk | undefined;
  fields: string[];
}

const checks = new WeakMap<
  object,
  { filter: (value: unknown) => unknown; extra: (value: unknown) => unknown }
>();

/** The ask of a query that passed exportSchema: the filter's JSON split into filters and the list's own. */
function readExport(spec: ExportSpec<unknown>, format: ExportFormat, query: ExportQuery): ExportAsk {
  // Made once per list: its extras object is its own (a listing may serve several lists).
  const key = spec.extra ?? spec.listing;
  let check = checks.get(key);
  if (!check) {
    const extra = Type.Object(spec.extra ?? {}, { additionalProperties: true });
    check = {
      filter: compileCheck(spec.listing.filterSchema, 'filter'),
      extra: compileCheck(extra as TObject, 'filter'),
    };
    checks.set(key, check);
  }
  const given = query.filter === undefined ? {} : parseJson(query.filter, 'filter');
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw invalidField('filter', 'must be a JSON object');
  }
  const extraNames = new Set(Object.keys(spec.extra ?? {}));
  const filters: Record<string, unknown> = {};
  const extra: Record<string, unknown> = Object.fromEntries(
    Object.entries(query).filter(([name]) => extraNames.has(name)),
  );
  // A name that is both the list's own and a filter (a token pack's codes: tokenPackId) is both, as in the
  // list's query.
  const filterNames = new Set(Object.keys(spec.listing.filterSchema.properties));
  for (const [name, value] of Object.entries(given)) {
    if (extraNames.has(name)) extra[name] = value;
    if (!extraNames.has(name) || filterNames.has(name)) filters[name] = value;
  }
  check.filter(filters);
  check.extra(extra);
  // A column of the list that is not a field of its rows (drawn from several, or a button) is left out.
  const fields = fieldsOf(query.fields, Object.keys((spec.record as TObject).properties ?? {}));
  return {
    format,
    filters,
    extra,
    sort: query.sort === undefined ? undefined : { field: query.sort, order: query.order ?? 'ASC' },
    fields,
  };
}

/** One cell as a spreadsheet should read it. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Lines of CSV (each ending with CRLF), formulas escaped. */

/** A record's fields, in order (JSON: dates as ISO 8601 by JSON.stringify). */
const pick = (record: unknown, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, (record as Record<string, unknown>)[field] ?? null]));

/** The rows of the export, batch after batch. */
async function* rowsOf<Rec>(call: CallBase<never>, spec: ExportSpec<Rec>, ask: ExportAsk) {
  const query = { ...(call.query as object), ...ask.extra };
  let after: Keyset | undefined;
  let offset = 0;
  let keyset: boolean | undefined;
  for (;;) {
    const found = await call.transaction((tx, audit) =>
      spec.find({ ...call, query, tx, audit } as unknown as CallContext<never>, {
        filters: ask.filters,
        sort: ask.sort,
        offset,
        limit: EXPORT_BATCH,
        keyset: true,
        ...(after ? { after } : {}),
      }),
    );
    keyset ??= found.next !== undefined;
    yield found.rows;
    if (found.rows.length < EXPORT_BATCH) return;
    if (keyset) {
      // A full batch whose last row vanished meanwhile (deleted between two statements): where to go on
      // from is lost, and an export with rows missing would say nothing of it.
      if (!found.next)
        throw new Error('the export lost its place in the list (a row was deleted as it was read)');
      after = found.next;
    } else {
      offset += EXPORT_BATCH;
    }
  }
}

/**
 * The answer of an export call: the file, streamed (the kit serves it without a transaction of its own).
 * The first batch is read before anything is answered, so that what the list refuses (a record not found,
 * a parameter it needs) is refused with its own status rather than a broken file.
 */
export async function answerExport<Rec>(call: CallBase<never>, spec: ExportSpec<Rec>): Promise<Readable> {
  const { format } = call.params as { format: ExportFormat };
  const ask = readExport(spec as ExportSpec<unknown>, format, call.query as ExportQuery);
  const batches = rowsOf(call, spec, ask);
  const first = await batches.next();
  async function* every() {
    if (!first.done) yield first.value;
    yield* batches;
  }
  return fileOf(call, every(), {
    name: spec.name,
    format: ask.format,
    fields: ask.fields,
    filters: { ...ask.filters, ...ask.extra },
    sort: ask.sort ?? spec.listing.defaultSort,
  });
}

/**
 * The export of a list answered whole as an array (contract/kit.ts `by: 'array'`): its query is the list's
 * own (its filters as the list takes them) with `fields`; `read` answers the list's rows as the list does.
 */
export function arrayExportSchema(listQuery: TObject | undefined): FastifySchema {
  return {
    params: Type.Object({ format: Type.Enum(EXPORT_FORMATS) }, { additionalProperties: true }),
    querystring: Type.Object(
      {
        ...(listQuery?.properties ?? {}),
        fields: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
      },
      { additionalProperties: notAllowed('is not a known parameter') },
    ),
  };
}

export async function answerArrayExport(
  call: CallBase<never>,
  spec: {
    name: string;
    record: TSchema | undefined;
    read: (query: Record<string, unknown>) => Promise<unknown>;
  },
): Promise<Readable> {
  const { format } = call.params as { format: ExportFormat };
  const { fields: asked, ...query } = call.query as Record<string, unknown> & { fields?: string };
  const rows = await spec.read(query);
  if (!Array.isArray(rows)) throw new Error(`${spec.name}: the list did not answer an array`);
  const known = Object.keys((spec.record as TObject | undefined)?.properties ?? {});
  return fileOf(
    call,
    (async function* () {
      yield rows;
    })(),
    { name: spec.name, format, fields: fieldsOf(asked, known), filters: query, sort: undefined },
  );
}

/** The columns asked (all the record's fields when none), the id first; a name that is not a field is left out. */
function fieldsOf(asked: string | undefined, known: string[]): string[] {
  const named = asked === undefined ? known : asked.split(',').map((field) => field.trim());
  for (const field of named) {
    if (!FIELD_NAME.test(field)) throw invalidField('fields', `names '${field}', which is not a field name`);
  }
  return ['id', ...new Set(named.filter((field) => known.includes(field) && field !== 'id'))];
}

/** The file of an export's rows, batch after batch, and its audit entry once written or abandoned. */
function fileOf(
  call: CallBase<never>,
  batches: AsyncGenerator<unknown[]>,
  what: {
    name: string;
    format: ExportFormat;
    fields: string[];
    filters: Record<string, unknown>;
    sort: SortAsk | undefined;
  },
): Readable {
  const { format, fields } = what;
  const written = { rows: 0 };
  const day = call.services.now().toISOString().slice(0, 10);
  call.reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${what.name}-${day}.${format}"`)
    .header('cache-control', 'no-store');
  async function* file() {
    let opened = false;
    try {
      yield format === 'csv' ? `\uFEFF${csvLines([fields])}` : '[';
      for await (const rows of batches) {
        if (rows.length === 0) continue;
        written.rows += rows.length;
        if (format === 'csv') {
          yield csvLines(
            rows.map((row) => fields.map((field) => cellOf((row as Record<string, unknown>)[field]))),
          );
        } else {
          const text = rows.map((row) => JSON.stringify(pick(row, fields))).join(',\n');
          yield `${opened ? ',\n' : '\n'}${text}`;
          opened = true;
        }
      }
      if (format === 'json') yield '\n]\n';
    } finally {
      // Ends the batches' reading too when the client left halfway.
      await batches.return(undefined);
      await call.transaction((_tx, audit: AuditWriter) =>
        audit({
          table: EXPORT_TABLE,
          action: 'EXPORT',
          entityId: what.name,
          entityName: null,
          changes: {
            format: { before: null, after: format },
            filters: { before: null, after: what.filters },
            sort: { before: null, after: what.sort ?? null },
            rows: { before: null, after: written.rows },
          },
        }),
      );
    }
  }
  return Readable.from(file());
}
