import KeyIcon from '@mui/icons-material/Key';
import { defineFeature, screen } from '../../kit/feature';
import { samlSetting } from './texts';

/** A singleton: the page the menu opens (the resource's list) is the setting's form. */
export default defineFeature({
  name: 'saml-settings',
  list: screen(() => import('./SamlSettingPage'), 'SamlSettingPage'),
  icon: KeyIcon,
  texts: { en: samlSetting },
  menu: { menu: 'provider', order: 61, group: 'settings' },
});
