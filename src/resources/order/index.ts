import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const OrderList = preloadable(() => import('./OrderList').then((module) => module.OrderList));
const OrderShow = preloadable(() => import('./OrderShow').then((module) => module.OrderShow));

/** Orders (spec 02 §2 Orders list; /order for operators, /my-account/orders for customers). */
export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: 'companyName',
};
