import RouterIcon from '@mui/icons-material/Router';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const RadiusCreate = preloadable(() => import('./RadiusCreate').then((module) => module.RadiusCreate));
const RadiusEdit = preloadable(() => import('./RadiusEdit').then((module) => module.RadiusEdit));
const RadiusList = preloadable(() => import('./RadiusList').then((module) => module.RadiusList));
const RadiusShow = preloadable(() => import('./RadiusShow').then((module) => module.RadiusShow));

/** A customer's RADIUS connectors (spec 01 §2 connectors group, §3 RADIUS connector). */
export default {
  list: RadiusList,
  create: RadiusCreate,
  edit: RadiusEdit,
  show: RadiusShow,
  icon: RouterIcon,
  recordRepresentation: 'name',
};
