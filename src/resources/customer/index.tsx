import BusinessIcon from '@mui/icons-material/Business';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { customer } from './texts';

/** The provider's customers (docs/requirements/portal-routes-and-menus.md provider menu, docs/requirements/portal-entities.md Customer, docs/requirements/portal-states.md Customer and account). */
export default defineFeature({
  ...named('customer', BusinessIcon, customer, 'companyName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 10 },
});
