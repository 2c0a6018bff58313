import CloudIcon from '@mui/icons-material/Cloud';
import type { VosCloudConfig } from './model';
import { VosCloudConfigCreate } from './VosCloudConfigCreate';
import { VosCloudConfigEdit } from './VosCloudConfigEdit';
import { VosCloudConfigList } from './VosCloudConfigList';
import { VosCloudConfigShow } from './VosCloudConfigShow';

export default {
  list: VosCloudConfigList,
  create: VosCloudConfigCreate,
  edit: VosCloudConfigEdit,
  show: VosCloudConfigShow,
  icon: CloudIcon,
  recordRepresentation: (record: VosCloudConfig) => record.cloudUrl,
};
