import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { order } from './texts';

/** Orders (docs/requirements/billing-services-screens.md Orders list; /order for operators, /my-account/orders for customers). */
export default defineFeature({
  ...named('order', ReceiptLongIcon, order, 'companyName'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
});
