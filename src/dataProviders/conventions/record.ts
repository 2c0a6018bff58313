import type { Identifier } from 'react-admin';
import { bodyOf, isRecordAnswer, namedQuery, rowsOf, toQuery, transportFor } from '../calls';
import type { Adapter, RaRecord, RecordCall, ResourceEntry, SessionTransport } from '../types';

/**
 * Record calls, each as the entry's spec says (method, path, body):
 * getOne answers the record (its id kept), getMany the rows, create `{...data, ...answer, id}`,
 * update the answered record or `{...data, id}`, delete the previous record, deleteMany the ids.
 */
export const recordConvention = (entry: ResourceEntry, ctx: SessionTransport): Adapter => {
  const wire = transportFor(entry, ctx);
  const send = async (spec: RecordCall, params: Record<string, unknown>) => {
    const query = toQuery(namedQuery(spec.query, params, ctx));
    const { json } = await wire.send<unknown>(
      spec.method,
      `${wire.path(spec.path, params)}${query}`,
      bodyOf(spec.body, params, ctx),
      params.signal instanceof AbortSignal ? params.signal : undefined,
    );
    return json;
  };
  const methods: Adapter = {};
  const { getOne, getMany, create, update, delete: remove, deleteMany } = entry;

  if (getOne?.by === 'record') {
    methods.getOne = async (_, params) => {
      const json = await send(getOne, { ...params });
      return { data: { ...(json as object), id: isRecordAnswer(json) ? json.id : params.id } };
    };
  }
  if (getMany?.by === 'record') {
    methods.getMany = async (_, params) => ({ data: rowsOf<RaRecord>(await send(getMany, { ...params })) });
  }
  if (create?.by === 'record') {
    methods.create = async (_, params) => {
      const json = await send(create, { ...params });
      // The answer's own fields (a one-time initial password, say) are kept beside the sent data.
      return {
        data: { ...params.data, ...(isRecordAnswer(json) ? json : {}), id: (json as { id: Identifier }).id },
      };
    };
  }
  if (update?.by === 'record') {
    methods.update = async (_, params) => {
      const json = await send(update, { ...params });
      return { data: isRecordAnswer(json) ? json : { ...params.data, id: params.id } };
    };
  }
  if (remove?.by === 'record') {
    methods.delete = async (_, params) => {
      await send(remove, { ...params });
      return { data: params.previousData ?? { id: params.id } };
    };
  }
  if (deleteMany?.by === 'record') {
    methods.deleteMany = async (_, params) => {
      await send(deleteMany, { ...params });
      return { data: params.ids };
    };
  }
  return methods;
};
