import BusinessIcon from '@mui/icons-material/Business';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const CustomerCreate = preloadable(() => import('./CustomerCreate').then((module) => module.CustomerCreate));
const CustomerEdit = preloadable(() => import('./CustomerEdit').then((module) => module.CustomerEdit));
const CustomerList = preloadable(() => import('./CustomerList').then((module) => module.CustomerList));
const CustomerShow = preloadable(() => import('./CustomerShow').then((module) => module.CustomerShow));

/** The provider's customers (spec 01 §2 provider menu, §3 Customer, §4 Customer and account). */
export default {
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  icon: BusinessIcon,
  recordRepresentation: 'companyName',
};
