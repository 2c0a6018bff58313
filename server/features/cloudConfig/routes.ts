import {
  CLOUD_CONFIG_LISTING,
  type CloudConfigChanges,
  cloudConfig,
  type NewCloudConfig,
} from '../../../contract/cloudConfig.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  activateCloudConfig,
  activationConflict,
  type CloudConfigRow,
  cloudConfigChanges,
  cloudConfigRows,
  toCloudConfigRecord,
} from './cloudConfigs.ts';

/**
 * Cloud authentication server settings (contract/cloudConfig.ts), for operators: listed, read, created
 * (INACTIVE), changed, and activated (the one ACTIVE setting; the others are deactivated). Every write has
 * its audit entry ('CloudConfig').
 */
export function cloudConfigRoutes(kit: Kit): void {
  kit.crud<CloudConfigRow, unknown, NewCloudConfig & CloudConfigChanges, typeof cloudConfig>(
    cloudConfig,
    cloudConfigRows,
    {
      record: cloudConfig.getOne.schema.response[200],
      listingNames: CLOUD_CONFIG_LISTING,
      create: {
        values: (_, form) => ({ ...form, companyId: form.companyId.trim(), status: 'INACTIVE' }),
        answer: (_, __, record) => record,
      },
      update: { values: (_, __, form) => cloudConfigChanges(form) },
    },
  );

  kit.route(cloudConfig, 'activate', { translate: activationConflict }, async (call) =>
    toCloudConfigRecord(await activateCloudConfig(call, call.params.id)),
  );
}
