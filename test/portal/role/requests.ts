import { DELETE, GET, POST, PUT } from '../dataProviders/edge';
import {
  CREATE,
  getSearches,
  MANY,
  postSearchReads,
  REMOVE,
  type Requests,
  UPDATE,
} from '../dataProviders/requestCases';

/** The requests of role, account_role, as the server receives them. */
export default {
  role: [
    ...postSearchReads('/api/account/role'),
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
      call: 'effectivePermissions',
      params: { id: 'r1' },
      sent: [GET('/api/account/role/r1/effective-permissions')],
    },
    {
      call: 'permissions',
      params: { roleIds: ['r1', 'r2'] },
      sent: [GET('/api/account/role/c1/permissions?roleIds=r1,r2')],
    },
  ],
  account_role: [
    ...getSearches('/api/account/account_role', 'paged'),
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
} satisfies Requests;
