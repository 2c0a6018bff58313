import CloudIcon from '@mui/icons-material/Cloud';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import type { VosCloudConfig } from './model';
import { vosCloudConfig } from './texts';

/** The cloud authentication server settings, one of them active (spec 01 §2 provider settings, §3). */
export default defineFeature({
  name: 'vos-cloud-config',
  list: screen(() => import('./VosCloudConfigList'), 'VosCloudConfigList'),
  create: screen(() => import('./VosCloudConfigCreate'), 'VosCloudConfigCreate'),
  edit: screen(() => import('./VosCloudConfigEdit'), 'VosCloudConfigEdit'),
  show: screen(() => import('./VosCloudConfigShow'), 'VosCloudConfigShow'),
  icon: CloudIcon,
  recordRepresentation: (record: VosCloudConfig) => record.cloudUrl,
  menu: { menu: 'provider', order: 60, group: 'settings' },
  texts: { en: vosCloudConfig },
});
