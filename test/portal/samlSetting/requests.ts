import { GET, PUT } from '../dataProviders/edge';
import type { Requests } from '../dataProviders/requestCases';

/** The requests of saml-settings, as the server receives them. */
export default {
  'saml-settings': [
    { call: 'getOne', params: { id: 'saml' }, sent: [GET('/api/idm-config/saml-setting')] },
    {
      call: 'update',
      params: { id: 'saml', data: { entityId: 'portal' }, previousData: { id: 'saml' } },
      sent: [PUT('/api/idm-config/saml-setting', { entityId: 'portal' })],
    },
  ],
} satisfies Requests;
