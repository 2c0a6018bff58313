import SecurityIcon from '@mui/icons-material/Security';
import { RoleCreate } from './RoleCreate';
import { RoleEdit } from './RoleEdit';
import { RoleList } from './RoleList';
import { RoleShow } from './RoleShow';

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
  icon: SecurityIcon,
  recordRepresentation: 'displayName',
};
