import HttpsIcon from '@mui/icons-material/Https';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { https } from './texts';

/** A customer's HTTPS connectors (spec 01 §2 connectors group, §3 HTTPS connector). */
export default defineFeature({
  name: 'https',
  list: screen(() => import('./HttpsList'), 'HttpsList'),
  create: screen(() => import('./HttpsCreate'), 'HttpsCreate'),
  edit: screen(() => import('./HttpsEdit'), 'HttpsEdit'),
  show: screen(() => import('./HttpsShow'), 'HttpsShow'),
  icon: HttpsIcon,
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 54, group: 'connectors' },
  texts: { en: https },
});
