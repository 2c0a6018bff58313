import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { defineFeature, screensOf } from '../../kit/feature';
import { saml2 } from './texts';

/** A customer's SAML 2.0 connectors (spec 01 §2 connectors group, §3 SAML2 connector). */
export default defineFeature({
  name: 'saml2',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: AccountTreeIcon,
  texts: { en: saml2 },
  recordRepresentation: 'providerName',
  menu: { menu: 'customer', order: 51, group: 'connectors' },
});
