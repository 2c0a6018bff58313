import PaletteIcon from '@mui/icons-material/Palette';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { theme } from './texts';

/** A customer's themes and their editor (spec 01 §2 Theme editor, §3 Theme; spec 02 §3 Theme, §4). */
export default defineFeature({
  ...named('theme', PaletteIcon, theme),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 80, when: ({ features }) => features.theme === true },
});
