import RouterIcon from '@mui/icons-material/Router';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { radius } from './texts';

/** A customer's RADIUS connectors (spec 01 §2 connectors group, §3 RADIUS connector). */
export default defineFeature({
  ...named('radius', RouterIcon, radius),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 50, group: 'connectors' },
});
