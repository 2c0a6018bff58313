import SecurityIcon from '@mui/icons-material/Security';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { role } from './texts';

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default defineFeature({
  name: 'role',
  list: screen(() => import('./RoleList'), 'RoleList'),
  create: screen(() => import('./RoleCreate'), 'RoleCreate'),
  edit: screen(() => import('./RoleEdit'), 'RoleEdit'),
  show: screen(() => import('./RoleShow'), 'RoleShow'),
  icon: SecurityIcon,
  recordRepresentation: 'displayName',
  menu: { menu: 'provider', order: 50 },
  texts: { en: role },
});
