import CloudIcon from '@mui/icons-material/Cloud';
import { preloadable } from '../../kit/preloadable';
import type { VosCloudConfig } from './model';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const VosCloudConfigCreate = preloadable(() =>
  import('./VosCloudConfigCreate').then((module) => module.VosCloudConfigCreate),
);
const VosCloudConfigEdit = preloadable(() =>
  import('./VosCloudConfigEdit').then((module) => module.VosCloudConfigEdit),
);
const VosCloudConfigList = preloadable(() =>
  import('./VosCloudConfigList').then((module) => module.VosCloudConfigList),
);
const VosCloudConfigShow = preloadable(() =>
  import('./VosCloudConfigShow').then((module) => module.VosCloudConfigShow),
);

export default {
  list: VosCloudConfigList,
  create: VosCloudConfigCreate,
  edit: VosCloudConfigEdit,
  show: VosCloudConfigShow,
  icon: CloudIcon,
  recordRepresentation: (record: VosCloudConfig) => record.cloudUrl,
};
