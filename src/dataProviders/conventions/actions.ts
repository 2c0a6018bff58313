import { bodyOf, namedQuery, toQuery, transportFor } from '../calls';
import type { ActionParams, Adapter, ResourceEntry, SessionTransport } from '../types';

/** Named actions of one call: `dataProvider[name](resource, params)` answers {data: json}. */
export const actionsConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const wire = transportFor(entry, ctx);
  const methods: Adapter = {};
  for (const [name, spec] of Object.entries(entry.actions ?? {})) {
    if (spec.by !== 'call') continue;
    methods[name] = async (_: string, params: ActionParams = {}) => {
      const query = toQuery(namedQuery(spec.query, params, ctx));
      const path = `${wire.path(spec.path, params)}${query}`;
      const { json } = await wire.send<unknown>(spec.method, path, bodyOf(spec.body, params, ctx));
      return { data: json };
    };
  }
  return methods;
};
