import CloudIcon from '@mui/icons-material/Cloud';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import type { CloudConfig } from './model';
import { cloudConfig } from './texts';

/** The cloud authentication server settings, one of them active (spec 01 §2 provider settings, §3). */
export default defineFeature({
  name: 'vos-cloud-config',
  list: screen(() => import('./CloudConfigList'), 'CloudConfigList'),
  create: screen(() => import('./CloudConfigCreate'), 'CloudConfigCreate'),
  edit: screen(() => import('./CloudConfigEdit'), 'CloudConfigEdit'),
  show: screen(() => import('./CloudConfigShow'), 'CloudConfigShow'),
  icon: CloudIcon,
  recordRepresentation: (record: CloudConfig) => record.cloudUrl,
  menu: { menu: 'provider', order: 60, group: 'settings' },
  texts: { en: cloudConfig },
});
