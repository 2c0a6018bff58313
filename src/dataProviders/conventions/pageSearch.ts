import { MISSING_TOTAL, namedQuery, placeholders, rowsOf, toQuery, transportFor } from '../calls';
import type { Adapter, RaRecord, ResourceEntry, SessionTransport } from '../types';
import { DEFAULT_PAGINATION, listMethods, totalOf } from './lists';

/**
 * Page-minus-one GET search: GET {path}?page={page-1}&pageSize={perPage}&<filters>, answering
 * {content|contents, totalElements}. Filters that fill the path are not repeated in the query;
 * the entry's `query` names add values from the session (customerId); a `sorted` list sends its sort. A
 * missing totalElements is an error; `totalCapped` (more match than the total, a bound) comes as
 * `meta.totalCapped`.
 */
export const pageSearchConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const spec = entry.list;
  if (spec?.by !== 'pageSearch') return {};
  const wire = transportFor(entry, ctx);
  const inPath = new Set(placeholders(spec.path));
  return listMethods(async (_, params) => {
    const { page, perPage } = params.pagination ?? DEFAULT_PAGINATION;
    const filter: Record<string, unknown> = params.filter ?? {};
    const filters = Object.fromEntries(Object.entries(filter).filter(([name]) => !inPath.has(name)));
    const bag = { ...params };
    const added = namedQuery(spec.query, bag, ctx);
    const sort =
      spec.sorted && params.sort?.field ? { sort: params.sort.field, order: params.sort.order } : {};
    const query = toQuery({
      [spec.pageParam ?? 'page']: page - 1,
      pageSize: perPage,
      ...sort,
      ...filters,
      ...added,
    });
    const { json } = await wire.send<unknown>(
      'GET',
      `${wire.path(spec.path, bag)}${query}`,
      undefined,
      params.signal,
    );
    const total = totalOf(json);
    if (total === undefined) throw new Error(MISSING_TOTAL);
    // A total counted up to a bound (a users search): more rows match; the list's pagination says so.
    const capped = (json as { totalCapped?: unknown }).totalCapped === true;
    return { data: rowsOf<RaRecord>(json), total, ...(capped ? { meta: { totalCapped: true } } : {}) };
  });
};
