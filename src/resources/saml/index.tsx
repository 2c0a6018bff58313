import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { saml } from './texts';

/** A customer's Office 365 SAML connectors (docs/requirements/portal-entities.md SAML connector; docs/requirements/billing-services-data-calls.md federate-script). */
export default defineFeature({
  ...named('saml', CloudSyncIcon, saml),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 52, group: 'connectors' },
});
