import PaletteIcon from '@mui/icons-material/Palette';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const ThemeCreate = preloadable(() => import('./ThemeCreate').then((module) => module.ThemeCreate));
const ThemeEdit = preloadable(() => import('./ThemeEdit').then((module) => module.ThemeEdit));
const ThemeList = preloadable(() => import('./ThemeList').then((module) => module.ThemeList));
const ThemeShow = preloadable(() => import('./ThemeShow').then((module) => module.ThemeShow));

/** A customer's themes and their editor (spec 01 §2 Theme editor, §3 Theme; spec 02 §3 Theme, §4). */
export default {
  list: ThemeList,
  create: ThemeCreate,
  edit: ThemeEdit,
  show: ThemeShow,
  icon: PaletteIcon,
  recordRepresentation: 'name',
};
