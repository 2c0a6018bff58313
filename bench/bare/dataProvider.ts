import type { DataProvider, GetListParams, RaRecord } from 'react-admin';

/** Where the bench leaves the operator's token before the page opens. */
export const TOKEN_KEY = 'bench.token';

const unsupported = () => Promise.reject(new Error('The bare app only lists.'));

/**
 * The smallest dataProvider over the portal's API that a list needs: getList as POST {resource}/search
 * ({page: page - 1, limit, filters, sort} answered with {contents, totalElements}), with the bearer token.
 */
export const dataProvider: DataProvider = {
  getList: async <RecordType extends RaRecord>(
    resource: string,
    { pagination, sort, filter, signal }: GetListParams & { signal?: AbortSignal },
  ) => {
    const { page, perPage } = pagination ?? { page: 1, perPage: 25 };
    const response = await fetch(`/api/${resource}/search`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem(TOKEN_KEY) ?? ''}`,
      },
      body: JSON.stringify({ page: page - 1, limit: perPage, filters: filter ?? {}, sort }),
      signal,
    });
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    const { contents, totalElements } = (await response.json()) as {
      contents: RecordType[];
      totalElements: number;
    };
    return { data: contents, total: totalElements };
  },
  getOne: unsupported,
  getMany: unsupported,
  getManyReference: unsupported,
  create: unsupported,
  update: unsupported,
  updateMany: unsupported,
  delete: unsupported,
  deleteMany: unsupported,
};
