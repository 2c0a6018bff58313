import PeopleIcon from '@mui/icons-material/People';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { user } from './texts';

/** A customer's users (spec 01 §2 /user, §3 User; spec 02 §7 Users): they come from directories. */
export default defineFeature({
  ...named('users', PeopleIcon, user, 'username'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 90 },
});
