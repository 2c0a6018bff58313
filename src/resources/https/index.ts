import HttpsIcon from '@mui/icons-material/Https';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const HttpsCreate = preloadable(() => import('./HttpsCreate').then((module) => module.HttpsCreate));
const HttpsEdit = preloadable(() => import('./HttpsEdit').then((module) => module.HttpsEdit));
const HttpsList = preloadable(() => import('./HttpsList').then((module) => module.HttpsList));
const HttpsShow = preloadable(() => import('./HttpsShow').then((module) => module.HttpsShow));

/** A customer's HTTPS connectors (spec 01 §2 connectors group, §3 HTTPS connector). */
export default {
  list: HttpsList,
  create: HttpsCreate,
  edit: HttpsEdit,
  show: HttpsShow,
  icon: HttpsIcon,
  recordRepresentation: 'name',
};
