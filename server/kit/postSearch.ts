import { type TSchema, Type } from '@fastify/type-provider-typebox';
import { type Found, type ListAsk, type Listing, SORT_ORDERS, type SortOrder } from '../db/listing.ts';
import { notAllowed } from '../validation.ts';
import { MAX_PAGE, MAX_PAGE_SIZE } from './pageSearch.ts';

/**
 * POST search: `POST {resource}/{customerId}/search` (or `/{resource}/search`) with
 * `{page, limit, filters?, sort?: {field, order}}` (page zero-based), answering `{contents, totalElements}`.
 *
 *   app.post('/template/search', { config, schema: { body: postSearchBody(templateList), response: { 200: searchAnswer(Row) } } },
 *     async (request) =>
 *       answerSearch(await findRows(db, db.select(fields).from(templates).$dynamic(), templateList, readPostSearch(request.body)), toRow));
 *
 * Unknown keys of the body, of `filters` and of `sort`, and sort fields the listing does not declare,
 * are refused by the schema with 400 `error.validation.invalid`.
 */

/** The body schema of a POST search over `listing`. */
export const postSearchBody = (listing: Listing) =>
  Type.Object(
    {
      page: Type.Integer({ minimum: 0, maximum: MAX_PAGE }),
      limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }),
      filters: Type.Optional(listing.filterSchema),
      sort: Type.Optional(
        Type.Object(
          { field: Type.Enum(listing.sortFields), order: Type.Enum(SORT_ORDERS) },
          { additionalProperties: notAllowed('is not a known field') },
        ),
      ),
    },
    { additionalProperties: notAllowed('is not a known field') },
  );

export interface PostSearch {
  page: number;
  limit: number;
  filters?: object;
  sort?: { field: string; order: SortOrder };
}

/** The ask of a body that passed postSearchBody's schema. */
export const readPostSearch = (body: PostSearch): ListAsk => ({
  offset: body.page * body.limit,
  limit: body.limit,
  filters: (body.filters ?? {}) as Readonly<Record<string, unknown>>,
  sort: body.sort,
});

/** The answer schema of a POST search for rows of `row`. */
export const searchAnswer = <Row extends TSchema>(row: Row) =>
  Type.Object({ contents: Type.Array(row), totalElements: Type.Integer() });

export interface SearchAnswer<Row> {
  contents: Row[];
  totalElements: number;
}

/** `{contents, totalElements}`, each row through `toRow` when given. */
export function answerSearch<Row>(found: Found<Row>): SearchAnswer<Row>;
export function answerSearch<Row, Out>(found: Found<Row>, toRow: (row: Row) => Out): SearchAnswer<Out>;
export function answerSearch<Row, Out>(
  found: Found<Row>,
  toRow?: (row: Row) => Out,
): SearchAnswer<Row | Out> {
  return { contents: toRow ? found.rows.map(toRow) : found.rows, totalElements: found.total };
}
