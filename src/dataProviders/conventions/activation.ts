import type { Identifier } from 'react-admin';
import { bodyOf, transportFor } from '../calls';
import type { ActionParams, Adapter, ResourceEntry, SessionTransport } from '../types';

/**
 * Actions on each selected record (activate, deactivate, publish, unpublish, start, stop…):
 * one call per id of params.ids (or params.id), answering {data: ids}.
 */
export const activationConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const wire = transportFor(entry, ctx);
  const methods: Adapter = {};
  for (const [name, spec] of Object.entries(entry.actions ?? {})) {
    if (spec.by !== 'eachId') continue;
    methods[name] = async (_: string, params: ActionParams = {}) => {
      const ids: Identifier[] = params.ids ?? (params.id === undefined ? [] : [params.id]);
      await Promise.all(
        ids.map((id) => {
          const one = { ...params, id };
          return wire.send(spec.method, wire.path(spec.path, one), bodyOf(spec.body, one, ctx));
        }),
      );
      return { data: ids };
    };
  }
  return methods;
};
