import KeyIcon from '@mui/icons-material/Key';
import { defineFeature, named, screen } from '../../kit/feature';
import { samlSetting } from './texts';

/** A singleton: the page the menu opens (the resource's list) is the setting's form. */
export default defineFeature({
  ...named('saml-settings', KeyIcon, samlSetting),
  list: screen(() => import('./SamlSettingPage'), 'SamlSettingPage'),
  menu: { menu: 'provider', order: 61, group: 'settings' },
});
