import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { saml2 } from './texts';

/** A customer's SAML 2.0 connectors (docs/requirements/portal-routes-and-menus.md connectors group, docs/requirements/portal-entities.md SAML2 connector). */
export default defineFeature({
  ...named('saml2', AccountTreeIcon, saml2, 'providerName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 51, group: 'connectors' },
});
