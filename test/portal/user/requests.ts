import { DELETE, GET, PUT } from '../dataProviders/edge';
import {
  bulkCases,
  LIST,
  MANY,
  ONE,
  REF,
  type Requests,
  sends,
  updates,
  userListCases,
} from '../dataProviders/requestCases';

/** The requests of users, user, user-details, as the server receives them. */
export default {
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
    sends('getOne', ONE, GET('/api/user-management/users/c1/r1')),
    ...bulkCases('/api/user-management/users/c1/search', 'deactivate', { status: 'ACTIVE', q: 'ann' }),
    {
      ...sends('getMany', MANY, GET('/api/user-management/users/c1/details?ids=r1,r2')),
      answer: { json: [] },
    },
    updates('/api/user-management/users/c1/r1'),
    {
      call: 'updateMany',
      params: { ids: ['r1', 'r2'], data: { status: 'INACTIVE' } },
      sent: [
        PUT('/api/user-management/users/c1/r1', { status: 'INACTIVE' }),
        PUT('/api/user-management/users/c1/r2', { status: 'INACTIVE' }),
      ],
    },
    sends('sendTsApin', { id: 'u1' }, PUT('/api/user-management/users/send-ts-apin/u1?customerId=c1')),
    sends('planCoverage', {}, GET('/api/user-management/users/c1/plan-coverage')),
    sends(
      'countActiveUsers',
      { subscriptionId: 'sub1' },
      GET('/api/user-management/users/c1/count-active-users?subscriptionId=sub1'),
    ),
    {
      call: 'history',
      params: { tokenPackId: 'tp1', id: 'u1', page: 0, pageSize: 10, sort: 'date', order: 'DESC' },
      sent: [
        GET(
          '/api/user-management/users/tp1/history/u1?customerId=c1&page=0&pageSize=10&sort=date&order=DESC',
        ),
      ],
    },
    sends('gatewaySignIns', { id: 'u1' }, GET('/api/user-management/users/c1/u1/gateway-sign-ins')),
    sends(
      'deviceId',
      { tokenPackId: 'tp1', id: 'u1' },
      GET('/api/user-management/users/tp1/get-device-id/u1?customerId=c1'),
    ),
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
} satisfies Requests;
