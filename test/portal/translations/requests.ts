import { GET, PUT } from '../dataProviders/edge';
import { listParams, type Requests, refParams } from '../dataProviders/requestCases';

/** The requests of translations, as the server receives them (a key holds dots and may hold a slash). */
export default {
  translations: [
    {
      call: 'getList',
      params: listParams(2, 25, ['id', 'ASC'], { q: 'login', state: 'overridden' }),
      sent: [GET('/api/translations?page=1&pageSize=25&sort=id&order=ASC&q=login&state=overridden')],
    },
    {
      call: 'getManyReference',
      params: refParams('state', 'missing', ['id', 'ASC']),
      sent: [GET('/api/translations?page=0&pageSize=5&sort=id&order=ASC&state=missing')],
    },
    {
      call: 'getOne',
      params: { id: 'resources.users/keycloak.name' },
      sent: [GET('/api/translations/resources.users%2Fkeycloak.name')],
    },
    {
      call: 'update',
      params: {
        id: 'portal.login.title',
        data: { locale: 'vi', text: 'Đăng nhập' },
        previousData: { id: 'portal.login.title' },
      },
      sent: [PUT('/api/translations/portal.login.title', { locale: 'vi', text: 'Đăng nhập' })],
    },
    {
      call: 'exportOverrides',
      params: { locale: 'vi' },
      sent: [GET('/api/translations/export?locale=vi')],
    },
  ],
} satisfies Requests;
