import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { directory, directoryUser } from './texts';

/**
 * A customer's directories (spec 01 §2 customer menu /directory, §3 Directory, §5 LDAP test), and their users as the
 * directory screens read and change them (`users/keycloak`).
 */
export default defineFeature(
  {
    ...named('ldap', FolderSharedIcon, directory),
    ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
    menu: { menu: 'customer', order: 30, when: ({ customerScope }) => customerScope },
  },
  named('users/keycloak', undefined, directoryUser),
);
