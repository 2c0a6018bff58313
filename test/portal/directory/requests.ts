import { DELETE, filePart, GET, MULTIPART, POST, PUT } from '../dataProviders/edge';
import {
  creates,
  getReads,
  getSearches,
  ldapCases,
  nestedSearches,
  ONE,
  type Requests,
  removals,
  sends,
  testsConnection,
  updates,
  updatesTo,
} from '../dataProviders/requestCases';

/** The requests of ldap, ldap_2fa, as the server receives them. */
export default {
  ldap: [
    ...getSearches('/api/idm-ldap/ldap/c1/search'),
    ...getReads('/api/idm-ldap/ldap/c1'),
    creates('/api/idm-ldap/ldap/c1'),
    updates('/api/idm-ldap/ldap/c1/r1'),
    ...removals((id) => DELETE(`/api/idm-ldap/ldap/${id}?customerId=c1`)),
    testsConnection('/api/idm-ldap/ldap/c1/test-connection'),
    sends('sync', ONE, POST('/api/idm-ldap/ldap/c1/r1/sync')),
    sends('syncState', ONE, GET('/api/idm-ldap/ldap/c1/r1/sync')),
  ],
  ldap_2fa: ldapCases('ldap_2fa'),
  'users/keycloak': [
    ...nestedSearches('/api/idm-ldap/users/r-c1/users/connectors/k1', 'connectorId', 'k1'),
    updatesTo('/api/idm-ldap/users/r-c1/users/connectors/k1/users/u1', {
      id: 'u1',
      connectorId: 'k1',
      firstName: 'Ann',
    }),
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
        dryRun: 'true',
        mapping: '{"username":0,"email":1}',
      },
      sent: [
        MULTIPART(
          'POST',
          '/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file?dryRun=true&mapping=%7B%22username%22%3A0%2C%22email%22%3A1%7D',
          { file: filePart('users.csv', 'text/csv', 'ann,ann@example.com') },
        ),
      ],
    },
    sends(
      'runningCsvImport',
      { connectorId: 'k1' },
      GET('/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file/jobs/running'),
    ),
    sends(
      'csvImportJob',
      { connectorId: 'k1', jobId: 'j1' },
      GET('/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file/jobs/j1'),
    ),
    sends(
      'cancelCsvImport',
      { connectorId: 'k1', jobId: 'j1' },
      POST('/api/idm-ldap/users/r-c1/users/connectors/k1/upload-csv-file/jobs/j1/cancel'),
    ),
    sends(
      'migrateAzure',
      { data: { connectorId: 'k1' } },
      POST('/api/idm-ldap/users/azure/migrate-all-users', { connectorId: 'k1' }),
    ),
  ],
} satisfies Requests;
