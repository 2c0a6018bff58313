import DnsIcon from '@mui/icons-material/Dns';
import { Route } from 'react-router-dom';
import { defineFeature, named, screen, screensOf } from '../../kit/feature';
import type { Asset } from './model';
import { asset } from './texts';

// Its own routes' screens load with their page too (see preloadable).
const AssetPermissionPage = screen(() => import('./AssetPermissionPage'), 'AssetPermissionPage');

/** Permission assets, and the roles × actions matrix of each at /asset/{assetId}/permission (docs/requirements/roles-and-permissions.md). */
export default defineFeature({
  ...named('asset', DnsIcon, asset, (record: Asset) => record.name),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  routes: <Route path=":assetId/permission" element={<AssetPermissionPage />} />,
  menu: { menu: 'provider', order: 40 },
});
