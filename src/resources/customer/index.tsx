import BusinessIcon from '@mui/icons-material/Business';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { customer } from './texts';

/** The provider's customers (spec 01 §2 provider menu, §3 Customer, §4 Customer and account). */
export default defineFeature({
  name: 'customer',
  list: screen(() => import('./CustomerList'), 'CustomerList'),
  create: screen(() => import('./CustomerCreate'), 'CustomerCreate'),
  edit: screen(() => import('./CustomerEdit'), 'CustomerEdit'),
  show: screen(() => import('./CustomerShow'), 'CustomerShow'),
  icon: BusinessIcon,
  recordRepresentation: 'companyName',
  menu: { menu: 'provider', order: 10 },
  texts: { en: customer },
});
