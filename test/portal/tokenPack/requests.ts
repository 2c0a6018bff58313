import { DELETE, GET, jsonPart, MULTIPART, POST, PUT } from '../dataProviders/edge';
import {
  CREATE,
  getSearches,
  ICON,
  icon,
  LIST,
  MANY,
  ONE,
  REF,
  REMOVE,
  type Requests,
  TP,
} from '../dataProviders/requestCases';

/** The requests of token-pack, token-pack-v2, white-list-ips, soft-token, as the server receives them. */
export default {
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
    ...getSearches(`${TP}/c1/search`),
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
  'soft-token': [
    ...getSearches('/api/idm-vos/c1/soft-token', 'paged'),
    { call: 'create', params: CREATE, sent: [POST('/api/idm-vos/c1/soft-token', { name: 'New' })] },
  ],
} satisfies Requests;
