import SecurityIcon from '@mui/icons-material/Security';
import { lazy } from 'react';

// Each screen loads when it is first opened.
const RoleCreate = lazy(() => import('./RoleCreate').then((module) => ({ default: module.RoleCreate })));
const RoleEdit = lazy(() => import('./RoleEdit').then((module) => ({ default: module.RoleEdit })));
const RoleList = lazy(() => import('./RoleList').then((module) => ({ default: module.RoleList })));
const RoleShow = lazy(() => import('./RoleShow').then((module) => ({ default: module.RoleShow })));

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: SecurityIcon,
  recordRepresentation: 'displayName',
};
