import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const SamlCreate = preloadable(() => import('./SamlCreate').then((module) => module.SamlCreate));
const SamlEdit = preloadable(() => import('./SamlEdit').then((module) => module.SamlEdit));
const SamlList = preloadable(() => import('./SamlList').then((module) => module.SamlList));
const SamlShow = preloadable(() => import('./SamlShow').then((module) => module.SamlShow));

/** A customer's Office 365 SAML connectors (spec 01 §3 SAML connector; spec 02 §7 federate-script). */
export default {
  list: SamlList,
  create: SamlCreate,
  edit: SamlEdit,
  show: SamlShow,
  icon: CloudSyncIcon,
  recordRepresentation: 'name',
};
