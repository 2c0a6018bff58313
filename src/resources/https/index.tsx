import HttpsIcon from '@mui/icons-material/Https';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { https } from './texts';

/** A customer's HTTPS connectors (docs/requirements/portal-routes-and-menus.md connectors group, docs/requirements/portal-entities.md HTTPS connector). */
export default defineFeature({
  ...named('https', HttpsIcon, https),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 54, group: 'connectors' },
});
