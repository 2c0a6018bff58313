import SecurityIcon from '@mui/icons-material/Security';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const RoleCreate = preloadable(() => import('./RoleCreate').then((module) => module.RoleCreate));
const RoleEdit = preloadable(() => import('./RoleEdit').then((module) => module.RoleEdit));
const RoleList = preloadable(() => import('./RoleList').then((module) => module.RoleList));
const RoleShow = preloadable(() => import('./RoleShow').then((module) => module.RoleShow));

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: SecurityIcon,
  recordRepresentation: 'displayName',
};
