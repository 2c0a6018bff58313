import RouterIcon from '@mui/icons-material/Router';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { radius } from './texts';

/** A customer's RADIUS connectors (spec 01 §2 connectors group, §3 RADIUS connector). */
export default defineFeature({
  name: 'radius',
  list: screen(() => import('./RadiusList'), 'RadiusList'),
  create: screen(() => import('./RadiusCreate'), 'RadiusCreate'),
  edit: screen(() => import('./RadiusEdit'), 'RadiusEdit'),
  show: screen(() => import('./RadiusShow'), 'RadiusShow'),
  icon: RouterIcon,
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 50, group: 'connectors' },
  texts: { en: radius },
});
