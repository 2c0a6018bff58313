import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { saml2 } from './texts';

/** A customer's SAML 2.0 connectors (spec 01 §2 connectors group, §3 SAML2 connector). */
export default defineFeature({
  name: 'saml2',
  list: screen(() => import('./Saml2List'), 'Saml2List'),
  create: screen(() => import('./Saml2Create'), 'Saml2Create'),
  edit: screen(() => import('./Saml2Edit'), 'Saml2Edit'),
  show: screen(() => import('./Saml2Show'), 'Saml2Show'),
  icon: AccountTreeIcon,
  recordRepresentation: 'providerName',
  menu: { menu: 'customer', order: 51, group: 'connectors' },
  texts: { en: saml2 },
});
