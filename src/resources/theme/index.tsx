import PaletteIcon from '@mui/icons-material/Palette';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { theme } from './texts';

/** A customer's themes and their editor (docs/requirements/portal-routes-and-menus.md Theme editor, docs/requirements/portal-entities.md Theme; docs/requirements/billing-services-entities.md Theme, docs/requirements/billing-services-states.md). */
export default defineFeature({
  ...named('theme', PaletteIcon, theme),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 80, when: ({ features }) => features.theme === true },
});
