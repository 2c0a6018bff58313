import { DELETE, GET, POST, PUT } from '../dataProviders/edge';
import { bulkCases, listParams, type Requests, refParams } from '../dataProviders/requestCases';

/** The requests of activation-code, as the server receives them. */
export default {
  'activation-code': [
    {
      call: 'getList',
      params: listParams(2, 25, ['username', 'ASC'], {
        tokenPackId: 'tp1',
        q: 'ann',
        status: 'NEW',
        emailExist: true,
      }),
      sent: [
        GET(
          '/api/idm-config/v2/reactive/activation-code/c1/search?page=1&pageSize=25&sort=username&order=ASC&tokenPackId=tp1&q=ann&status=NEW&emailExist=true',
        ),
      ],
    },
    {
      call: 'getManyReference',
      params: refParams('tokenPackId', 'tp1', ['expireDate', 'DESC']),
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
      call: 'summary',
      params: { tokenPackId: 'tp1' },
      sent: [GET('/api/idm-config/v2/reactive/activation-code/c1/summary/tp1')],
    },
    {
      call: 'reissueExpired',
      params: { tokenPackId: 'tp1' },
      sent: [POST('/api/idm-config/v2/reactive/activation-code/c1/re-issue-expired/tp1')],
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
    ...bulkCases('/api/idm-config/v2/reactive/activation-code/c1/search', 'regenerate', {
      tokenPackId: 'tp1',
      status: 'EXPIRED',
    }),
  ],
} satisfies Requests;
