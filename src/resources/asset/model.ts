import type { Identifier } from 'react-admin';
import { ASSET_LIMITS, ASSET_SCOPES, type AssetScope } from '../../../contract/asset';

export { ASSET_LIMITS, ASSET_SCOPES, type AssetScope };

/** A permission asset: a resource type and the actions roles may hold on it (docs/requirements/portal-entities.md, docs/requirements/roles-and-permissions.md). */
export interface Asset {
  id: Identifier;
  name: string;
  description: string;
  resourceType: string;
  actions: string[];
  /** Which roles may hold it: a customer-scope role cannot hold a provider-only resource. */
  scope: AssetScope;
}

export const scopeChoices = ASSET_SCOPES.map((id) => ({ id, name: `resources.asset.scopes.${id}` }));

/** The asset's permission page, /asset/{assetId}/permission. */
export const permissionPath = (assetId: Identifier) =>
  `/asset/${encodeURIComponent(String(assetId))}/permission`;
