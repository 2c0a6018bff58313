import { callerFor, MISSING_TOTAL, rowsOf } from '../calls';
import type { Adapter, CallContext, RaRecord, ResourceEntry } from '../types';
import { DEFAULT_PAGINATION, listMethods, totalOf } from './lists';

/**
 * POST search: POST {path} {page: page-1, limit: perPage, filters, sort: {field, order}}, answering
 * {contents|content, totalElements}. A missing totalElements is an error.
 */
export const postSearchConvention = (entry: ResourceEntry, ctx: CallContext): Adapter => {
  const spec = entry.list;
  if (spec?.by !== 'postSearch') return {};
  const call = callerFor(entry, ctx);
  return listMethods(async (_, params) => {
    const { page, perPage } = params.pagination ?? DEFAULT_PAGINATION;
    const body = {
      page: page - 1,
      limit: perPage,
      filters: params.filter ?? {},
      ...(params.sort ? { sort: { field: params.sort.field, order: params.sort.order } } : {}),
    };
    const { json } = await call.send<unknown>(
      'POST',
      call.path(spec.path, { ...params }),
      body,
      params.signal,
    );
    const total = totalOf(json);
    if (total === undefined) throw new Error(MISSING_TOTAL);
    return { data: rowsOf<RaRecord>(json), total };
  });
};
