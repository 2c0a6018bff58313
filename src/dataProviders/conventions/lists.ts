import type { GetListParams, GetListResult, GetManyReferenceParams } from 'react-admin';
import type { Adapter } from '../types';

/** What the list conventions share: paging defaults and getManyReference as a filtered getList. */

export const DEFAULT_PAGINATION = { page: 1, perPage: 10 };

export type ListMethod = (resource: string, params: GetListParams) => Promise<GetListResult>;

export const listMethods = (getList: ListMethod): Adapter => ({
  getList,
  getManyReference: (resource: string, { target, id, filter, ...params }: GetManyReferenceParams) =>
    getList(resource, { ...params, filter: { ...filter, [target]: id } }),
});

export const totalOf = (json: unknown): number | undefined => {
  const total = (json as { totalElements?: unknown } | null)?.totalElements;
  return typeof total === 'number' ? total : undefined;
};
