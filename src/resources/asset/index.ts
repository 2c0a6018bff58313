import DnsIcon from '@mui/icons-material/Dns';
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { preloadable } from '../../kit/preloadable';
import type { Asset } from './model';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const AssetEdit = preloadable(() => import('./AssetEdit').then((module) => module.AssetEdit));
const AssetList = preloadable(() => import('./AssetList').then((module) => module.AssetList));
const AssetPermissionPage = preloadable(() =>
  import('./AssetPermissionPage').then((module) => module.AssetPermissionPage),
);
const AssetShow = preloadable(() => import('./AssetShow').then((module) => module.AssetShow));

/** Permission assets, and the roles × actions matrix of each at /asset/{assetId}/permission (spec 01 §6). */
export default {
  list: AssetList,
  edit: AssetEdit,
  show: AssetShow,
  icon: DnsIcon,
  recordRepresentation: (record: Asset) => record.name,
  // A route of the resource, drawn in the signed-in layout; it ranks above the edit route `:id/*`.
  children: createElement(Route, {
    path: ':assetId/permission',
    element: createElement(AssetPermissionPage),
  }),
};
