import type { Adapter, ResourceEntry } from '../types';

/**
 * One call per id, for resources without a many-call: getMany through getOne, updateMany through update,
 * deleteMany through delete (of the same provider).
 */
export const eachConvention = (entry: ResourceEntry, provider: Adapter): Adapter => {
  const methods: Adapter = {};
  const { getOne, update, delete: remove } = provider;
  if (entry.getMany?.by === 'each' && getOne) {
    methods.getMany = async (resource, { ids, meta }) => ({
      data: (await Promise.all(ids.map((id) => getOne(resource, { id, meta })))).map(({ data }) => data),
    });
  }
  if (entry.updateMany?.by === 'each' && update) {
    methods.updateMany = async (resource, { ids, data, meta }) => {
      await Promise.all(ids.map((id) => update(resource, { id, data, previousData: { id }, meta })));
      return { data: ids };
    };
  }
  if (entry.deleteMany?.by === 'each' && remove) {
    methods.deleteMany = async (resource, { ids, meta }) => {
      await Promise.all(ids.map((id) => remove(resource, { id, previousData: { id }, meta })));
      return { data: ids };
    };
  }
  return methods;
};
