import type { Identifier } from 'react-admin';
import { bodyOf, callerFor } from '../calls';
import type { ActionParams, Adapter, CallContext, ResourceEntry } from '../types';

/**
 * Actions on each selected record (activate, deactivate, publish, unpublish, start, stop…):
 * one call per id of params.ids (or params.id), answering {data: ids}.
 */
export const activationConvention = (entry: ResourceEntry, ctx: CallContext): Adapter => {
  const call = callerFor(entry, ctx);
  const methods: Adapter = {};
  for (const [name, spec] of Object.entries(entry.actions ?? {})) {
    if (spec.by !== 'eachId') continue;
    methods[name] = async (_: string, params: ActionParams = {}) => {
      const ids: Identifier[] = params.ids ?? (params.id === undefined ? [] : [params.id]);
      await Promise.all(
        ids.map((id) => {
          const one = { ...params, id };
          return call.send(spec.method, call.path(spec.path, one), bodyOf(spec.body, one, ctx));
        }),
      );
      return { data: ids };
    };
  }
  return methods;
};
