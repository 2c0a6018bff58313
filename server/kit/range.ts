import { Type } from '@fastify/type-provider-typebox';
import { type Found, type ListAsk, type Listing, SORT_ORDERS, type SortOrder } from '../db/listing.ts';
import { compileCheck, invalidField, notAllowed, parseJson } from '../validation.ts';
import { MAX_PAGE_SIZE } from './pageSearch.ts';

/**
 * The range convention, as ra-data-simple-rest speaks it:
 * `GET {resource}?sort=["companyName","ASC"]&range=[0,24]&filter={"status":"ACTIVE","q":"acme"}`
 * (getMany: `filter={"id":[…]}` without range), answering the rows as a JSON array with
 * `Content-Range: <resource> 0-24/319` (an asterisk in place of `0-24` when no row is in the range) and
 * `Access-Control-Expose-Headers: Content-Range`.
 *
 *   app.get('/cloud-config', { config, schema: { querystring: RangeQuery, response: { 200: Type.Array(Row) } } },
 *     async (request, reply) => {
 *       const ask = readRange(configList, request.query);
 *       return sendRange(reply, 'cloud-config', await findRows(db, db.select(fields).from(configs).$dynamic(), configList, ask), ask, toRow);
 *     });
 *
 * Without `range` the first 1000 rows are answered (the Content-Range says how many there are).
 * Malformed JSON, a range that is not [start, end] with 0 ≤ start ≤ end and end − start < 1000, a sort
 * that is not [a sortable field, 'ASC' | 'DESC'], or a filter the listing does not declare: 400
 * `error.validation.invalid`.
 */

export const RangeQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 40_000 })),
  },
  { additionalProperties: notAllowed('is not a known parameter') },
);

/** Keeps start far inside PostgreSQL's OFFSET range. */
const MAX_START = 1_000_000_000;

const checkRange = compileCheck(
  Type.Tuple([Type.Integer({ minimum: 0, maximum: MAX_START }), Type.Integer({ minimum: 0 })]),
  'range',
);

const sortChecks = new WeakMap<Listing, (value: unknown) => [string, SortOrder]>();
const filterChecks = new WeakMap<Listing, (value: unknown) => object>();

function checksOf(listing: Listing) {
  let sort = sortChecks.get(listing);
  if (!sort) {
    sort = compileCheck(Type.Tuple([Type.Enum(listing.sortFields), Type.Enum(SORT_ORDERS)]), 'sort');
    sortChecks.set(listing, sort);
  }
  let filter = filterChecks.get(listing);
  if (!filter) {
    filter = compileCheck(listing.filterSchema, 'filter');
    filterChecks.set(listing, filter);
  }
  return { sort, filter };
}

export interface RangeAsk extends ListAsk {
  start: number;
}

/** The ask of a query that passed RangeQuery's schema: its JSON values parsed and checked. */
export function readRange(
  listing: Listing,
  query: { sort?: string; range?: string; filter?: string },
): RangeAsk {
  const checks = checksOf(listing);
  let start = 0;
  let limit = MAX_PAGE_SIZE;
  if (query.range !== undefined) {
    const [first, last] = checkRange(parseJson(query.range, 'range'));
    if (last < first || last - first >= MAX_PAGE_SIZE) {
      throw invalidField('range', `must be [start, end] with start <= end and at most ${MAX_PAGE_SIZE} rows`);
    }
    start = first;
    limit = last - first + 1;
  }
  const sort = query.sort === undefined ? undefined : checks.sort(parseJson(query.sort, 'sort'));
  const filter = query.filter === undefined ? {} : checks.filter(parseJson(query.filter, 'filter'));
  return {
    start,
    offset: start,
    limit,
    filters: filter as Readonly<Record<string, unknown>>,
    sort: sort ? { field: sort[0], order: sort[1] } : undefined,
  };
}

/** `<resource> start-end/total`, with an asterisk in place of `start-end` when no row is in the range. */
export const contentRange = (resource: string, start: number, rows: number, total: number): string =>
  rows === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + rows - 1}/${total}`;

/** The part of a Fastify reply sendRange uses. */
export interface HeaderSetter {
  header(name: string, value: string): unknown;
}

/** Sets Content-Range (and exposes it to the browser) and answers the rows, each through `toRow` when given. */
export function sendRange<Row>(
  reply: HeaderSetter,
  resource: string,
  found: Found<Row>,
  ask: RangeAsk,
): Row[];
export function sendRange<Row, Out>(
  reply: HeaderSetter,
  resource: string,
  found: Found<Row>,
  ask: RangeAsk,
  toRow: (row: Row) => Out,
): Out[];
export function sendRange<Row, Out>(
  reply: HeaderSetter,
  resource: string,
  found: Found<Row>,
  ask: RangeAsk,
  toRow?: (row: Row) => Out,
): (Row | Out)[] {
  reply.header('Content-Range', contentRange(resource, ask.start, found.rows.length, found.total));
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return toRow ? found.rows.map(toRow) : found.rows;
}
