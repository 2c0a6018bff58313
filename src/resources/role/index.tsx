import SecurityIcon from '@mui/icons-material/Security';
import { defineFeature, screensOf } from '../../kit/feature';
import { role } from './texts';

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default defineFeature({
  name: 'role',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: SecurityIcon,
  texts: { en: role },
  recordRepresentation: 'displayName',
  menu: { menu: 'provider', order: 50 },
});
