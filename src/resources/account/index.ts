import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';

// Each screen loads when it is first opened.
const AccountCreate = lazy(() =>
  import('./AccountCreate').then((module) => ({ default: module.AccountCreate })),
);
const AccountEdit = lazy(() => import('./AccountEdit').then((module) => ({ default: module.AccountEdit })));
const AccountList = lazy(() => import('./AccountList').then((module) => ({ default: module.AccountList })));
const AccountShow = lazy(() => import('./AccountShow').then((module) => ({ default: module.AccountShow })));

/** Administrator accounts of the provider or of a customer (spec 01 §3, §4, §5 Administrator account). */
export default {
  list: AccountList,
  create: AccountCreate,
  edit: AccountEdit,
  show: AccountShow,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'email',
};
