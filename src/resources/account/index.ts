import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const AccountCreate = preloadable(() => import('./AccountCreate').then((module) => module.AccountCreate));
const AccountEdit = preloadable(() => import('./AccountEdit').then((module) => module.AccountEdit));
const AccountList = preloadable(() => import('./AccountList').then((module) => module.AccountList));
const AccountShow = preloadable(() => import('./AccountShow').then((module) => module.AccountShow));

/** Administrator accounts of the provider or of a customer (spec 01 §3, §4, §5 Administrator account). */
export default {
  list: AccountList,
  create: AccountCreate,
  edit: AccountEdit,
  show: AccountShow,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'email',
};
