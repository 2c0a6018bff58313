import { type CannedAnswer, DELETE, filePart, GET, POST, PUT, type Seen } from './edge';

/**
 * What a feature's `requests.ts` (test/portal/<feature>/) writes down for each of its data layer's resources:
 * each method and action it supports, and the request the server receives (method, path, query, body or
 * multipart parts, bearer header). The session: token 'tok', customer 'c1'. Gathered by resources.test.ts.
 */

export interface Case {
  /** The dataProvider method or named action. */
  call: string;
  params: Record<string, unknown>;
  sent: Seen[];
  answer?: CannedAnswer;
}

/** The params the cases share. */
export const LIST = {
  pagination: { page: 2, perPage: 5 },
  sort: { field: 'name', order: 'ASC' },
  filter: { q: 'x' },
};
export const REF = {
  target: 'ownerId',
  id: 'o1',
  pagination: { page: 1, perPage: 5 },
  sort: { field: 'name', order: 'ASC' },
  filter: {},
};
export const ONE = { id: 'r1' };
export const MANY = { ids: ['r1', 'r2'] };
export const CREATE = { data: { name: 'New' } };
export const UPDATE = {
  id: 'r1',
  data: { id: 'r1', name: 'Changed' },
  previousData: { id: 'r1', name: 'Old' },
};
export const REMOVE = { id: 'r1', previousData: { id: 'r1', name: 'Old' } };
export const icon = new File(['png-bytes'], 'icon.png', { type: 'image/png' });
export const ICON = filePart('icon.png', 'image/png', 'png-bytes');

/** The params of a getList: page `page` (from 1) of `perPage` rows, sorted by `field`, filtered by `filter`. */
export const listParams = (
  page: number,
  perPage: number,
  [field, order]: [string, 'ASC' | 'DESC'],
  filter: Record<string, unknown>,
) => ({ pagination: { page, perPage }, sort: { field, order }, filter });

/** The params of a getManyReference: REF's page, the records whose `target` is `id`, sorted by `field`. */
export const refParams = (target: string, id: string, [field, order]: [string, 'ASC' | 'DESC']) => ({
  ...REF,
  sort: { field, order },
  target,
  id,
});

// The bodies of the search conventions for LIST and REF.
export const SEARCH = { page: 1, limit: 5, filters: { q: 'x' }, sort: { field: 'name', order: 'ASC' } };
export const SEARCH_REF = {
  page: 0,
  limit: 5,
  filters: { ownerId: 'o1' },
  sort: { field: 'name', order: 'ASC' },
};

export const connectorCases = (name: string, sortField = 'name'): Case[] => [
  {
    call: 'getList',
    params: { ...LIST, sort: { field: sortField, order: 'ASC' } },
    sent: [
      GET(`/api/idm-config/connectors/${name}/c1/search?page=1&pageSize=5&sort=${sortField}&order=ASC&q=x`),
    ],
  },
  {
    call: 'getManyReference',
    params: { ...REF, sort: { field: sortField, order: 'ASC' } },
    sent: [
      GET(
        `/api/idm-config/connectors/${name}/c1/search?page=0&pageSize=5&sort=${sortField}&order=ASC&ownerId=o1`,
      ),
    ],
  },
  { call: 'getOne', params: ONE, sent: [GET(`/api/idm-config/connectors/${name}/c1/r1`)] },
  {
    call: 'getMany',
    params: MANY,
    sent: [GET(`/api/idm-config/connectors/${name}/c1/r1`), GET(`/api/idm-config/connectors/${name}/c1/r2`)],
  },
  { call: 'create', params: CREATE, sent: [POST(`/api/idm-config/connectors/${name}/c1`, { name: 'New' })] },
  {
    call: 'update',
    params: UPDATE,
    sent: [PUT(`/api/idm-config/connectors/${name}/c1/r1`, { id: 'r1', name: 'Changed' })],
  },
  { call: 'delete', params: REMOVE, sent: [DELETE(`/api/idm-config/connectors/${name}/r1?customerId=c1`)] },
  {
    call: 'deleteMany',
    params: MANY,
    sent: [
      DELETE(`/api/idm-config/connectors/${name}/r1?customerId=c1`),
      DELETE(`/api/idm-config/connectors/${name}/r2?customerId=c1`),
    ],
  },
];

