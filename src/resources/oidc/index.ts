import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const OidcCreate = preloadable(() => import('./OidcCreate').then((module) => module.OidcCreate));
const OidcEdit = preloadable(() => import('./OidcEdit').then((module) => module.OidcEdit));
const OidcList = preloadable(() => import('./OidcList').then((module) => module.OidcList));
const OidcShow = preloadable(() => import('./OidcShow').then((module) => module.OidcShow));

/** A customer's OpenID Connect clients (spec 01 §2 connectors group, §3 OIDC client). */
export default {
  list: OidcList,
  create: OidcCreate,
  edit: OidcEdit,
  show: OidcShow,
  icon: VpnKeyIcon,
  recordRepresentation: 'clientName',
};
