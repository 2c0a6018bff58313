import CloudIcon from '@mui/icons-material/Cloud';
import { lazy } from 'react';
import type { VosCloudConfig } from './model';

// Each screen loads when it is first opened.
const VosCloudConfigCreate = lazy(() =>
  import('./VosCloudConfigCreate').then((module) => ({ default: module.VosCloudConfigCreate })),
);
const VosCloudConfigEdit = lazy(() =>
  import('./VosCloudConfigEdit').then((module) => ({ default: module.VosCloudConfigEdit })),
);
const VosCloudConfigList = lazy(() =>
  import('./VosCloudConfigList').then((module) => ({ default: module.VosCloudConfigList })),
);
const VosCloudConfigShow = lazy(() =>
  import('./VosCloudConfigShow').then((module) => ({ default: module.VosCloudConfigShow })),
);

export default {
  list: VosCloudConfigList,
  create: VosCloudConfigCreate,
  edit: VosCloudConfigEdit,
  show: VosCloudConfigShow,
  icon: CloudIcon,
  recordRepresentation: (record: VosCloudConfig) => record.cloudUrl,
};
