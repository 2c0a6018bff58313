import { GET, jsonPart, MULTIPART, POST } from '../dataProviders/edge';
import { ICON, icon, MANY, ONE, postSearches, type Requests } from '../dataProviders/requestCases';

/** The requests of service-template, as the server receives them. */
export default {
  'service-template': [
    ...postSearches('/api/service-mgmt/template'),
    { call: 'getOne', params: ONE, sent: [POST('/api/service-mgmt/template/detail', { id: 'r1' })] },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/service-mgmt/template/details', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    {
      call: 'create',
      params: {
        data: {
          templateName: 'VPN',
          protocol: 'SAML',
          iconUrl: { rawFile: icon, src: 'blob:icon', title: 'icon.png' },
        },
      },
      sent: [
        MULTIPART('POST', '/api/service-mgmt/template/create', {
          json: jsonPart({ templateName: 'VPN', protocol: 'SAML' }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'update',
      params: {
        id: 'st1',
        data: { id: 'st1', templateName: 'VPN 2', iconFile: icon },
        previousData: { id: 'st1' },
      },
      sent: [
        MULTIPART('POST', '/api/service-mgmt/template/st1/update', {
          json: jsonPart({ id: 'st1', templateName: 'VPN 2' }),
          iconFile: ICON,
        }),
      ],
    },
    {
      call: 'publish',
      params: MANY,
      sent: [
        POST('/api/service-mgmt/template/publish', { id: 'r1' }),
        POST('/api/service-mgmt/template/publish', { id: 'r2' }),
      ],
    },
    {
      call: 'unpublish',
      params: { id: 'r1' },
      sent: [POST('/api/service-mgmt/template/unpublish', { id: 'r1' })],
    },
    { call: 'gallery', params: {}, sent: [GET('/api/service-mgmt/template')] },
  ],
} satisfies Requests;
