import RouterIcon from '@mui/icons-material/Router';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { radius } from './texts';

/** A customer's RADIUS connectors (docs/requirements/portal-routes-and-menus.md connectors group, docs/requirements/portal-entities.md RADIUS connector). */
export default defineFeature({
  ...named('radius', RouterIcon, radius),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 50, group: 'connectors' },
});
