import { MISSING_TOTAL, rowsOf, transportFor } from '../calls';
import type { Adapter, RaRecord, ResourceEntry, SessionTransport } from '../types';
import { DEFAULT_PAGINATION, listMethods, totalOf } from './lists';

/**
 * POST search: POST {path} {page: page-1, limit: perPage, filters, sort: {field, order}}, answering
 * {contents|content, totalElements}. A missing totalElements is an error.
 */
export const postSearchConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const spec = entry.list;
  if (spec?.by !== 'postSearch') return {};
  const wire = transportFor(entry, ctx);
  return listMethods(async (_, params) => {
    const { page, perPage } = params.pagination ?? DEFAULT_PAGINATION;
    const body = {
      page: page - 1,
      limit: perPage,
      filters: params.filter ?? {},
      ...(params.sort ? { sort: { field: params.sort.field, order: params.sort.order } } : {}),
    };
    const { json } = await wire.send<unknown>(
      'POST',
      wire.path(spec.path, { ...params }),
      body,
      params.signal,
    );
    const total = totalOf(json);
    if (total === undefined) throw new Error(MISSING_TOTAL);
    return { data: rowsOf<RaRecord>(json), total };
  });
};
