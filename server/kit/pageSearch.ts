import { type TObject, type TProperties, type TSchema, Type } from '@fastify/type-provider-typebox';
import { PageAnswer as PageAnswerSchema } from '../../contract/fields.ts';
import type { Found, ListAsk, Listing, SortOrder } from '../db/listing.ts';
import { SORT_ORDERS } from '../db/listing.ts';
import { invalidField, notAllowed, QueryInteger } from '../validation.ts';

/**
 * Page-minus-one GET search: `GET {resource}/{customerId}/search?page=0&pageSize=25&sort=companyName
 * &order=DESC&<filters>` (or `GET {resource}?pageNumber=0&pageSize=…`), answering
 * `{content, totalElements, page, pageSize}`. Pages are zero-based: the portal sends its page minus one.
 *
 *   app.get('/customer/search', { config, schema: { querystring: pageSearchQuery(customerList), response: { 200: pageAnswer(Row) } } },
 *     async (request) => {
 *       const ask = readPageSearch(customerList, request.query);
 *       return answerPage(await findRows(db, db.select(fields).from(customers).$dynamic(), customerList, ask), ask, toRow);
 *     });
 *
 * Bad values (page -1, pageSize 0 or 5000, 'abc', a sort field or parameter the listing does not know)
 * are refused by the schema with 400 `error.validation.invalid`.
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/** Keeps page × pageSize far inside PostgreSQL's OFFSET range. */
export const MAX_PAGE = 1_000_000;

const PAGING = {
  page: Type.Optional(QueryInteger({ minimum: 0, maximum: MAX_PAGE, default: 0 })),
  /** The same as `page`, for the list calls that name it so; never both. */
  pageNumber: Type.Optional(QueryInteger({ minimum: 0, maximum: MAX_PAGE })),
  pageSize: Type.Optional(QueryInteger({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  order: Type.Optional(Type.Enum(SORT_ORDERS)),
};

const pagingProperties = (listing: Listing) => ({
  ...PAGING,
  sort: Type.Optional(Type.Enum(listing.sortFields)),
});

type PagingProperties = ReturnType<typeof pagingProperties>;

/**
 * The query schema of a GET search: paging, `sort` (one of the listing's sort fields), `order`, the
 * listing's filters, and `extra` parameters the route reads itself (such as a customerId in the query).
 * Any other parameter is refused. The filters are in the schema but not in its static type: read them
 * with readPageSearch.
 */
export function pageSearchQuery<Extra extends TProperties = Record<never, TSchema>>(
  listing: Listing,
  extra?: Extra,
): TObject<PagingProperties & Extra> {
  return Type.Object(
    {
      ...listing.queryFilterProperties,
      ...extra,
      ...pagingProperties(listing),
    },
    { additionalProperties: notAllowed('is not a known parameter') },
  ) as TObject<PagingProperties & Extra>;
}

export interface PageAsk extends ListAsk {
  page: number;
  pageSize: number;
}

/** The ask of a query that passed pageSearchQuery's schema (defaults: page 0, pageSize 25, the listing's sort). */
export function readPageSearch(listing: Listing, query: object): PageAsk {
  const values = query as Readonly<Record<string, unknown>>;
  if (values.page !== undefined && values.pageNumber !== undefined) {
    throw invalidField('pageNumber', "must not be sent together with 'page'");
  }
  const page = numberOr(values.page ?? values.pageNumber, 0);
  const pageSize = numberOr(values.pageSize, DEFAULT_PAGE_SIZE);
  const field = typeof values.sort === 'string' ? values.sort : undefined;
  const order = values.order === 'ASC' || values.order === 'DESC' ? (values.order as SortOrder) : undefined;
  return {
    page,
    pageSize,
    offset: page * pageSize,
    limit: pageSize,
    filters: listing.readQueryFilters(values),
    sort:
      field === undefined && order === undefined
        ? undefined
        : {
            field: field ?? listing.defaultSort.field,
            order: order ?? (field ? 'ASC' : listing.defaultSort.order),
          },
  };
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The answer schema of a GET search for rows of `row`. */
export const pageAnswer = PageAnswerSchema;

export interface PageAnswer<Row> {
  content: Row[];
  totalElements: number;
  totalCapped?: true;
  page: number;
  pageSize: number;
}

/** `{content, totalElements, page, pageSize}`, each row through `toRow` when given. */
export function answerPage<Row>(found: Found<Row>, ask: PageAsk): PageAnswer<Row>;
export function answerPage<Row, Out>(
  found: Found<Row>,
  ask: PageAsk,
  toRow: (row: Row) => Out,
): PageAnswer<Out>;
export function answerPage<Row, Out>(
  found: Found<Row>,
  ask: PageAsk,
  toRow?: (row: Row) => Out,
): PageAnswer<Row | Out> {
  return {
    content: toRow ? found.rows.map(toRow) : found.rows,
    totalElements: found.total,
    ...(found.capped ? { totalCapped: true as const } : {}),
    page: ask.page,
    pageSize: ask.pageSize,
  };
}
