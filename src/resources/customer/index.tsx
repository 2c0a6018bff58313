import BusinessIcon from '@mui/icons-material/Business';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { customer } from './texts';

/** The provider's customers (spec 01 §2 provider menu, §3 Customer, §4 Customer and account). */
export default defineFeature({
  ...named('customer', BusinessIcon, customer, 'companyName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 10 },
});
