import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { account } from './texts';

/** Administrator accounts of the provider or of a customer (spec 01 §3, §4, §5 Administrator account). */
export default defineFeature({
  name: 'account',
  list: screen(() => import('./AccountList'), 'AccountList'),
  create: screen(() => import('./AccountCreate'), 'AccountCreate'),
  edit: screen(() => import('./AccountEdit'), 'AccountEdit'),
  show: screen(() => import('./AccountShow'), 'AccountShow'),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'email',
  menu: [
    { menu: 'customer', order: 20, everyone: true, when: ({ customerSelected }) => customerSelected },
    { menu: 'provider', order: 30, when: ({ customerSelected }) => !customerSelected },
  ],
  texts: { en: account },
});
