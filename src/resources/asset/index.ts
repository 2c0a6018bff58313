import DnsIcon from '@mui/icons-material/Dns';
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { AssetEdit } from './AssetEdit';
import { AssetList } from './AssetList';
import { AssetPermissionPage } from './AssetPermissionPage';
import { AssetShow } from './AssetShow';
import type { Asset } from './model';

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
