import SecurityIcon from '@mui/icons-material/Security';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { role } from './texts';

/** Roles and the accounts holding them (spec 01 §2 roles tabs, §3 Role, §5 Role name unique, §6). */
export default defineFeature({
  ...named('role', SecurityIcon, role, 'displayName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 50 },
});
