import type { Identifier } from 'react-admin';

/** A permission asset: a resource type and the actions roles may hold on it (spec 01 §3, §6). */
export interface Asset {
  id: Identifier;
  name: string;
  description: string;
  resourceType: string;
  actions: string[];
  /** Which roles may hold it: a customer-scope role cannot hold a provider-only resource. */
  scope: AssetScope;
}

export const ASSET_SCOPES = ['provider', 'customer', 'both'] as const;
export type AssetScope = (typeof ASSET_SCOPES)[number];

export const scopeChoices = ASSET_SCOPES.map((id) => ({ id, name: `resources.asset.scopes.${id}` }));

/** The portal's limits of the editable fields (the spec shows none). */
export const ASSET_LIMITS = { name: 200, description: 1000 } as const;

/** The asset's permission page, /asset/{assetId}/permission. */
export const permissionPath = (assetId: Identifier) =>
  `/asset/${encodeURIComponent(String(assetId))}/permission`;
