import StyleIcon from '@mui/icons-material/Style';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const TokenPackCreate = preloadable(() =>
  import('./TokenPackCreate').then((module) => module.TokenPackCreate),
);
const TokenPackEdit = preloadable(() => import('./TokenPackEdit').then((module) => module.TokenPackEdit));
const TokenPackList = preloadable(() => import('./TokenPackList').then((module) => module.TokenPackList));
const TokenPackShow = preloadable(() => import('./TokenPackShow').then((module) => module.TokenPackShow));

/** Token packs (spec 01 §2 /token-pack-v2: list, create, edit and show with the tabs Info and Trusted Networks). */
export default {
  list: TokenPackList,
  create: TokenPackCreate,
  edit: TokenPackEdit,
  show: TokenPackShow,
  icon: StyleIcon,
  recordRepresentation: 'name',
};
