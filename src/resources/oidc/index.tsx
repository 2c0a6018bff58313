import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { oidc } from './texts';

/** A customer's OpenID Connect clients (spec 01 §2 connectors group, §3 OIDC client). */
export default defineFeature({
  name: 'oidc',
  list: screen(() => import('./OidcList'), 'OidcList'),
  create: screen(() => import('./OidcCreate'), 'OidcCreate'),
  edit: screen(() => import('./OidcEdit'), 'OidcEdit'),
  show: screen(() => import('./OidcShow'), 'OidcShow'),
  icon: VpnKeyIcon,
  recordRepresentation: 'clientName',
  menu: { menu: 'customer', order: 53, group: 'connectors' },
  texts: { en: oidc },
});
