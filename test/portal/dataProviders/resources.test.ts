// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createDataProvider, RESOURCES, type ResourceName } from '../../../src/dataProviders';
import type { ResourceEntry } from '../../../src/dataProviders/types';
import { API } from '../msw';
import {
  type CannedAnswer,
  DELETE,
  filePart,
  GET,
  jsonPart,
  MULTIPART,
  POST,
  PUT,
  recordRequests,
  type Seen,
  sorted,
} from './edge';

/**
 * Every entry of the resource table, every method and action it supports: the request the server
 * receives, written out here (method, path, query, body or multipart parts, bearer header), so a wrong
 * table entry fails. The session: token 'tok', customer 'c1'.
 */

interface Case {
  /** The dataProvider method or named action. */
  call: string;
  params: Record<string, unknown>;
  sent: Seen[];
  answer?: CannedAnswer;
}

// Params shared by the cases.
const LIST = {
  pagination: { page: 2, perPage: 5 },
  sort: { field: 'name', order: 'ASC' },
  filter: { q: 'x' },
};
const REF = {
  target: 'ownerId',
  id: 'o1',
  pagination: { page: 1, perPage: 5 },
  sort: { field: 'name', order: 'ASC' },
  filter: {},
};
const ONE = { id: 'r1' };
const MANY = { ids: ['r1', 'r2'] };
const CREATE = { data: { name: 'New' } };
const UPDATE = { id: 'r1', data: { id: 'r1', name: 'Changed' }, previousData: { id: 'r1', name: 'Old' } };
const REMOVE = { id: 'r1', previousData: { id: 'r1', name: 'Old' } };
const icon = new File(['png-bytes'], 'icon.png', { type: 'image/png' });
const ICON = filePart('icon.png', 'image/png', 'png-bytes');

// The bodies of the search conventions for LIST and REF.
const SEARCH = { page: 1, limit: 5, filters: { q: 'x' }, sort: { field: 'name', order: 'ASC' } };
const SEARCH_REF = { page: 0, limit: 5, filters: { ownerId: 'o1' }, sort: { field: 'name', order: 'ASC' } };

