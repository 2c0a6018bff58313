import { GET, POST, PUT } from '../dataProviders/edge';
import { CREATE, LIST, MANY, ONE, REF, type Requests, UPDATE } from '../dataProviders/requestCases';

/** The requests of vos-cloud-config, as the server receives them. */
export default {
  'vos-cloud-config': [
    {
      call: 'getList',
      params: LIST,
      sent: [GET('/api/idm-config/vos-cloud-config?sort=["name","ASC"]&range=[5,9]&filter={"q":"x"}')],
      answer: { json: [], headers: { 'Content-Range': 'items 5-9/42' } },
    },
    {
      call: 'getManyReference',
      params: REF,
      sent: [GET('/api/idm-config/vos-cloud-config?sort=["name","ASC"]&range=[0,4]&filter={"ownerId":"o1"}')],
      answer: { json: [], headers: { 'Content-Range': 'items 0-4/0' } },
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/idm-config/vos-cloud-config/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [GET('/api/idm-config/vos-cloud-config?filter={"id":["r1","r2"]}')],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/idm-config/vos-cloud-config', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/idm-config/vos-cloud-config/r1', { id: 'r1', name: 'Changed' })],
    },
    { call: 'activate', params: { id: 'r1' }, sent: [POST('/api/idm-config/vos-cloud-config/active/r1')] },
    {
      call: 'oidcSigningKeys',
      params: {},
      sent: [GET('/api/idm-config/vos-cloud-config/oidc-signing-keys')],
    },
    {
      call: 'rotateOidcSigningKey',
      params: {},
      sent: [POST('/api/idm-config/vos-cloud-config/oidc-signing-keys/rotate')],
    },
  ],
} satisfies Requests;
