import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const LdapCreate = preloadable(() => import('./LdapCreate').then((module) => module.LdapCreate));
const LdapEdit = preloadable(() => import('./LdapEdit').then((module) => module.LdapEdit));
const LdapList = preloadable(() => import('./LdapList').then((module) => module.LdapList));
const LdapShow = preloadable(() => import('./LdapShow').then((module) => module.LdapShow));

/** A customer's directories (spec 01 §2 customer menu /ldap, §3 Directory, §5 LDAP test). */
export default {
  list: LdapList,
  create: LdapCreate,
  edit: LdapEdit,
  show: LdapShow,
  icon: FolderSharedIcon,
  recordRepresentation: 'name',
};
