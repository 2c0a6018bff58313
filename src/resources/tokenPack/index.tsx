import StyleIcon from '@mui/icons-material/Style';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { tokenPack, trustedNetwork } from './texts';

/**
 * Token packs (docs/requirements/portal-routes-and-menus.md /token-pack-v2: list, create, edit and show with the tabs Info and Trusted Networks),
 * and their trusted networks (`white-list-ips`).
 */
export default defineFeature(
  {
    ...named('token-pack-v2', StyleIcon, tokenPack),
    ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
    menu: { menu: 'customer', order: 70 },
  },
  named('white-list-ips', undefined, trustedNetwork),
);
