import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { saml } from './texts';

/** A customer's Office 365 SAML connectors (spec 01 §3 SAML connector; spec 02 §7 federate-script). */
export default defineFeature({
  name: 'saml',
  list: screen(() => import('./SamlList'), 'SamlList'),
  create: screen(() => import('./SamlCreate'), 'SamlCreate'),
  edit: screen(() => import('./SamlEdit'), 'SamlEdit'),
  show: screen(() => import('./SamlShow'), 'SamlShow'),
  icon: CloudSyncIcon,
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 52, group: 'connectors' },
  texts: { en: saml },
});
