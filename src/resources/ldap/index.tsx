import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { directoryUser, ldap } from './texts';

/**
 * A customer's directories (spec 01 §2 customer menu /ldap, §3 Directory, §5 LDAP test), and their users as the
 * directory screens read and change them (`users/keycloak`).
 */
export default defineFeature(
  {
    name: 'ldap',
    list: screen(() => import('./LdapList'), 'LdapList'),
    create: screen(() => import('./LdapCreate'), 'LdapCreate'),
    edit: screen(() => import('./LdapEdit'), 'LdapEdit'),
    show: screen(() => import('./LdapShow'), 'LdapShow'),
    icon: FolderSharedIcon,
    recordRepresentation: 'name',
    menu: { menu: 'customer', order: 30, when: ({ customerScope }) => customerScope },
    texts: { en: ldap },
  },
  {
    name: 'users/keycloak',
    texts: { en: directoryUser },
  },
);
