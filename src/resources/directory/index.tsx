import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { directory, directoryUser } from './texts';

/**
 * A customer's directories (spec 01 §2 customer menu /directory, §3 Directory, §5 LDAP test), and their users as the
 * directory screens read and change them (`users/keycloak`).
 */
export default defineFeature(
  {
    name: 'ldap',
    list: screen(() => import('./DirectoryList'), 'DirectoryList'),
    create: screen(() => import('./DirectoryCreate'), 'DirectoryCreate'),
    edit: screen(() => import('./DirectoryEdit'), 'DirectoryEdit'),
    show: screen(() => import('./DirectoryShow'), 'DirectoryShow'),
    icon: FolderSharedIcon,
    recordRepresentation: 'name',
    menu: { menu: 'customer', order: 30, when: ({ customerScope }) => customerScope },
    texts: { en: directory },
  },
  {
    name: 'users/keycloak',
    texts: { en: directoryUser },
  },
);
