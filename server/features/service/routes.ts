import { Type } from 'typebox';
import {
  denyServiceUsers,
  INSTALLER_PROFILE,
  SERVICE_USER_LISTS,
  seamlessServiceUsers,
  serviceInstance,
  serviceLaunch,
} from '../../../contract/service.ts';
import { UserRecord } from '../../../contract/user.ts';
import type { WriteScope } from '../../kit/call.ts';
import type { Services } from '../../kit/feature.ts';
import type { Kit } from '../../kit/kit.ts';
import { invalidField } from '../../validation.ts';
import { samlDefaults } from '../connector/make.ts';
import type { MakeScope } from './connectors.ts';
import { installerProfile } from './installer.ts';
import {
  advanceWizard,
  deleteService,
  listServices,
  ServiceListQuery,
  type ServiceRow,
  serviceRows,
  setServiceStatus,
  unusedServices,
} from './instances.ts';
import { changeService, launchService, validateLaunch, validateServiceChanges } from './launch.ts';
import { manageServiceUsers, SERVICE_USER_ROWS, serviceUserListing } from './userLists.ts';

/**
 * Service launch, service instances and their user lists (contract/service.ts): launching a service from a
 * published template into a token pack with its connectors (existing ones, or ones made from a name), its
 * edit with the same rules, start, stop and delete, the token pack's setup wizard, the installer profile,
 * and the 2FA bypass and seamless login lists. Every call acts in one customer: another customer's ids are
 * 404s, as unknown ones.
 */

/** What a launch or a change makes connectors with: the call, its sealer, and the SAML defaults on demand. */
const makeScope = (call: WriteScope & { customer: string; services: Services }): MakeScope => ({
  ...call,
  sealer: call.services.sealer,
  samlDefaults: () => samlDefaults(call.tx, call.services.sealer, call.services.config, call.origin),
});

export function serviceRoutes(kit: Kit): void {
  const { translate } = serviceRows.spec;

  // ——— service-launch ———

  kit.crud<ServiceRow, unknown, unknown, typeof serviceLaunch>(serviceLaunch, serviceRows, {
    record: serviceLaunch.getOne.schema.response[200],
    only: ['getOne', 'getMany'],
  });

  kit.route(serviceLaunch, 'validateCreate', (call) => validateLaunch(call, call.body));

  kit.route(serviceLaunch, 'create', { translate }, async (call) => {
    const answer = await launchService(makeScope(call), call.body);
    call.reply.code(201);
    return answer;
  });

  kit.route(serviceLaunch, 'validateUpdate', (call) => validateServiceChanges(call, call.body));

  kit.route(serviceLaunch, 'update', { translate }, async (call) =>
    serviceRows.record(call, await changeService(makeScope(call), call.params.id, call.body)),
  );

  kit.route(serviceLaunch, 'updateWizardStatus', (call) =>
    advanceWizard(call, call.body.id, call.body.status),
  );

  kit.route(serviceLaunch, 'downloadInstallerProfile', async (call) => {
    const service = await serviceRows.find(call, call.params.id);
    const profile = await installerProfile(call.tx, service, {
      productName: call.services.config.productName,
      serverUrl: call.origin,
    });
    return call.reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${INSTALLER_PROFILE.fileName}"`)
      .send(profile);
  });

  // ——— service-instance ———

  kit.route(
    serviceInstance,
    'list',
    {
      schema: {
        querystring: ServiceListQuery,
        response: { 200: Type.Array(serviceLaunch.getOne.schema.response[200]) },
      },
    },
    (call) => listServices(call, call.query as Record<string, unknown>),
  );

  kit.route(serviceInstance, 'start', (call) => setServiceStatus(call, call.body.id, 'STARTED'));
  kit.route(serviceInstance, 'stop', (call) => setServiceStatus(call, call.body.id, 'STOPPED'));
  kit.route(serviceInstance, 'delete', (call) => deleteService(call, call.body.id));
  kit.route(serviceInstance, 'unusedList', (call) => unusedServices(call, call.query.tokenPackId));

  // ——— the 2FA bypass and seamless login lists ———

  for (const resource of [denyServiceUsers, seamlessServiceUsers]) {
    const list = SERVICE_USER_LISTS[resource.name];
    const rows = SERVICE_USER_ROWS[list];

    kit.list(resource, 'list', {
      listing: serviceUserListing(list),
      record: UserRecord,
      find: async (call, ask) => {
        if (ask.filters.serviceId === undefined) throw invalidField('serviceId', 'is required');
        await serviceRows.find(call, ask.filters.serviceId);
        return rows.list(call, ask);
      },
    });

    kit.route(resource, 'manage', async (call) => {
      const service = await serviceRows.find(call, call.body.serviceId, { forUpdate: true });
      const total = await manageServiceUsers(call, service, list, call.body);
      return { serviceId: service.id, total };
    });
  }
}
