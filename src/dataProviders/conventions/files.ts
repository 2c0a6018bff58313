import { bodyOf, namedQuery, toQuery, transportFor } from '../calls';
import type { DownloadOptions } from '../transport';
import type { ActionParams, Adapter, ResourceEntry, SessionTransport } from '../types';

type OnChunk = NonNullable<DownloadOptions['onChunk']>;

/**
 * Downloads: the transport's `download`, with the bearer header and the same error rules, answering
 * {data: {fileName, blob}}, the name from Content-Disposition or the entry's default. `meta.onChunk` follows
 * the answer as it arrives (a progress).
 */
export const filesConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const wire = transportFor(entry, ctx);
  const methods: Adapter = {};
  for (const [name, spec] of Object.entries(entry.actions ?? {})) {
    if (spec.by !== 'download') continue;
    methods[name] = async (_: string, params: ActionParams = {}) => ({
      data: await ctx.download(
        `${wire.path(spec.path, params)}${toQuery(namedQuery(spec.query, params, ctx))}`,
        {
          method: spec.method,
          body: bodyOf(spec.body, params, ctx),
          preferMessage: entry.preferMessage,
          fileName: spec.fileName,
          onChunk: typeof params.meta?.onChunk === 'function' ? (params.meta.onChunk as OnChunk) : undefined,
        },
      ),
    });
  }
  return methods;
};
