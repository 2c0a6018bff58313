import KeyIcon from '@mui/icons-material/Key';
import { SamlSettingsPage } from './SamlSettingsPage';

/** A singleton: the page the menu opens (the resource's list) is the setting's form. */
export default {
  list: SamlSettingsPage,
  icon: KeyIcon,
};
