import { GET, jsonPart, MULTIPART, POST } from '../dataProviders/edge';
import {
  eachOfMany,
  ICON,
  icon,
  manyInOnePost,
  ONE,
  postSearches,
  type Requests,
  sends,
} from '../dataProviders/requestCases';

/** The requests of service-template, as the server receives them. */
export default {
  'service-template': [
    ...postSearches('/api/service-mgmt/template'),
    sends('getOne', ONE, POST('/api/service-mgmt/template/detail', { id: 'r1' })),
    manyInOnePost('/api/service-mgmt/template/details'),
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
    eachOfMany('publish', (id) => POST('/api/service-mgmt/template/publish', { id })),
    sends('unpublish', ONE, POST('/api/service-mgmt/template/unpublish', { id: 'r1' })),
    sends('gallery', {}, GET('/api/service-mgmt/template')),
  ],
} satisfies Requests;
