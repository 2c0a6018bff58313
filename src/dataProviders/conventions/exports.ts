import type { SortPayload } from 'react-admin';
import {
  customerInBody,
  EXPORT_CUSTOMER_PARAM,
  type ExportFormat,
  exportTemplateOf,
  isExported,
  type ListCall,
} from '../../../contract/kit';
import { namedQuery, placeholders, toQuery, transportFor } from '../calls';
import type { DownloadOptions } from '../transport';
import type { Adapter, ResourceEntry, SessionTransport } from '../types';

/** What a list's export is asked (`dataProvider.exportList(resource, params)`). */
export interface ExportParams {
  format: ExportFormat;
  /** The list's filters as the list holds them (react-admin's filterValues). */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  /** The list's columns (the record's fields); the server puts the id first. */
  fields?: readonly string[];
  /** Follows the file as it arrives (a progress). */
  onChunk?: DownloadOptions['onChunk'];
}

/**
 * A list's export (server/kit/exports.ts): GET {list path}/export/{format}?filter={…}&sort&order
 * &fields, every row its filters match, answered as a file ({data: {fileName, blob}}). The filters that
 * fill the path are not repeated; the entry's `query` names add the session's values as the list does (and
 * a customer the list sends in its body goes as `customerId`); the sort goes when the list sends one.
 */
export const exportsConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const spec = entry.list;
  if (!spec || !isExported(spec)) return {};
  const wire = transportFor(entry, ctx);
  if (spec.by === 'array') {
    // The list answered whole: its export takes the list's own query (its filters), with the columns.
    const template = exportTemplateOf(spec.path);
    const inPath = new Set(placeholders(template));
    return {
      exportList: async (resource: string, params: ExportParams) => {
        const filter = params.filter ?? {};
        const query = toQuery({
          ...Object.fromEntries(Object.entries(filter).filter(([name]) => !inPath.has(name))),
          fields: params.fields?.length ? params.fields.join(',') : undefined,
        });
        return {
          data: await ctx.download(`${wire.path(template, { ...params, filter })}${query}`, {
            preferMessage: entry.preferMessage,
            fileName: `${resource}.${params.format}`,
            onChunk: params.onChunk,
          }),
        };
      },
    };
  }
  const template = exportTemplateOf(spec.by === 'range' ? '{base}' : spec.path);
  const inPath = new Set(placeholders(template));
  const sorted = spec.by !== 'pageSearch' || spec.sorted === true;
  // A list whose customer comes in its body (`filters.customerId`) names it in the export's query.
  const inBody = customerInBody(spec)
    ? ((spec as ListCall).access as { customer: { name?: string } }).customer.name?.replace(
        /^filters\./,
        '',
      ) || 'customerId'
    : undefined;
  return {
    exportList: async (resource: string, params: ExportParams) => {
      const filter = Object.fromEntries(
        Object.entries(params.filter ?? {}).filter(([name]) => !inPath.has(name)),
      );
      const bag = { ...params, filter: params.filter ?? {} };
      const query = toQuery({
        ...(spec.by === 'pageSearch' ? namedQuery(spec.query, bag, ctx) : {}),
        ...(inBody ? { [EXPORT_CUSTOMER_PARAM]: filter[inBody] } : {}),
        filter: JSON.stringify(filter),
        ...(sorted && params.sort?.field ? { sort: params.sort.field, order: params.sort.order } : {}),
        fields: params.fields?.length ? params.fields.join(',') : undefined,
      });
      return {
        data: await ctx.download(`${wire.path(template, bag)}${query}`, {
          preferMessage: entry.preferMessage,
          fileName: `${resource}.${params.format}`,
          onChunk: params.onChunk,
        }),
      };
    },
  };
};
