import RouterIcon from '@mui/icons-material/Router';
import { defineFeature, screensOf } from '../../kit/feature';
import { radius } from './texts';

/** A customer's RADIUS connectors (spec 01 §2 connectors group, §3 RADIUS connector). */
export default defineFeature({
  name: 'radius',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: RouterIcon,
  texts: { en: radius },
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 50, group: 'connectors' },
});
