import PaletteIcon from '@mui/icons-material/Palette';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { theme } from './texts';

/** A customer's themes and their editor (spec 01 §2 Theme editor, §3 Theme; spec 02 §3 Theme, §4). */
export default defineFeature({
  name: 'theme',
  list: screen(() => import('./ThemeList'), 'ThemeList'),
  create: screen(() => import('./ThemeCreate'), 'ThemeCreate'),
  edit: screen(() => import('./ThemeEdit'), 'ThemeEdit'),
  show: screen(() => import('./ThemeShow'), 'ThemeShow'),
  icon: PaletteIcon,
  recordRepresentation: 'name',
  menu: { menu: 'customer', order: 80, when: ({ features }) => features.theme === true },
  texts: { en: theme },
});