const connectorCases = (name: string, sortField = 'name'): Case[] => [
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

const ldapCases = (name: string): Case[] => [
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

const serviceUserCases = (name: string, manage: string): Case[] => [
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

const userListCases = (name: string): Case[] => [
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

const TP = '/api/idm-config/token-pack-v2';
const CASES: Record<ResourceName, Case[]> = {
  'token-pack': [
    {
      call: 'getManyReference',
      params: { ...REF, target: 'serviceId', id: 's1' },
      sent: [GET('/api/idm-config/token-pack?pageNumber=0&pageSize=5&customerId=c1&serviceId=s1')],
    },
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/idm-config/token-pack?pageNumber=1&pageSize=5&customerId=c1&q=x')],
    },
    { call: 'getOne', params: ONE, sent: [GET(`${TP}/c1/r1`)] },
    {
      call: 'getByWizardStatus',
      params: { wizardStatus: 'NEW' },
      sent: [GET('/api/idm-config/token-pack/c1/get-by-wizard-status/NEW')],
    },
  ],
  'token-pack-v2': [
    {
      call: 'getList',
      params: LIST,
      sent: [GET(`${TP}/c1/search?page=1&pageSize=5&sort=name&order=ASC&q=x`)],
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET(`${TP}/c1/search?page=0&pageSize=5&sort=name&order=ASC&ownerId=o1`)],
    },
    { call: 'getOne', params: ONE, sent: [GET(`${TP}/c1/r1`)] },
    { call: 'getMany', params: MANY, sent: [GET(`${TP}/c1/r1`), GET(`${TP}/c1/r2`)] },
    {
      call: 'create',
      params: { data: { name: 'Pack', serviceIds: ['s1'], iconFile: { rawFile: icon, src: 'blob:icon' } } },
      sent: [
        MULTIPART('POST', `${TP}/c1`, {
          info: jsonPart({ name: 'Pack', serviceIds: ['s1'] }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'update',
      params: { id: 'r1', data: { id: 'r1', name: 'Pack 2' }, previousData: { id: 'r1' } },
      sent: [MULTIPART('PUT', `${TP}/c1/r1`, { info: jsonPart({ id: 'r1', name: 'Pack 2' }) })],
    },
    {
      call: 'update',
      params: {
        id: 'r1',
        data: { id: 'r1', name: 'Pack 2', featureImageFile: { rawFile: icon, src: 'blob:banner' } },
        previousData: { id: 'r1' },
      },
      sent: [
        MULTIPART('PUT', `${TP}/c1/r1`, {
          info: jsonPart({ id: 'r1', name: 'Pack 2' }),
          featureImageFile: ICON,
        }),
      ],
    },
    { call: 'delete', params: REMOVE, sent: [DELETE(`${TP}/r1?customerId=c1`)] },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [DELETE(`${TP}/r1?customerId=c1`), DELETE(`${TP}/r2?customerId=c1`)],
    },
    { call: 'generate', params: { id: 'tp1' }, sent: [PUT(`${TP}/generate/c1/tp1`)] },
    {
      call: 'getBySubscription',
      params: { subscriptionId: 'sub1' },
      sent: [GET(`${TP}/get-by-subscription/sub1?customerId=c1`)],
    },
    {
      call: 'getByServiceId',
      params: { serviceId: 's1' },
      sent: [GET(`${TP}/get-tokenpack-by-service-id/s1?customerId=c1`)],
    },
    { call: 'image', params: { id: 'tp1', kind: 'icon' }, sent: [GET(`${TP}/tp1/image/icon`)] },
  ],
  'otp-config': [
    { call: 'getList', params: LIST, sent: [POST('/api/idm-config/otp-config/c1/search', SEARCH)] },
    {
      call: 'getManyReference',
      params: REF,
      sent: [POST('/api/idm-config/otp-config/c1/search', SEARCH_REF)],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/idm-config/otp-config/r1')] },
    {
      call: 'create',
      params: { data: { name: 'OTP', digits: 6, iconFile: icon } },
      sent: [
        MULTIPART('POST', '/api/idm-config/otp-config/create', {
          json: jsonPart({ name: 'OTP', digits: 6 }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'update',
      params: { id: 'r1', data: { id: 'r1', digits: 8 }, previousData: { id: 'r1' } },
      sent: [
        MULTIPART('POST', '/api/idm-config/otp-config/r1/update', {
          json: jsonPart({ id: 'r1', digits: 8 }),
        }),
      ],
    },
  ],
  'white-list-ips': [
    {
      call: 'getList',
      params: { ...LIST, filter: { tokenPackId: 'tp1', q: 'x' } },
      sent: [GET('/api/idm-config/white-list-ips/c1/tp1/search?page=1&pageSize=5&sort=name&order=ASC&q=x')],
    },
    {
      call: 'getManyReference',
      params: { ...REF, target: 'tokenPackId', id: 'tp1' },
      sent: [GET('/api/idm-config/white-list-ips/c1/tp1/search?page=0&pageSize=5&sort=name&order=ASC')],
    },
    {
      call: 'create',
      params: { data: { ip: '10.0.0.1' }, meta: { tokenPackId: 'tp1' } },
      sent: [POST('/api/idm-config/white-list-ips/c1/tp1', { ip: '10.0.0.1' })],
    },
    {
      call: 'update',
      params: {
        id: 'w1',
        data: { id: 'w1', ip: '10.0.0.2', tokenPackId: 'tp1' },
        previousData: { id: 'w1' },
      },
      sent: [
        PUT('/api/idm-config/white-list-ips/c1/tp1/w1', { id: 'w1', ip: '10.0.0.2', tokenPackId: 'tp1' }),
      ],
    },
    {
      call: 'deleteMany',
      params: { ids: ['w1', 'w2'], meta: { tokenPackId: 'tp1' } },
      sent: [DELETE('/api/idm-config/white-list-ips/c1/tp1/delete-many', { ids: ['w1', 'w2'] })],
    },
  ],
  'vos-cloud-config': [
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/idm-config/vos-cloud-config?sort=["name","ASC"]&range=[5,9]&filter={"q":"x"}')],
      answer: { json: [], headers: { 'Content-Range': 'items 5-9/42' } },
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/idm-config/vos-cloud-config?sort=["name","ASC"]&range=[0,4]&filter={"ownerId":"o1"}')],
      answer: { json: [], headers: { 'Content-Range': 'items 0-4/0' } },
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/idm-config/vos-cloud-config/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [GET('/api/idm-config/vos-cloud-config?filter={"id":["r1","r2"]}')],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/idm-config/vos-cloud-config', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/idm-config/vos-cloud-config/r1', { id: 'r1', name: 'Changed' })],
    },
    { call: 'activate', params: { id: 'r1' }, sent: [POST('/api/idm-config/vos-cloud-config/active/r1')] },
  ],
  'saml-settings': [
    { call: 'getOne', params: { id: 'saml' }, sent: [GET('/api/idm-config/saml-setting')] },
    {
      call: 'update',
      params: { id: 'saml', data: { entityId: 'portal' }, previousData: { id: 'saml' } },
      sent: [PUT('/api/idm-config/saml-setting', { entityId: 'portal' })],
    },
  ],
  otp: [
    {
      call: 'getList',
      params: {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'username', order: 'ASC' },
        filter: { serviceId: 's1', username: 'ann' },
      },
      sent: [
        GET(
          '/api/idm-config/reactive/otp?pageNumber=1&pageSize=25&sort=username&order=ASC&serviceId=s1&username=ann&customerId=c1',
        ),
      ],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'generatedDate', order: 'DESC' }, target: 'serviceId', id: 's1' },
      sent: [
        GET(
          '/api/idm-config/reactive/otp?pageNumber=0&pageSize=5&sort=generatedDate&order=DESC&serviceId=s1&customerId=c1',
        ),
      ],
    },
    {
      call: 'deleteMany',
      params: { ids: ['o1', 'o2'], meta: { tokenPackId: 'tp1', serviceId: 's1' } },
      sent: [DELETE('/api/idm-config/reactive/otp/tp1/c1', { serviceId: 's1', ids: ['o1', 'o2'] })],
    },
    {
      call: 'generate',
      params: { tokenPackId: 'tp1', data: { serviceId: 's1' } },
      sent: [POST('/api/idm-config/reactive/otp/tp1/v2/generate?customerId=c1', { serviceId: 's1' })],
    },
    {
      call: 'regenerate',
      params: { tokenPackId: 'tp1', data: { serviceId: 's1', all: true } },
      sent: [
        POST('/api/idm-config/reactive/otp/tp1/v2/re-generate?customerId=c1', { serviceId: 's1', all: true }),
      ],
    },
    {
      call: 'sendMail',
      params: { data: { serviceId: 's1', ids: ['o1'] } },
      sent: [POST('/api/idm-config/reactive/otp/c1/send-mail', { serviceId: 's1', ids: ['o1'] })],
    },
  ],
  'activation-code': [
    {
      call: 'getList',
      params: {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'username', order: 'ASC' },
        filter: { tokenPackId: 'tp1', q: 'ann', status: 'NEW', emailExist: true },
      },
      sent: [
        GET(
          '/api/idm-config/v2/reactive/activation-code/c1/search?page=1&pageSize=25&sort=username&order=ASC&tokenPackId=tp1&q=ann&status=NEW&emailExist=true',
        ),
      ],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'expireDate', order: 'DESC' }, target: 'tokenPackId', id: 'tp1' },
      sent: [
        GET(
          '/api/idm-config/v2/reactive/activation-code/c1/search?page=0&pageSize=5&sort=expireDate&order=DESC&tokenPackId=tp1',
        ),
      ],
    },
    {
      call: 'deleteMany',
      params: { ids: ['ac1', 'ac2'] },
      sent: [DELETE('/api/idm-config/v2/reactive/activation-code/c1/delete-many', { ids: ['ac1', 'ac2'] })],
    },
    {
      call: 'generate',
      params: { tokenPackId: 'tp1' },
      sent: [PUT('/api/idm-config/v2/reactive/activation-code/generate/c1/tp1')],
    },
    {
      call: 'regenerate',
      params: { tokenPackId: 'tp1', data: { ids: ['ac1'] } },
      sent: [PUT('/api/idm-config/v2/reactive/activation-code/c1/re-generate/tp1', { ids: ['ac1'] })],
    },
    {
      call: 'regenerate',
      params: { tokenPackId: 'tp1', data: { all: true } },
      sent: [PUT('/api/idm-config/v2/reactive/activation-code/c1/re-generate/tp1', { all: true })],
    },
    {
      call: 'sendMail',
      params: { data: { ids: ['ac1'], email: 'ann@example.com' } },
      sent: [
        POST('/api/idm-config/v2/reactive/activation-code/c1/send-mail', {
          ids: ['ac1'],
          email: 'ann@example.com',
        }),
      ],
    },
    {
      call: 'sendMail',
      params: { data: { ids: ['ac1', 'ac2'] } },
      sent: [POST('/api/idm-config/v2/reactive/activation-code/c1/send-mail', { ids: ['ac1', 'ac2'] })],
    },
    {
      call: 'zip',
      params: { tokenPackId: 'tp1', data: { ids: ['ac1'] } },
      sent: [POST('/api/idm-config/v2/reactive/activation-code/c1/zip-token-pack-ac/tp1', { ids: ['ac1'] })],
    },
    {
      call: 'downloadAll',
      params: { tokenPackId: 'tp1' },
      sent: [GET('/api/idm-config/v2/reactive/activation-code/c1/download-token-pack-ac-zip/tp1')],
    },
  ],
  outbox: [
    {
      call: 'getList',
      params: {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'createdDate', order: 'DESC' },
        filter: { q: 'ann', status: 'OUTBOX' },
      },
      sent: [GET('/api/mail/outbox?page=0&pageSize=25&sort=createdDate&order=DESC&q=ann&status=OUTBOX')],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'createdDate', order: 'DESC' }, target: 'customerId', id: 'c9' },
      sent: [GET('/api/mail/outbox?page=0&pageSize=5&sort=createdDate&order=DESC&customerId=c9')],
    },
    { call: 'getOne', params: { id: 'm1' }, sent: [GET('/api/mail/outbox/m1')] },
  ],
  radius: [
    ...connectorCases('radius'),
    {
      call: 'regenerateSecret',
      params: { id: 'r1' },
      sent: [PUT('/api/idm-config/connectors/radius/c1/r1/shared-secret')],
    },
  ],
  saml: [
    ...connectorCases('saml'),
    { call: 'defaults', params: {}, sent: [GET('/api/idm-config/connectors/saml/c1/defaults')] },
    {
      call: 'federateScript',
      params: { id: 'r1', domain: 'example.com', unFederate: 0 },
      sent: [
        GET(
          '/api/idm-config/connectors/saml/script/federate-script?customerId=c1&id=r1&domain=example.com&unFederate=0',
        ),
      ],
    },
  ],
  saml2: [
    ...connectorCases('saml2', 'providerName'),
    { call: 'check', params: { uname: 'app1' }, sent: [GET('/api/idm-config/connectors/saml2/check/app1')] },
    { call: 'xml', params: { uname: 'app1' }, sent: [GET('/api/idm-config/connectors/saml2/xml/app1')] },
    { call: 'defaultConfig', params: { type: 'aws' }, sent: [GET('/api/idm-config/saml2/aws')] },
  ],
  oidc: [
    ...connectorCases('oidc', 'clientName'),
    {
      call: 'getClientSecret',
      params: { id: 'k1' },
      sent: [GET('/api/idm-config/connectors/oidc/get-client-secret/k1?customerId=c1')],
    },
    {
      call: 'regenerateSecret',
      params: { id: 'k1' },
      sent: [PUT('/api/idm-config/connectors/oidc/c1/k1/client-secret')],
    },
  ],
  https: [
    ...connectorCases('https'),
    {
      call: 'regenerateApiKey',
      params: { id: 'r1' },
      sent: [PUT('/api/idm-config/connectors/https/c1/r1/api-key')],
    },
  ],
  connectors: [
    {
      call: 'ofType',
      params: { type: 'radius', filter: '{"q":"corp"}' },
      sent: [GET('/api/idm-config/connectors/radius?customerId=c1&filter=%7B%22q%22%3A%22corp%22%7D')],
    },
    { call: 'listTypes', params: {}, sent: [GET('/api/idm-config/connectors/list-type')] },
  ],
  'soft-token': [
    { call: 'getList', params: LIST, sent: [GET('/api/idm-vos/c1/soft-token?page=1&pageSize=5&q=x')] },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/idm-vos/c1/soft-token?page=0&pageSize=5&ownerId=o1')],
    },
    { call: 'create', params: CREATE, sent: [POST('/api/idm-vos/c1/soft-token', { name: 'New' })] },
  ],
  ldap: [
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/idm-ldap/ldap/c1/search?page=1&pageSize=5&sort=name&order=ASC&q=x')],
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/idm-ldap/ldap/c1/search?page=0&pageSize=5&sort=name&order=ASC&ownerId=o1')],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/idm-ldap/ldap/c1/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [GET('/api/idm-ldap/ldap/c1/r1'), GET('/api/idm-ldap/ldap/c1/r2')],
    },
    { call: 'create', params: CREATE, sent: [POST('/api/idm-ldap/ldap/c1', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/idm-ldap/ldap/c1/r1', { id: 'r1', name: 'Changed' })],
    },
    { call: 'delete', params: REMOVE, sent: [DELETE('/api/idm-ldap/ldap/r1?customerId=c1')] },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [DELETE('/api/idm-ldap/ldap/r1?customerId=c1'), DELETE('/api/idm-ldap/ldap/r2?customerId=c1')],
    },
    {
      call: 'testConnection',
      params: { data: { host: 'ldap.example.com' } },
      sent: [POST('/api/idm-ldap/ldap/c1/test-connection', { host: 'ldap.example.com' })],
    },
    { call: 'sync', params: { id: 'r1' }, sent: [POST('/api/idm-ldap/ldap/c1/r1/sync')] },
    { call: 'syncState', params: { id: 'r1' }, sent: [GET('/api/idm-ldap/ldap/c1/r1/sync')] },
  ],
  ldap_2fa: ldapCases('ldap_2fa'),
  'users/keycloak': [
    {
      call: 'getList',
      params: { ...LIST, filter: { connectorId: 'k1', q: 'x' } },
      sent: [GET('/api/idm-ldap/users/r-c1/users/connectors/k1?page=1&pageSize=5&sort=name&order=ASC&q=x')],
    },
    {
      call: 'getManyReference',
      params: { ...REF, target: 'connectorId', id: 'k1' },
      sent: [GET('/api/idm-ldap/users/r-c1/users/connectors/k1?page=0&pageSize=5&sort=name&order=ASC')],
    },
    {
      call: 'update',
      params: {
        id: 'u1',
        data: { id: 'u1', connectorId: 'k1', firstName: 'Ann' },
        previousData: { id: 'u1' },
      },
      sent: [
        PUT('/api/idm-ldap/users/r-c1/users/connectors/k1/users/u1', {
          id: 'u1',
          connectorId: 'k1',
          firstName: 'Ann',
        }),
      ],
    },
    {
      call: 'resetPassword',
      params: { id: 'u1', connectorId: 'k1', data: { password: 'Secret123' } },
      sent: [
        PUT('/api/idm-ldap/users/r-c1/users/connectors/k1/users/u1/reset-password', {
          password: 'Secret123',
        }),
      ],
    },
    {
      call: 'uploadCsv',
      params: {
        connectorId: 'k1',
        file: new File(['ann,ann@example.com'], 'users.csv', { type: 'text/csv' }),
      },
      sent: [
        MULTIPART('POST', '/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file', {
          file: filePart('users.csv', 'text/csv', 'ann,ann@example.com'),
        }),
      ],
    },
    {
      call: 'migrateAzure',
      params: { data: { connectorId: 'k1' } },
      sent: [POST('/api/idm-ldap/users/azure/migrate-all-users', { connectorId: 'k1' })],
    },
  ],
  users: [
    {
      call: 'getList',
      params: { ...LIST, filter: { status: 'ACTIVE' } },
      sent: [GET('/api/user-management/users/c1/search?page=1&pageSize=5&sort=name&order=ASC&status=ACTIVE')],
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/user-management/users/c1/search?page=0&pageSize=5&sort=name&order=ASC&ownerId=o1')],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/user-management/users/c1/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [GET('/api/user-management/users/c1/details?ids=r1,r2')],
      answer: { json: [] },
    },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/user-management/users/c1/r1', { id: 'r1', name: 'Changed' })],
    },
    {
      call: 'updateMany',
      params: { ids: ['r1', 'r2'], data: { status: 'INACTIVE' } },
      sent: [
        PUT('/api/user-management/users/c1/r1', { status: 'INACTIVE' }),
        PUT('/api/user-management/users/c1/r2', { status: 'INACTIVE' }),
      ],
    },
    {
      call: 'sendTsApin',
      params: { id: 'u1' },
      sent: [PUT('/api/user-management/users/send-ts-apin/u1?customerId=c1')],
    },
    {
      call: 'countActiveUsers',
      params: { subscriptionId: 'sub1' },
      sent: [GET('/api/user-management/users/c1/count-active-users?subscriptionId=sub1')],
    },
    {
      call: 'history',
      params: { tokenPackId: 'tp1', id: 'u1', page: 0, pageSize: 10, sort: 'date', order: 'DESC' },
      sent: [
        GET(
          '/api/user-management/users/tp1/history/u1?customerId=c1&page=0&pageSize=10&sort=date&order=DESC',
        ),
      ],
    },
    {
      call: 'deviceId',
      params: { tokenPackId: 'tp1', id: 'u1' },
      sent: [GET('/api/user-management/users/tp1/get-device-id/u1?customerId=c1')],
    },
    {
      call: 'resetFaceId',
      params: { userId: 'u1', tokenPackId: 'tp1' },
      sent: [
        DELETE('/api/user-management/users/reset-face-id', {
          userId: 'u1',
          tokenPackId: 'tp1',
          customerId: 'c1',
        }),
      ],
    },
  ],
  user: userListCases('user'),
  'user-details': userListCases('user-details'),
  deny_service_users: serviceUserCases('deny_service_users', 'manage_service_users'),
  seamless_service_users: serviceUserCases('seamless_service_users', 'manage_seamless_service_users'),
  subscription: [
    { call: 'getList', params: LIST, sent: [POST('/api/billing/subscription/c1/search', SEARCH)] },
    {
      call: 'getManyReference',
      params: REF,
      sent: [POST('/api/billing/subscription/c1/search', SEARCH_REF)],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/billing/subscription/r1/detail?customerId=c1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [
        GET('/api/billing/subscription/r1/detail?customerId=c1'),
        GET('/api/billing/subscription/r2/detail?customerId=c1'),
      ],
    },
    {
      call: 'update',
      params: {
        id: 'sub1',
        data: { customerId: 'c1', numberOfUsers: 20, subscriptionId: 'sub1' },
        previousData: { id: 'sub1' },
      },
      sent: [
        POST('/api/billing/subscription/c1/update', {
          customerId: 'c1',
          numberOfUsers: 20,
          subscriptionId: 'sub1',
        }),
      ],
    },
    {
      call: 'upgrade',
      params: { data: { numberOfUsers: 20, paymentPlanIds: ['t1', 'p1'], subscriptionId: 'sub1' } },
      sent: [
        POST('/api/billing/subscription/c1/upgrade', {
          numberOfUsers: 20,
          paymentPlanIds: ['t1', 'p1'],
          subscriptionId: 'sub1',
        }),
      ],
    },
    {
      call: 'extend',
      params: { data: { numberOfUsers: 20, removeUsers: [] } },
      sent: [POST('/api/billing/subscription/c1/extend', { numberOfUsers: 20, removeUsers: [] })],
    },
    {
      call: 'supportFeatures',
      params: {},
      sent: [GET('/api/billing/c1/check/support_features')],
    },
    {
      call: 'precheckPayment',
      params: { subscriptionId: 'sub1' },
      sent: [POST('/api/billing/subscription/c1/precheck_payment?subscriptionId=sub1')],
    },
    {
      call: 'calculate',
      params: { data: { customerId: 'c1', numberOfUsers: 20, paymentPlanIds: ['t1', 'p1'] } },
      sent: [
        POST('/api/billing/subscription/calculate', {
          customerId: 'c1',
          numberOfUsers: 20,
          paymentPlanIds: ['t1', 'p1'],
        }),
      ],
    },
    { call: 'cancel', params: { id: 'sub1' }, sent: [POST('/api/billing/subscription/sub1/cancel')] },
  ],
  order: [
    { call: 'getList', params: LIST, sent: [POST('/api/billing/order/c1/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/billing/order/c1/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [GET('/api/billing/order/c1/detail/r1')] },
    {
      call: 'create',
      params: {
        data: { customerId: 'c1', numberOfUsers: 10, paymentPlanIds: ['t1', 'p1'], tokenPackName: 'Pack' },
      },
      sent: [
        POST('/api/billing/order/c1/submit', {
          customerId: 'c1',
          numberOfUsers: 10,
          paymentPlanIds: ['t1', 'p1'],
          tokenPackName: 'Pack',
        }),
      ],
    },
    {
      call: 'cancel',
      params: { id: 'o1', notes: 'Cancelled by user' },
      sent: [
        POST('/api/billing/order/c1/cancel', { orderId: 'o1', customerId: 'c1', notes: 'Cancelled by user' }),
      ],
    },
    {
      call: 'approve',
      params: { data: { orderId: 'o1' } },
      sent: [POST('/api/billing/approve_payment', { orderId: 'o1' })],
    },
  ],
  payment_plan: [
    { call: 'getList', params: LIST, sent: [GET('/api/billing/payment_plan?q=x')], answer: { json: [] } },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/billing/payment_plan?ownerId=o1')],
      answer: { json: [] },
    },
    {
      call: 'higherPlan',
      params: { tierPlanId: 't1' },
      sent: [GET('/api/billing/payment_plan/higher_plan?tierPlanId=t1')],
    },
    {
      call: 'details',
      params: { ids: ['t1', 'p1'] },
      sent: [POST('/api/billing/payment_plan/details', { ids: ['t1', 'p1'] })],
    },
  ],
  period_plan: [
    {
      call: 'getList',
      params: { ...LIST, filter: { tierPlanId: 't1' } },
      sent: [GET('/api/billing/period_plan?tierPlanId=t1')],
      answer: { json: [] },
    },
    {
      call: 'getManyReference',
      params: { ...REF, target: 'tierPlanId', id: 't1' },
      sent: [GET('/api/billing/period_plan?tierPlanId=t1')],
      answer: { json: [] },
    },
  ],
  service_feature: [
    { call: 'getList', params: LIST, sent: [GET('/api/billing/service_feature?q=x')], answer: { json: [] } },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/billing/service_feature?ownerId=o1')],
      answer: { json: [] },
    },
  ],
  card: [
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/billing/c1/get-list-payment-sources?q=x')],
      answer: { json: [] },
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/billing/c1/get-list-payment-sources?ownerId=o1')],
      answer: { json: [] },
    },
    {
      call: 'create',
      params: { data: { stripeTokenId: 'tok_test_x' } },
      sent: [POST('/api/billing/c1/add-card', { stripeTokenId: 'tok_test_x' })],
      answer: { json: { id: 'card1' } },
    },
    { call: 'delete', params: { id: 'card1' }, sent: [DELETE('/api/billing/c1/delete-card/card1')] },
    { call: 'setDefault', params: { id: 'card1' }, sent: [PUT('/api/billing/c1/set-as-default-card/card1')] },
    {
      call: 'pay',
      params: { data: { orderId: 'o1', sourceId: 'card1' } },
      sent: [POST('/api/billing/c1/pay', { orderId: 'o1', sourceId: 'card1' })],
    },
    {
      call: 'payForOrder',
      params: { orderId: 'o1' },
      sent: [POST('/api/billing/c1/pay-for-order/o1')],
    },
    { call: 'provider', params: {}, sent: [GET('/api/billing/payment-provider')] },
  ],
  customer: [
    { call: 'getList', params: LIST, sent: [POST('/api/customer/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/customer/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [GET('/api/customer/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/customer/get-customers-detail', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/customer/create', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/customer/r1/update_profile', { id: 'r1', name: 'Changed' })],
    },
    {
      call: 'activate',
      params: MANY,
      sent: [POST('/api/customer/activate', { id: 'r1' }), POST('/api/customer/activate', { id: 'r2' })],
    },
    {
      call: 'deactivate',
      params: MANY,
      sent: [POST('/api/customer/deactivate', { id: 'r1' }), POST('/api/customer/deactivate', { id: 'r2' })],
    },
  ],
  account: [
    { call: 'getList', params: LIST, sent: [POST('/api/account/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/account/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [GET('/api/account/r1')] },
    { call: 'getMany', params: MANY, sent: [GET('/api/account/r1'), GET('/api/account/r2')] },
    {
      call: 'create',
      params: CREATE,
      sent: [POST('/api/account/create_account_organization', { name: 'New' })],
    },
    { call: 'update', params: UPDATE, sent: [PUT('/api/account/r1', { id: 'r1', name: 'Changed' })] },
    {
      call: 'activate',
      params: MANY,
      sent: [POST('/api/account/activate', { id: 'r1' }), POST('/api/account/activate', { id: 'r2' })],
    },
    {
      call: 'deactivate',
      params: MANY,
      sent: [POST('/api/account/deactivate', { id: 'r1' }), POST('/api/account/deactivate', { id: 'r2' })],
    },
    {
      call: 'changePassword',
      params: { data: { oldPassword: 'Initial1x', newPassword: 'Brand1new', confirmPassword: 'Brand1new' } },
      sent: [
        POST('/api/account/change-password', {
          oldPassword: 'Initial1x',
          newPassword: 'Brand1new',
          confirmPassword: 'Brand1new',
        }),
      ],
    },
    { call: 'loadAccountByToken', params: {}, sent: [POST('/api/account/load_account_by_token')] },
    {
      call: 'updateProfile',
      params: { data: { firstName: 'Ann', lastName: 'Lee', mobilePhone: '+1 555' } },
      sent: [PUT('/api/account/profile', { firstName: 'Ann', lastName: 'Lee', mobilePhone: '+1 555' })],
    },
    {
      call: 'configure2fa',
      params: { accountId: 'a1', data: { enabled: true } },
      sent: [POST('/api/account/a1/security/configure/2fa', { enabled: true })],
    },
    { call: 'get2faConfiguration', params: {}, sent: [GET('/api/account/security/configuration/2fa')] },
  ],
  role: [
    { call: 'getList', params: LIST, sent: [POST('/api/account/role/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/account/role/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [GET('/api/account/role/r1')] },
    { call: 'getMany', params: MANY, sent: [GET('/api/account/role/r1'), GET('/api/account/role/r2')] },
    { call: 'create', params: CREATE, sent: [POST('/api/account/role/create', { name: 'New' })] },
    { call: 'update', params: UPDATE, sent: [PUT('/api/account/role/r1', { id: 'r1', name: 'Changed' })] },
    { call: 'delete', params: REMOVE, sent: [DELETE('/api/account/role/r1')] },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [DELETE('/api/account/role/r1'), DELETE('/api/account/role/r2')],
    },
    {
      call: 'addAccount',
      params: { data: { roleId: 'r1', accountIds: ['a1'] } },
      sent: [POST('/api/account/role/add_account', { roleId: 'r1', accountIds: ['a1'] })],
    },
    {
      call: 'removeAccount',
      params: { data: { roleId: 'r1', accountIds: ['a1'] } },
      sent: [POST('/api/account/role/remove_account', { roleId: 'r1', accountIds: ['a1'] })],
    },
    { call: 'all', params: { scope: 'customer' }, sent: [GET('/api/account/role/all?scope=customer')] },
    {
      call: 'permissions',
      params: { roleIds: ['r1', 'r2'] },
      sent: [GET('/api/account/role/c1/permissions?roleIds=r1,r2')],
    },
  ],
  account_role: [
    { call: 'getList', params: LIST, sent: [GET('/api/account/account_role?page=1&pageSize=5&q=x')] },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/account/account_role?page=0&pageSize=5&ownerId=o1')],
    },
    {
      call: 'create',
      params: { data: { accountId: 'a1', roleId: 'r1' } },
      sent: [POST('/api/account/role/add_account', { accountId: 'a1', roleId: 'r1' })],
    },
    {
      call: 'delete',
      params: { id: 'ar1', previousData: { id: 'ar1', accountId: 'a1', roleId: 'r1' } },
      sent: [POST('/api/account/role/remove_account', { accountId: 'a1', roleId: 'r1' })],
    },
  ],
  asset: [
    { call: 'getList', params: LIST, sent: [POST('/api/account/asset/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/account/asset/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [GET('/api/account/asset/r1')] },
    { call: 'getMany', params: MANY, sent: [GET('/api/account/asset/r1'), GET('/api/account/asset/r2')] },
    { call: 'update', params: UPDATE, sent: [PUT('/api/account/asset/r1', { id: 'r1', name: 'Changed' })] },
    { call: 'getPermission', params: { assetId: 'as1' }, sent: [GET('/api/account/asset/as1/permission')] },
    {
      call: 'savePermission',
      params: { assetId: 'as1', rolePermissionDetails: [{ roleId: 'r1', actions: ['view'] }] },
      sent: [
        POST('/api/account/asset/as1/permission', {
          assetId: 'as1',
          rolePermissionDetails: [{ roleId: 'r1', actions: ['view'] }],
        }),
      ],
    },
    { call: 'resources', params: {}, sent: [GET('/api/account/resource/all')] },
    { call: 'actions', params: {}, sent: [GET('/api/account/action/all')] },
  ],
  theme: [
    { call: 'getList', params: LIST, sent: [POST('/api/whitelabelapp/theme/c1/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/whitelabelapp/theme/c1/search', SEARCH_REF)] },
    {
      call: 'getOne',
      params: ONE,
      sent: [POST('/api/whitelabelapp/theme/detail', { themeId: 'r1', customerId: 'c1' })],
    },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/whitelabelapp/theme/details', { ids: ['r1', 'r2'], customerId: 'c1' })],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/whitelabelapp/theme/create', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/whitelabelapp/theme/update', { id: 'r1', name: 'Changed' })],
    },
    {
      call: 'delete',
      params: REMOVE,
      sent: [DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r1', customerId: 'c1' })],
    },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [
        DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r1', customerId: 'c1' }),
        DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r2', customerId: 'c1' }),
      ],
    },
    { call: 'getDefault', params: {}, sent: [GET('/api/whitelabelapp/theme/default')] },
    {
      call: 'reject',
      params: { data: { id: 't1', reason: 'Logo too large' } },
      sent: [POST('/api/whitelabelapp/theme/reject', { id: 't1', reason: 'Logo too large' })],
    },
    {
      call: 'upload',
      params: { file: icon },
      sent: [
        MULTIPART('POST', '/api/whitelabelapp/files/upload?customerId=c1', {
          file: filePart('icon.png', 'image/png', 'png-bytes'),
        }),
      ],
    },
  ],
  'service-template': [
    { call: 'getList', params: LIST, sent: [POST('/api/service-mgmt/template/search', SEARCH)] },
    { call: 'getManyReference', params: REF, sent: [POST('/api/service-mgmt/template/search', SEARCH_REF)] },
    { call: 'getOne', params: ONE, sent: [POST('/api/service-mgmt/template/detail', { id: 'r1' })] },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/service-mgmt/template/details', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    {
      call: 'create',
      params: {
        data: {
          templateName: 'VPN',
          protocol: 'SAML',
          iconUrl: { rawFile: icon, src: 'blob:icon', title: 'icon.png' },
        },
      },
      sent: [
        MULTIPART('POST', '/api/service-mgmt/template/create', {
          json: jsonPart({ templateName: 'VPN', protocol: 'SAML' }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'update',
      params: {
        id: 'st1',
        data: { id: 'st1', templateName: 'VPN 2', iconFile: icon },
        previousData: { id: 'st1' },
      },
      sent: [
        MULTIPART('POST', '/api/service-mgmt/template/st1/update', {
          json: jsonPart({ id: 'st1', templateName: 'VPN 2' }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'publish',
      params: MANY,
      sent: [
        POST('/api/service-mgmt/template/publish', { id: 'r1' }),
        POST('/api/service-mgmt/template/publish', { id: 'r2' }),
      ],
    },
    {
      call: 'unpublish',
      params: { id: 'r1' },
      sent: [POST('/api/service-mgmt/template/unpublish', { id: 'r1' })],
    },
    { call: 'gallery', params: {}, sent: [GET('/api/service-mgmt/template')] },
  ],
  'service-launch': [
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/service-mgmt/service-launch/details?customerId=c1', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    {
      call: 'create',
      params: { data: { serviceTemplateId: 'st1', customerId: 'c1', name: 'VPN', force: 'false' } },
      sent: [
        POST('/api/service-mgmt/service-launch/create-service', {
          serviceTemplateId: 'st1',
          customerId: 'c1',
          name: 'VPN',
          force: 'false',
        }),
      ],
    },
    {
      call: 'validateCreate',
      params: { data: { serviceTemplateId: 'st1', name: 'VPN' } },
      sent: [
        POST('/api/service-mgmt/service-launch/validate-create-service', {
          serviceTemplateId: 'st1',
          name: 'VPN',
        }),
      ],
    },
    {
      call: 'validateUpdate',
      params: { data: { id: 'si1', name: 'VPN' } },
      sent: [POST('/api/service-mgmt/service-launch/validate-update', { id: 'si1', name: 'VPN' })],
    },
    {
      call: 'updateWizardStatus',
      params: { id: 'sl1', status: 'COMPLETED' },
      sent: [
        PUT('/api/service-mgmt/service-launch/update-wizard-status', {
          id: 'sl1',
          status: 'COMPLETED',
          customerId: 'c1',
        }),
      ],
    },
    {
      call: 'downloadInstallerProfile',
      params: { id: 'sl1' },
      sent: [GET('/api/service-mgmt/service-launch/download/sl1?customerId=c1')],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/service-mgmt/service-launch/c1/r1')] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/service-mgmt/service-launch/c1/r1', { id: 'r1', name: 'Changed' })],
    },
  ],
  'service-instance': [
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/service-mgmt/service-instance/c1/list?q=x')],
      answer: { json: [] },
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/service-mgmt/service-instance/c1/list?ownerId=o1')],
      answer: { json: [] },
    },
    {
      call: 'delete',
      params: REMOVE,
      sent: [DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r1' })],
    },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [
        DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r1' }),
        DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r2' }),
      ],
    },
    {
      call: 'start',
      params: { id: 'si1' },
      sent: [POST('/api/service-mgmt/service-instance/c1/start', { id: 'si1' })],
    },
    {
      call: 'stop',
      params: { id: 'si1' },
      sent: [POST('/api/service-mgmt/service-instance/c1/stop', { id: 'si1' })],
    },
    {
      call: 'unusedList',
      params: { tokenPackId: 'tp1' },
      sent: [GET('/api/service-mgmt/service-instance/c1/unused_list?tokenPackId=tp1')],
    },
  ],
  report: [
    { call: 'getOne', params: { id: 'customer' }, sent: [GET('/api/grafana/dashboards/uid/customer')] },
    {
      call: 'panel',
      params: { panel: 'sign-ins', from: '2026-11-18T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' },
      sent: [
        GET(
          '/api/grafana/api/datasources/proxy/c1/sign-ins?from=2026-11-18T00%3A00%3A00.000Z&to=2026-11-25T00%3A00%3A00.000Z',
        ),
      ],
    },
    {
      call: 'panel',
      params: { panel: 'orders', meta: { customerId: 'provider' } },
      sent: [GET('/api/grafana/api/datasources/proxy/provider/orders')],
    },
  ],
  audit: [
    {
      call: 'getList',
      params: {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'modifiedDate', order: 'DESC' },
        filter: { range: '2w', table: 'Account' },
      },
      sent: [
        GET('/api/audit/c1/search?page=1&pageSize=25&sort=modifiedDate&order=DESC&range=2w&table=Account'),
      ],
    },
    {
      call: 'getManyReference',
      params: { ...REF, sort: { field: 'modifiedDate', order: 'DESC' }, target: 'entityId', id: 'e1' },
      sent: [GET('/api/audit/c1/search?page=0&pageSize=5&sort=modifiedDate&order=DESC&entityId=e1')],
    },
    {
      call: 'getList',
      params: {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'modifiedDate', order: 'DESC' },
        filter: { range: '1m' },
        meta: { customerId: 'provider' },
      },
      sent: [GET('/api/audit/provider/search?page=0&pageSize=10&sort=modifiedDate&order=DESC&range=1m')],
    },
  ],
};

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
      ];
      const tested = CASES[resource as ResourceName].map((item) => item.call);
      expect(new Set(tested), resource).toEqual(new Set(supported));
    }
  });
});
