import { DELETE, GET, jsonPart, MULTIPART, POST } from '../dataProviders/edge';
import {
  bulkCases,
  ICON,
  icon,
  listParams,
  ONE,
  postSearches,
  type Requests,
  refParams,
} from '../dataProviders/requestCases';

/** The requests of otp-config, otp, as the server receives them. */
export default {
  'otp-config': [
    ...postSearches('/api/idm-config/otp-config/c1'),
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
  otp: [
    {
      call: 'getList',
      params: listParams(2, 25, ['username', 'ASC'], { serviceId: 's1', username: 'ann' }),
      sent: [
        GET(
          '/api/idm-config/reactive/otp?pageNumber=1&pageSize=25&sort=username&order=ASC&serviceId=s1&username=ann&customerId=c1',
        ),
      ],
    },
    {
      call: 'getManyReference',
      params: refParams('serviceId', 's1', ['generatedDate', 'DESC']),
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
    ...bulkCases(
      '/api/idm-config/reactive/otp',
      'sendMail',
      { serviceId: 's1', username: 'ann' },
      '?customerId=c1',
    ),
  ],
} satisfies Requests;
