import StyleIcon from '@mui/icons-material/Style';
import { defineFeature, screensOf } from '../../kit/feature';
import { tokenPack, trustedNetwork } from './texts';

/**
 * Token packs (spec 01 §2 /token-pack-v2: list, create, edit and show with the tabs Info and Trusted Networks),
 * and their trusted networks (`white-list-ips`).
 */
export default defineFeature(
  {
    name: 'token-pack-v2',
    ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
    icon: StyleIcon,
    texts: { en: tokenPack },
    recordRepresentation: 'name',
    menu: { menu: 'customer', order: 70 },
  },
  {
    name: 'white-list-ips',
    texts: { en: trustedNetwork },
  },
);
