import PeopleIcon from '@mui/icons-material/People';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { user } from './texts';

/** A customer's users (spec 01 §2 /user, §3 User; spec 02 §7 Users): they come from directories. */
export default defineFeature({
  name: 'users',
  list: screen(() => import('./UserList'), 'UserList'),
  edit: screen(() => import('./UserEdit'), 'UserEdit'),
  show: screen(() => import('./UserShow'), 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'username',
  menu: { menu: 'customer', order: 90 },
  texts: { en: user },
});
