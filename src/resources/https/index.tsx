import HttpsIcon from '@mui/icons-material/Https';
import { defineFeature, screensOf } from '../../kit/feature';
import { https } from './texts';

/** A customer's HTTPS connectors (spec 01 §2 connectors group, §3 HTTPS connector). */
export default defineFeature({
  name: 'https',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: HttpsIcon,
  texts: { en: https },
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 54, group: 'connectors' },
});
