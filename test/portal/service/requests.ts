import { DELETE, GET, POST, PUT } from '../dataProviders/edge';
import {
  getSearches,
  manyInOnePost,
  ONE,
  type Requests,
  removals,
  sends,
  serviceUserCases,
  updates,
} from '../dataProviders/requestCases';

/** The requests of deny_service_users, seamless_service_users, service-launch, service-instance, as the server receives them. */
export default {
  deny_service_users: serviceUserCases('deny_service_users', 'manage_service_users'),
  seamless_service_users: serviceUserCases('seamless_service_users', 'manage_seamless_service_users'),
  'service-launch': [
    manyInOnePost('/api/service-mgmt/service-launch/details?customerId=c1'),
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
    sends(
      'downloadInstallerProfile',
      { id: 'sl1' },
      GET('/api/service-mgmt/service-launch/download/sl1?customerId=c1'),
    ),
    sends('getOne', ONE, GET('/api/service-mgmt/service-launch/c1/r1')),
    updates('/api/service-mgmt/service-launch/c1/r1'),
  ],
  'service-instance': [
    ...getSearches('/api/service-mgmt/service-instance/c1/list', 'whole'),
    ...removals((id) => DELETE('/api/service-mgmt/service-instance/c1/delete', { id })),
    sends('start', { id: 'si1' }, POST('/api/service-mgmt/service-instance/c1/start', { id: 'si1' })),
    sends('stop', { id: 'si1' }, POST('/api/service-mgmt/service-instance/c1/stop', { id: 'si1' })),
    sends(
      'unusedList',
      { tokenPackId: 'tp1' },
      GET('/api/service-mgmt/service-instance/c1/unused_list?tokenPackId=tp1'),
    ),
  ],
} satisfies Requests;
