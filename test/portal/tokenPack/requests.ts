import { DELETE, GET, jsonPart, MULTIPART, POST, PUT } from '../dataProviders/edge';
import {
  creates,
  getReads,
  getSearches,
  ICON,
  icon,
  LIST,
  nestedSearches,
  ONE,
  REF,
  type Requests,
  removals,
  sends,
  TP,
  updatesTo,
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
    sends('getOne', ONE, GET(`${TP}/c1/r1`)),
    sends(
      'getByWizardStatus',
      { wizardStatus: 'NEW' },
      GET('/api/idm-config/token-pack/c1/get-by-wizard-status/NEW'),
    ),
  ],
  'token-pack-v2': [
    ...getSearches(`${TP}/c1/search`),
    ...getReads(`${TP}/c1`),
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
    ...removals((id) => DELETE(`${TP}/${id}?customerId=c1`)),
    sends('generate', { id: 'tp1' }, PUT(`${TP}/generate/c1/tp1`)),
    sends(
      'getBySubscription',
      { subscriptionId: 'sub1' },
      GET(`${TP}/get-by-subscription/sub1?customerId=c1`),
    ),
    sends('getByServiceId', { serviceId: 's1' }, GET(`${TP}/get-tokenpack-by-service-id/s1?customerId=c1`)),
    sends('image', { id: 'tp1', kind: 'icon' }, GET(`${TP}/tp1/image/icon`)),
  ],
  'white-list-ips': [
    ...nestedSearches('/api/idm-config/white-list-ips/c1/tp1/search', 'tokenPackId', 'tp1'),
    {
      call: 'create',
      params: { data: { ip: '10.0.0.1' }, meta: { tokenPackId: 'tp1' } },
      sent: [POST('/api/idm-config/white-list-ips/c1/tp1', { ip: '10.0.0.1' })],
    },
    updatesTo('/api/idm-config/white-list-ips/c1/tp1/w1', { id: 'w1', ip: '10.0.0.2', tokenPackId: 'tp1' }),
    {
      call: 'deleteMany',
      params: { ids: ['w1', 'w2'], meta: { tokenPackId: 'tp1' } },
      sent: [DELETE('/api/idm-config/white-list-ips/c1/tp1/delete-many', { ids: ['w1', 'w2'] })],
    },
  ],
  'soft-token': [
    ...getSearches('/api/idm-vos/c1/soft-token', 'paged'),
    creates('/api/idm-vos/c1/soft-token'),
  ],
} satisfies Requests;
