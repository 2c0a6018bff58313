import { GET, POST, PUT } from '../dataProviders/edge';
import { CREATE, MANY, postSearchReads, type Requests, UPDATE } from '../dataProviders/requestCases';

/** The requests of account, as the server receives them. */
export default {
  account: [
    ...postSearchReads('/api/account'),
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
} satisfies Requests;
