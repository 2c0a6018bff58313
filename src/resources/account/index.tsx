import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { account } from './texts';

/** Administrator accounts of the provider or of a customer (docs/requirements/portal-entities.md, docs/requirements/portal-states.md, docs/requirements/portal-validation.md Administrator account). */
export default defineFeature({
  ...named('account', AdminPanelSettingsIcon, account, 'email'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: [
    { menu: 'customer', order: 20, everyone: true, when: ({ customerSelected }) => customerSelected },
    { menu: 'provider', order: 30, when: ({ customerSelected }) => !customerSelected },
  ],
});
