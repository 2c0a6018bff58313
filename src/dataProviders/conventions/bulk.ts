import type { BulkJob } from '../../../contract/bulk';
import { bulkTemplatesOf, hasBulk } from '../../../contract/kit';
import { namedQuery, placeholders, toQuery, transportFor } from '../calls';
import type { Adapter, ResourceEntry, SessionTransport } from '../types';

/** What starts a list's bulk action (`dataProvider.startBulk(resource, params)`). */
export interface BulkStartParams {
  action: string;
  /** The list's filters as the list holds them (react-admin's filterValues), or `{id: [picked ids]}`. */
  filter: Record<string, unknown>;
}

/**
 * A list's bulk actions (server/kit/bulk.ts): `startBulk` starts one as a job over the rows its filter
 * matches, `bulkJob` tells how far it got, `cancelBulk` stops it; each answers the job ({data: BulkJob}).
 * The filters that fill the list's path are not repeated in the body.
 */
export const bulkConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const spec = entry.list;
  if (!spec || spec.by === 'array' || !hasBulk(entry)) return {};
  const wire = transportFor(entry, ctx);
  const templates = bulkTemplatesOf(spec.by === 'range' ? '{base}' : spec.path);
  const inPath = new Set(placeholders(templates.job));
  // The entry's `query` names (a customer sent in the query) add the session's values, as the list does.
  const queryOf = (bag: Record<string, unknown>) =>
    spec.by === 'pageSearch' ? toQuery(namedQuery(spec.query, bag, ctx)) : '';
  const answer = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const { json } = await wire.send<BulkJob>(method, path, body);
    return { data: json };
  };
  return {
    startBulk: (_: string, { action, filter }: BulkStartParams) =>
      answer('POST', `${wire.path(templates.start(action), { filter })}${queryOf({ filter })}`, {
        filter: Object.fromEntries(Object.entries(filter).filter(([name]) => !inPath.has(name))),
      }),
    bulkJob: (_: string, { jobId }: { jobId: string }) =>
      answer('GET', `${wire.path(templates.job, { jobId })}${queryOf({ filter: {} })}`),
    cancelBulk: (_: string, { jobId }: { jobId: string }) =>
      answer('POST', `${wire.path(templates.cancel, { jobId })}${queryOf({ filter: {} })}`),
  };
};
