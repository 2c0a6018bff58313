import { ASSET_LISTING, type AssetForm, type AssetRecord, asset } from '../../../contract/asset.ts';
import type { Kit } from '../../kit/kit.ts';
import { invalidField } from '../../validation.ts';
import {
  assetRows,
  permissionActionList,
  permissionMatrix,
  permissionResourceList,
  savePermissionMatrix,
  whoCan,
} from './assets.ts';

/**
 * Permission assets (contract/asset.ts), for operators: one per resource of the catalogue, with the actions
 * roles may be granted on it, and the matrix of the provider's roles × those actions. A saved matrix takes
 * effect on the next call of every account holding the roles (the guard reads permissions from the database).
 */
export function assetRoutes(kit: Kit): void {
  kit.crud<AssetRecord, AssetRecord, AssetForm, typeof asset>(asset, assetRows, {
    record: asset.getOne.schema.response[200],
    listingNames: ASSET_LISTING,
    update: {
      values: (_, before, form) => ({
        name: form.name.trim(),
        description: form.description?.trim() ?? before.description,
      }),
    },
  });

  kit.route(asset, 'getPermission', async (call) =>
    permissionMatrix(call.tx, await assetRows.find(call, call.params.assetId)),
  );

  // Whom the guard admits to each action: read through its own condition (auth/guard.ts grants).
  kit.route(asset, 'whoCan', async (call) =>
    whoCan(call.tx, await assetRows.find(call, call.params.assetId)),
  );

  kit.route(asset, 'savePermission', (call) => {
    if (call.body.assetId.toLowerCase() !== call.params.assetId.toLowerCase()) {
      throw invalidField('assetId', 'must be the asset of the path');
    }
    return savePermissionMatrix(call, call.params.assetId, call.body.rolePermissionDetails);
  });

  kit.route(asset, 'resources', (call) => permissionResourceList(call));

  kit.route(asset, 'actions', (call) => permissionActionList(call));
}
