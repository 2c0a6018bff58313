import DnsIcon from '@mui/icons-material/Dns';
import { createElement, lazy } from 'react';
import { Route } from 'react-router-dom';
import type { Asset } from './model';

// Each screen loads when it is first opened.
const AssetEdit = lazy(() => import('./AssetEdit').then((module) => ({ default: module.AssetEdit })));
const AssetList = lazy(() => import('./AssetList').then((module) => ({ default: module.AssetList })));
const AssetPermissionPage = lazy(() =>
  import('./AssetPermissionPage').then((module) => ({ default: module.AssetPermissionPage })),
);
const AssetShow = lazy(() => import('./AssetShow').then((module) => ({ default: module.AssetShow })));

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
