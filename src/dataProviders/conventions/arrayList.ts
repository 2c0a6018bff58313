import { placeholders, rowsOf, toQuery, transportFor } from '../calls';
import type { Adapter, RaRecord, ResourceEntry, SessionTransport } from '../types';
import { listMethods } from './lists';

/**
 * Array list: GET {path}?<filters>, answering the whole list as an array; the total is its length.
 * Filters that fill the path are not repeated in the query.
 */
export const arrayListConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const spec = entry.list;
  if (spec?.by !== 'array') return {};
  const wire = transportFor(entry, ctx);
  const inPath = new Set(placeholders(spec.path));
  return listMethods(async (_, params) => {
    const filter: Record<string, unknown> = params.filter ?? {};
    const query = toQuery(Object.fromEntries(Object.entries(filter).filter(([name]) => !inPath.has(name))));
    const { json } = await wire.send<unknown>(
      'GET',
      `${wire.path(spec.path, { ...params })}${query}`,
      undefined,
      params.signal,
    );
    const data = rowsOf<RaRecord>(json);
    return { data, total: data.length };
  });
};
