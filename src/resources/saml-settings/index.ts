import KeyIcon from '@mui/icons-material/Key';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const SamlSettingsPage = preloadable(() =>
  import('./SamlSettingsPage').then((module) => module.SamlSettingsPage),
);

/** A singleton: the page the menu opens (the resource's list) is the setting's form. */
export default {
  list: SamlSettingsPage,
  icon: KeyIcon,
};
