import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const Saml2Create = preloadable(() => import('./Saml2Create').then((module) => module.Saml2Create));
const Saml2Edit = preloadable(() => import('./Saml2Edit').then((module) => module.Saml2Edit));
const Saml2List = preloadable(() => import('./Saml2List').then((module) => module.Saml2List));
const Saml2Show = preloadable(() => import('./Saml2Show').then((module) => module.Saml2Show));

/** A customer's SAML 2.0 connectors (spec 01 §2 connectors group, §3 SAML2 connector). */
export default {
  list: Saml2List,
  create: Saml2Create,
  edit: Saml2Edit,
  show: Saml2Show,
  icon: AccountTreeIcon,
  recordRepresentation: 'providerName',
};
