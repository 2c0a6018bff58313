import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { oidc } from './texts';

/** A customer's OpenID Connect clients (docs/requirements/portal-routes-and-menus.md connectors group, docs/requirements/portal-entities.md OIDC client). */
export default defineFeature({
  ...named('oidc', VpnKeyIcon, oidc, 'clientName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 53, group: 'connectors' },
});
