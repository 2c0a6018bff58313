import { GET, POST, PUT } from '../dataProviders/edge';
import { postSearchReads, type Requests, UPDATE } from '../dataProviders/requestCases';

/** The requests of asset, as the server receives them. */
export default {
  asset: [
    ...postSearchReads('/api/account/asset'),
    { call: 'update', params: UPDATE, sent: [PUT('/api/account/asset/r1', { id: 'r1', name: 'Changed' })] },
    { call: 'getPermission', params: { assetId: 'as1' }, sent: [GET('/api/account/asset/as1/permission')] },
    { call: 'whoCan', params: { assetId: 'as1' }, sent: [GET('/api/account/asset/as1/who-can')] },
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
