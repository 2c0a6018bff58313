import StyleIcon from '@mui/icons-material/Style';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { tokenPack, trustedNetwork } from './texts';

/**
 * Token packs (spec 01 §2 /token-pack-v2: list, create, edit and show with the tabs Info and Trusted Networks),
 * and their trusted networks (`white-list-ips`).
 */
export default defineFeature(
  {
    name: 'token-pack-v2',
    list: screen(() => import('./TokenPackList'), 'TokenPackList'),
    create: screen(() => import('./TokenPackCreate'), 'TokenPackCreate'),
    edit: screen(() => import('./TokenPackEdit'), 'TokenPackEdit'),
    show: screen(() => import('./TokenPackShow'), 'TokenPackShow'),
    icon: StyleIcon,
    recordRepresentation: 'name',
    menu: { menu: 'customer', order: 70 },
    texts: { en: tokenPack },
  },
  {
    name: 'white-list-ips',
    texts: { en: trustedNetwork },
  },
);
