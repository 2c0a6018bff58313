import { DELETE, filePart, GET, MULTIPART, POST, PUT } from '../dataProviders/edge';
import {
  CREATE,
  getSearches,
  LIST,
  ldapCases,
  MANY,
  ONE,
  REF,
  REMOVE,
  type Requests,
  UPDATE,
} from '../dataProviders/requestCases';

/** The requests of ldap, ldap_2fa, as the server receives them. */
export default {
  ldap: [
    ...getSearches('/api/idm-ldap/ldap/c1/search'),
    { call: 'getOne', params: ONE, sent: [GET('/api/idm-ldap/ldap/c1/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [GET('/api/idm-ldap/ldap/c1/r1'), GET('/api/idm-ldap/ldap/c1/r2')],
    },
    { call: 'create', params: CREATE, sent: [POST('/api/idm-ldap/ldap/c1', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/idm-ldap/ldap/c1/r1', { id: 'r1', name: 'Changed' })],
    },
    { call: 'delete', params: REMOVE, sent: [DELETE('/api/idm-ldap/ldap/r1?customerId=c1')] },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [DELETE('/api/idm-ldap/ldap/r1?customerId=c1'), DELETE('/api/idm-ldap/ldap/r2?customerId=c1')],
    },
    {
      call: 'testConnection',
      params: { data: { host: 'ldap.example.com' } },
      sent: [POST('/api/idm-ldap/ldap/c1/test-connection', { host: 'ldap.example.com' })],
    },
    { call: 'sync', params: { id: 'r1' }, sent: [POST('/api/idm-ldap/ldap/c1/r1/sync')] },
    { call: 'syncState', params: { id: 'r1' }, sent: [GET('/api/idm-ldap/ldap/c1/r1/sync')] },
  ],
  ldap_2fa: ldapCases('ldap_2fa'),
  'users/keycloak': [
    {
      call: 'getList',
      params: { ...LIST, filter: { connectorId: 'k1', q: 'x' } },
      sent: [GET('/api/idm-ldap/users/r-c1/users/connectors/k1?page=1&pageSize=5&sort=name&order=ASC&q=x')],
    },
    {
      call: 'getManyReference',
      params: { ...REF, target: 'connectorId', id: 'k1' },
      sent: [GET('/api/idm-ldap/users/r-c1/users/connectors/k1?page=0&pageSize=5&sort=name&order=ASC')],
    },
    {
      call: 'update',
      params: {
        id: 'u1',
        data: { id: 'u1', connectorId: 'k1', firstName: 'Ann' },
        previousData: { id: 'u1' },
      },
      sent: [
        PUT('/api/idm-ldap/users/r-c1/users/connectors/k1/users/u1', {
          id: 'u1',
          connectorId: 'k1',
          firstName: 'Ann',
        }),
      ],
    },
    {
      call: 'resetPassword',
      params: { id: 'u1', connectorId: 'k1', data: { password: 'Secret123' } },
      sent: [
        PUT('/api/idm-ldap/users/r-c1/users/connectors/k1/users/u1/reset-password', {
          password: 'Secret123',
        }),
      ],
    },
    {
      call: 'uploadCsv',
      params: {
        connectorId: 'k1',
        file: new File(['ann,ann@example.com'], 'users.csv', { type: 'text/csv' }),
      },
      sent: [
        MULTIPART('POST', '/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file', {
          file: filePart('users.csv', 'text/csv', 'ann,ann@example.com'),
        }),
      ],
    },
    {
      call: 'migrateAzure',
      params: { data: { connectorId: 'k1' } },
      sent: [POST('/api/idm-ldap/users/azure/migrate-all-users', { connectorId: 'k1' })],
    },
  ],
} satisfies Requests;
