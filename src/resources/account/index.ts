import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { AccountCreate } from './AccountCreate';
import { AccountEdit } from './AccountEdit';
import { AccountList } from './AccountList';
import { AccountShow } from './AccountShow';

/** Administrator accounts of the provider or of a customer (spec 01 §3, §4, §5 Administrator account). */
export default {
  list: AccountList,
  create: AccountCreate,
  edit: AccountEdit,
  show: AccountShow,
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'email',
};
