import { DELETE, GET, POST, PUT } from '../dataProviders/edge';
import {
  getSearches,
  MANY,
  ONE,
  REMOVE,
  type Requests,
  serviceUserCases,
  UPDATE,
} from '../dataProviders/requestCases';

/** The requests of deny_service_users, seamless_service_users, service-launch, service-instance, as the server receives them. */
export default {
  deny_service_users: serviceUserCases('deny_service_users', 'manage_service_users'),
  seamless_service_users: serviceUserCases('seamless_service_users', 'manage_seamless_service_users'),
  'service-launch': [
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/service-mgmt/service-launch/details?customerId=c1', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    {
      call: 'create',
      params: { data: { serviceTemplateId: 'st1', customerId: 'c1', name: 'VPN', force: 'false' } },
      sent: [
        POST('/api/service-mgmt/service-launch/create-service', {
          serviceTemplateId: 'st1',
          customerId: 'c1',
          name: 'VPN',
          force: 'false',
        }),
      ],
    },
    {
      call: 'validateCreate',
      params: { data: { serviceTemplateId: 'st1', name: 'VPN' } },
      sent: [
        POST('/api/service-mgmt/service-launch/validate-create-service', {
          serviceTemplateId: 'st1',
          name: 'VPN',
        }),
      ],
    },
    {
      call: 'validateUpdate',
      params: { data: { id: 'si1', name: 'VPN' } },
      sent: [POST('/api/service-mgmt/service-launch/validate-update', { id: 'si1', name: 'VPN' })],
    },
    {
      call: 'updateWizardStatus',
      params: { id: 'sl1', status: 'COMPLETED' },
      sent: [
        PUT('/api/service-mgmt/service-launch/update-wizard-status', {
          id: 'sl1',
          status: 'COMPLETED',
          customerId: 'c1',
        }),
      ],
    },
    {
      call: 'downloadInstallerProfile',
      params: { id: 'sl1' },
      sent: [GET('/api/service-mgmt/service-launch/download/sl1?customerId=c1')],
    },
    { call: 'getOne', params: ONE, sent: [GET('/api/service-mgmt/service-launch/c1/r1')] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/service-mgmt/service-launch/c1/r1', { id: 'r1', name: 'Changed' })],
    },
  ],
  'service-instance': [
    ...getSearches('/api/service-mgmt/service-instance/c1/list', 'whole'),
    {
      call: 'delete',
      params: REMOVE,
      sent: [DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r1' })],
    },
    {
      call: 'deleteMany',
      params: MANY,
      sent: [
        DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r1' }),
        DELETE('/api/service-mgmt/service-instance/c1/delete', { id: 'r2' }),
      ],
    },
    {
      call: 'start',
      params: { id: 'si1' },
      sent: [POST('/api/service-mgmt/service-instance/c1/start', { id: 'si1' })],
    },
    {
      call: 'stop',
      params: { id: 'si1' },
      sent: [POST('/api/service-mgmt/service-instance/c1/stop', { id: 'si1' })],
    },
    {
      call: 'unusedList',
      params: { tokenPackId: 'tp1' },
      sent: [GET('/api/service-mgmt/service-instance/c1/unused_list?tokenPackId=tp1')],
    },
  ],
} satisfies Requests;
