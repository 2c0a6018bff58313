import { DELETE, filePart, GET, MULTIPART, POST, PUT } from '../dataProviders/edge';
import {
  CREATE,
  icon,
  MANY,
  ONE,
  postSearches,
  REMOVE,
  type Requests,
  UPDATE,
} from '../dataProviders/requestCases';

/** The requests of theme, as the server receives them. */
export default {
  theme: [
    ...postSearches('/api/whitelabelapp/theme/c1'),
    {
      call: 'getOne',
      params: ONE,
      sent: [POST('/api/whitelabelapp/theme/detail', { themeId: 'r1', customerId: 'c1' })],
    },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/whitelabelapp/theme/details', { ids: ['r1', 'r2'], customerId: 'c1' })],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/whitelabelapp/theme/create', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/whitelabelapp/theme/update', { id: 'r1', name: 'Changed' })],
    },
    {
      call: 'delete',
      params: REMOVE,
      sent: [DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r1', customerId: 'c1' })],
    },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [
        DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r1', customerId: 'c1' }),
        DELETE('/api/whitelabelapp/theme/delete', { themeId: 'r2', customerId: 'c1' }),
      ],
    },
    { call: 'getDefault', params: {}, sent: [GET('/api/whitelabelapp/theme/default')] },
    {
      call: 'reject',
      params: { data: { id: 't1', reason: 'Logo too large' } },
      sent: [POST('/api/whitelabelapp/theme/reject', { id: 't1', reason: 'Logo too large' })],
    },
    {
      call: 'upload',
      params: { file: icon },
      sent: [
        MULTIPART('POST', '/api/whitelabelapp/files/upload?customerId=c1', {
          file: filePart('icon.png', 'image/png', 'png-bytes'),
        }),
      ],
    },
  ],
} satisfies Requests;
