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
  ...getReads(`/api/idm-config/connectors/${name}/c1`),
  creates(`/api/idm-config/connectors/${name}/c1`),
  updates(`/api/idm-config/connectors/${name}/c1/r1`),
  ...removals((id) => DELETE(`/api/idm-config/connectors/${name}/${id}?customerId=c1`)),
  ...bulkCases(`/api/idm-config/connectors/${name}/c1/search`, 'delete', { q: 'vpn' }),
];

export const ldapCases = (name: string): Case[] => [
  sends('getList', LIST, GET(`/api/idm-ldap/${name}/c1/search?page=1&pageSize=5&q=x`)),
  sends('getManyReference', REF, GET(`/api/idm-ldap/${name}/c1/search?page=0&pageSize=5&ownerId=o1`)),
  ...getReads(`/api/idm-ldap/${name}/c1`),
  creates(`/api/idm-ldap/${name}/c1`),
  updates(`/api/idm-ldap/${name}/c1/r1`),
  ...removals((id) => DELETE(`/api/idm-ldap/${name}/${id}`)),
  testsConnection(`/api/idm-ldap/${name}/c1/test-connection`),
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
  ...getReads(recordBase),
];

/** A case: `call` with `params` sends these requests. */
export const sends = (call: string, params: Record<string, unknown>, ...sent: Seen[]): Case => ({
  call,
  params,
  sent,
});

/**
 * A list's bulk calls (contract/kit.ts bulkTemplatesOf) under `list` (the list's path), the session's query
 * after each (`?customerId=c1` for a list whose customer is in its query): the job started with `filter`,
 * followed, and stopped.
 */
export const bulkCases = (
  list: string,
  action: string,
  filter: Record<string, unknown>,
  query = '',
): Case[] => [
  {
    call: 'startBulk',
    params: { action, filter },
    sent: [POST(`${list}/bulk/${action}${query}`, { filter })],
  },
  sends('bulkJob', { jobId: 'j1' }, GET(`${list}/bulk/jobs/j1${query}`)),
  sends('cancelBulk', { jobId: 'j1' }, POST(`${list}/bulk/jobs/j1/cancel${query}`)),
];

/** A create of CREATE: its data POSTed at `url`. */
export const creates = (url: string): Case => sends('create', CREATE, POST(url, CREATE.data));

/** An update of UPDATE: its data PUT at `url`. */
export const updates = (url: string): Case => sends('update', UPDATE, PUT(url, UPDATE.data));

/** `call` of MANY's ids (r1, r2): a request for each, made by `each`. */
export const eachOfMany = (call: string, each: (id: string) => Seen): Case =>
  sends(call, MANY, ...MANY.ids.map(each));

/** A delete of REMOVE (r1) and a deleteMany of MANY: a request for each id, made by `each`. */
export const removals = (each: (id: string) => Seen): Case[] => [
  sends('delete', REMOVE, each('r1')),
  eachOfMany('deleteMany', each),
];

/** A getMany of MANY in one POST of the ids (and `also`) at `url`, answered by an empty list. */
export const manyInOnePost = (url: string, also: Record<string, unknown> = {}): Case => ({
  ...sends('getMany', MANY, POST(url, { ids: MANY.ids, ...also })),
  answer: { json: [] },
});

/** A getOne of r1 read at `<base>/r1`, and a getMany of MANY read one by one the same way. */
export const getReads = (base: string): Case[] => [
  sends('getOne', ONE, GET(`${base}/r1`)),
  eachOfMany('getMany', (id) => GET(`${base}/${id}`)),
];

/**
 * The list and the references of the records of `target` `id` (a nested resource) searched by GET at `url`:
 * sorted by name, the list's filter holding the owner besides 'q'.
 */
export const nestedSearches = (url: string, target: string, id: string): Case[] => [
  sends(
    'getList',
    { ...LIST, filter: { [target]: id, q: 'x' } },
    GET(`${url}?page=1&pageSize=5&sort=name&order=ASC&q=x`),
  ),
  sends('getManyReference', { ...REF, target, id }, GET(`${url}?page=0&pageSize=5&sort=name&order=ASC`)),
];

/** An update of the record `data.id` to `data` (its previous data: its id alone): `data` PUT at `url`. */
export const updatesTo = (url: string, data: { id: string } & Record<string, unknown>): Case =>
  sends('update', { id: data.id, data, previousData: { id: data.id } }, PUT(url, data));

/** A testConnection of an LDAP host: its data POSTed at `url`. */
export const testsConnection = (url: string): Case =>
  sends('testConnection', { data: { host: 'ldap.example.com' } }, POST(url, { host: 'ldap.example.com' }));
