import simpleRestProvider from 'ra-data-simple-rest';
import { fillPath, MISSING_CONTENT_RANGE } from '../calls';
import type { Adapter, ResourceEntry, SessionTransport } from '../types';

/**
 * The range convention is ra-data-simple-rest's own: GET {base}?sort=[field,order]&range=[start,end]&filter={…}
 * with the total from Content-Range, GET/PUT/DELETE {base}/{id}, getMany by `filter={"id":[…]}`.
 * Its apiUrl is empty and its "resource" is the entry's path, so its URLs are paths for our transport;
 * a list answer without Content-Range is refused with the catalogue's key.
 */
export const rangeConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const simple = simpleRestProvider('', async (url, options = {}) => {
    const response = await ctx.http(url, { ...options, preferMessage: entry.preferMessage });
    const isListCall = new Headers(options.headers).has('Range');
    if (isListCall && !response.headers.has('Content-Range')) throw new Error(MISSING_CONTENT_RANGE);
    return response;
  });
  const resource = () => fillPath('{base}', entry, {}, ctx).slice(1);
  const methods: Adapter = {};
  if (entry.list?.by === 'range') {
    methods.getList = (_, params) => simple.getList(resource(), params);
    methods.getManyReference = (_, params) => simple.getManyReference(resource(), params);
  }
  if (entry.getOne?.by === 'range') methods.getOne = (_, params) => simple.getOne(resource(), params);
  if (entry.getMany?.by === 'range') methods.getMany = (_, params) => simple.getMany(resource(), params);
  if (entry.update?.by === 'range') methods.update = (_, params) => simple.update(resource(), params);
  if (entry.delete?.by === 'range') methods.delete = (_, params) => simple.delete(resource(), params);
  return methods;
};
