import BusinessIcon from '@mui/icons-material/Business';
import { CustomerCreate } from './CustomerCreate';
import { CustomerEdit } from './CustomerEdit';
import { CustomerList } from './CustomerList';
import { CustomerShow } from './CustomerShow';

/** The provider's customers (spec 01 §2 provider menu, §3 Customer, §4 Customer and account). */
export default {
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  show: CustomerShow,
  icon: BusinessIcon,
  recordRepresentation: 'companyName',
};
