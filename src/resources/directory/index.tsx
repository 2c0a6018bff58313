import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { directory, directoryUser } from './texts';

/**
 * A customer's directories (docs/requirements/portal-routes-and-menus.md customer menu /directory, docs/requirements/portal-entities.md Directory, docs/requirements/portal-validation.md LDAP test), and their users as the
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
