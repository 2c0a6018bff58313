import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { defineFeature, screensOf } from '../../kit/feature';
import { saml } from './texts';

/** A customer's Office 365 SAML connectors (spec 01 §3 SAML connector; spec 02 §7 federate-script). */
export default defineFeature({
  name: 'saml',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: CloudSyncIcon,
  texts: { en: saml },
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 52, group: 'connectors' },
});
