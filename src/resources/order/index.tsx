import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { order } from './texts';

/** Orders (spec 02 §2 Orders list; /order for operators, /my-account/orders for customers). */
export default defineFeature({
  name: 'order',
  list: screen(() => import('./OrderList'), 'OrderList'),
  show: screen(() => import('./OrderShow'), 'OrderShow'),
  icon: ReceiptLongIcon,
  recordRepresentation: 'companyName',
  texts: { en: order },
});
