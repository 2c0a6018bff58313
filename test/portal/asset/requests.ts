import { GET, POST, PUT } from '../dataProviders/edge';
import {
  LIST,
  MANY,
  ONE,
  REF,
  type Requests,
  SEARCH,
  SEARCH_REF,
  UPDATE,
} from '../dataProviders/requestCases';

/** The requests of asset, as the server receives them. */
export default {
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
} satisfies Requests;
