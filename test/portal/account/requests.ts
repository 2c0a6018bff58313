import { GET, POST, PUT } from '../dataProviders/edge';
import {
  creates,
  eachOfMany,
  postSearchReads,
  type Requests,
  sends,
  updates,
} from '../dataProviders/requestCases';

/** The requests of account, as the server receives them. */
export default {
  account: [
    ...postSearchReads('/api/account'),
    creates('/api/account/create_account_organization'),
    updates('/api/account/r1'),
    eachOfMany('activate', (id) => POST('/api/account/activate', { id })),
    eachOfMany('deactivate', (id) => POST('/api/account/deactivate', { id })),
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
    sends('loadAccountByToken', {}, POST('/api/account/load_account_by_token')),
    sends('effectivePermissions', { id: 'a1' }, GET('/api/account/a1/effective-permissions')),
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
    sends('get2faConfiguration', {}, GET('/api/account/security/configuration/2fa')),
    sends('getProfile', {}, GET('/api/account/profile')),
  ],
} satisfies Requests;
