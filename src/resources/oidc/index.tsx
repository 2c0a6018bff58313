import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { oidc } from './texts';

/** A customer's OpenID Connect clients (spec 01 §2 connectors group, §3 OIDC client). */
export default defineFeature({
  ...named('oidc', VpnKeyIcon, oidc, 'clientName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 53, group: 'connectors' },
});