export const ldapCases = (name: string): Case[] => [
  { call: 'getList', params: LIST, sent: [GET(`/api/idm-ldap/${name}/c1/search?page=1&pageSize=5&q=x`)] },
  {
    call: 'getManyReference',
    params: REF,
    sent: [GET(`/api/idm-ldap/${name}/c1/search?page=0&pageSize=5&ownerId=o1`)],
  },
  { call: 'getOne', params: ONE, sent: [GET(`/api/idm-ldap/${name}/c1/r1`)] },
  {
    call: 'getMany',
    params: MANY,
    sent: [GET(`/api/idm-ldap/${name}/c1/r1`), GET(`/api/idm-ldap/${name}/c1/r2`)],
  },
  { call: 'create', params: CREATE, sent: [POST(`/api/idm-ldap/${name}/c1`, { name: 'New' })] },
  {
    call: 'update',
    params: UPDATE,
    sent: [PUT(`/api/idm-ldap/${name}/c1/r1`, { id: 'r1', name: 'Changed' })],
  },
  { call: 'delete', params: REMOVE, sent: [DELETE(`/api/idm-ldap/${name}/r1`)] },
  {
    call: 'deleteMany',
    params: MANY,
    sent: [DELETE(`/api/idm-ldap/${name}/r1`), DELETE(`/api/idm-ldap/${name}/r2`)],
  },
  {
    call: 'testConnection',
    params: { data: { host: 'ldap.example.com' } },
    sent: [POST(`/api/idm-ldap/${name}/c1/test-connection`, { host: 'ldap.example.com' })],
  },
];

export const serviceUserCases = (name: string, manage: string): Case[] => [
  {
    call: 'getList',
    params: { ...LIST, sort: { field: 'username', order: 'ASC' }, filter: { serviceId: 's1' } },
    sent: [
      GET(`/api/user-management/${name}/c1/search?page=1&pageSize=5&sort=username&order=ASC&serviceId=s1`),
    ],
  },
  {
    call: 'getManyReference',
    params: { ...REF, target: 'serviceId', id: 's1', sort: { field: 'username', order: 'ASC' } },
    sent: [
      GET(`/api/user-management/${name}/c1/search?page=0&pageSize=5&sort=username&order=ASC&serviceId=s1`),
    ],
  },
  {
    call: 'manage',
    params: { data: { serviceId: 's1', addUserIds: ['u1'], removeUserIds: [] } },
    sent: [
      POST(`/api/user-management/users/c1/${manage}`, {
        serviceId: 's1',
        addUserIds: ['u1'],
        removeUserIds: [],
      }),
    ],
  },
];

export const userListCases = (name: string): Case[] => [
  {
    call: 'getList',
    params: LIST,
    sent: [GET(`/api/user-management/${name}/c1/search?page=1&pageSize=5&q=x`)],
  },
  {
    call: 'getManyReference',
    params: REF,
    sent: [GET(`/api/user-management/${name}/c1/search?page=0&pageSize=5&ownerId=o1`)],
  },
  { call: 'getOne', params: ONE, sent: [GET(`/api/user-management/${name}/c1/r1`)] },
];

export const TP = '/api/idm-config/token-pack-v2';
/** A feature's requests, by resource name. */
export type Requests = Readonly<Record<string, readonly Case[]>>;

/**
 * The list and the references of a resource searched by GET at `url`, the query saying the page and the sort
 * ('sorted'), the page only ('paged'), or neither: the whole list, answered as an array ('whole').
 */
export const getSearches = (url: string, paging: 'sorted' | 'paged' | 'whole' = 'sorted'): Case[] => {
  if (paging === 'whole')
    return [
      { call: 'getList', params: LIST, sent: [GET(`${url}?q=x`)], answer: { json: [] } },
      { call: 'getManyReference', params: REF, sent: [GET(`${url}?ownerId=o1`)], answer: { json: [] } },
    ];
  const sort = paging === 'sorted' ? '&sort=name&order=ASC' : '';
  return [
    { call: 'getList', params: LIST, sent: [GET(`${url}?page=1&pageSize=5${sort}&q=x`)] },
    { call: 'getManyReference', params: REF, sent: [GET(`${url}?page=0&pageSize=5${sort}&ownerId=o1`)] },
  ];
};

/** The list and the references of a resource in the post-search convention, searched at `<searchBase>/search`. */
export const postSearches = (searchBase: string): Case[] => [
  { call: 'getList', params: LIST, sent: [POST(`${searchBase}/search`, SEARCH)] },
  { call: 'getManyReference', params: REF, sent: [POST(`${searchBase}/search`, SEARCH_REF)] },
];

/**
 * The reads of a resource in the post-search convention: its list and references searched at
 * `<searchBase>/search`, a record read at `<recordBase>/<id>`, several one by one.
 */
export const postSearchReads = (searchBase: string, recordBase = searchBase): Case[] => [
  ...postSearches(searchBase),
  { call: 'getOne', params: ONE, sent: [GET(`${recordBase}/r1`)] },
  { call: 'getMany', params: MANY, sent: [GET(`${recordBase}/r1`), GET(`${recordBase}/r2`)] },
];
