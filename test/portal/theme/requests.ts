import { DELETE, filePart, GET, MULTIPART, POST } from '../dataProviders/edge';
import {
  creates,
  icon,
  manyInOnePost,
  ONE,
  postSearches,
  type Requests,
  removals,
  sends,
  updates,
} from '../dataProviders/requestCases';

/** The requests of theme, as the server receives them. */
export default {
  theme: [
    ...postSearches('/api/whitelabelapp/theme/c1'),
    sends('getOne', ONE, POST('/api/whitelabelapp/theme/detail', { themeId: 'r1', customerId: 'c1' })),
    manyInOnePost('/api/whitelabelapp/theme/details', { customerId: 'c1' }),
    creates('/api/whitelabelapp/theme/create'),
    updates('/api/whitelabelapp/theme/update'),
    ...removals((themeId) => DELETE('/api/whitelabelapp/theme/delete', { themeId, customerId: 'c1' })),
    sends('getDefault', {}, GET('/api/whitelabelapp/theme/default')),
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
