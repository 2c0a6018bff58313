import BusinessIcon from '@mui/icons-material/Business';
import { lazy } from 'react';

// Each screen loads when it is first opened.
const CustomerCreate = lazy(() =>
  import('./CustomerCreate').then((module) => ({ default: module.CustomerCreate })),
);
const CustomerEdit = lazy(() =>
  import('./CustomerEdit').then((module) => ({ default: module.CustomerEdit })),
);
const CustomerList = lazy(() =>
  import('./CustomerList').then((module) => ({ default: module.CustomerList })),
);
const CustomerShow = lazy(() =>
  import('./CustomerShow').then((module) => ({ default: module.CustomerShow })),
);

/** The provider's customers (spec 01 §2 provider menu, §3 Customer, §4 Customer and account). */
export default {
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  icon: BusinessIcon,
  recordRepresentation: 'companyName',
};
