import SecurityIcon from '@mui/icons-material/Security';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { role } from './texts';

/** Roles and the accounts holding them (docs/requirements/portal-routes-and-menus.md roles tabs, docs/requirements/portal-entities.md Role, docs/requirements/portal-validation.md Role name unique, docs/requirements/roles-and-permissions.md). */
export default defineFeature({
  ...named('role', SecurityIcon, role, 'displayName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 50 },
});
