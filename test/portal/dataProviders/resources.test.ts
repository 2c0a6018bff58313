// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasBulk } from '../../../contract/kit';
import { createDataProvider, RESOURCES } from '../../../src/dataProviders';
import type { ResourceEntry } from '../../../src/dataProviders/types';
import { API } from '../msw';
import { recordRequests, sorted } from './edge';
import type { Requests } from './requestCases';

/**
 * Every entry of the data layer's table, every method and action it supports: the request the server
 * receives, as each feature's `test/portal/<feature>/requests.ts` writes it out, so that a wrong entry fails.
 * A new resource's requests are a file in its folder, found here.
 */
const CASES: Requests = Object.assign(
  {},
  ...Object.values(import.meta.glob<Requests>('../*/requests.ts', { eager: true, import: 'default' })),
);

const dataProvider = createDataProvider({
  apiUrl: API,
  getSession: () => ({ token: 'tok', customerId: 'c1' }),
});

const cases = Object.entries(CASES).flatMap(([resource, list]) =>
  list.map((item) => ({ resource, ...item, title: `${resource} ${item.call}` })),
);

describe('every call of the resource table', () => {
  it.each(cases)('$title', async ({ resource, call, params, sent, answer }) => {
    const seen = recordRequests(answer);
    await dataProvider[call](resource, params);
    expect(sorted(seen)).toEqual(sorted(sent));
  });

  it('covers every method and action each entry supports', () => {
    const METHODS = ['getOne', 'getMany', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];
    for (const [resource, entry] of Object.entries<ResourceEntry>(RESOURCES)) {
      const supported = [
        ...(entry.list ? ['getList', 'getManyReference'] : []),
        ...METHODS.filter((method) => method in entry),
        ...Object.keys(entry.actions ?? {}),
        // A list's bulk actions (contract/kit.ts bulkTemplatesOf): start, follow, stop.
        ...(hasBulk(entry) ? ['startBulk', 'bulkJob', 'cancelBulk'] : []),
      ];
      const tested = (CASES[resource] ?? []).map((item) => item.call);
      expect(new Set(tested), resource).toEqual(new Set(supported));
    }
  });
});
