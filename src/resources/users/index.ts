import PeopleIcon from '@mui/icons-material/People';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const UserEdit = preloadable(() => import('./UserEdit').then((module) => module.UserEdit));
const UserList = preloadable(() => import('./UserList').then((module) => module.UserList));
const UserShow = preloadable(() => import('./UserShow').then((module) => module.UserShow));

/** A customer's users (spec 01 §2 /users, §3 User; spec 02 §7 Users): they come from directories. */
export default {
  list: UserList,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
