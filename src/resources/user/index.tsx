import PeopleIcon from '@mui/icons-material/People';
import { defineFeature, screensOf } from '../../kit/feature';
import { user } from './texts';

/** A customer's users (spec 01 §2 /user, §3 User; spec 02 §7 Users): they come from directories. */
export default defineFeature({
  name: 'users',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: PeopleIcon,
  texts: { en: user },
  recordRepresentation: 'username',
  menu: { menu: 'customer', order: 90 },
});
