import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';

// Each screen loads when it is first opened.
const SamlSettingsPage = lazy(() =>
  import('./SamlSettingsPage').then((module) => ({ default: module.SamlSettingsPage })),
);

/** A singleton: the page the menu opens (the resource's list) is the setting's form. */
export default {
  list: SamlSettingsPage,
  icon: KeyIcon,
};
