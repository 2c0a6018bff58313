import DnsIcon from '@mui/icons-material/Dns';
import { AssetEdit } from './AssetEdit';
import { AssetList } from './AssetList';
import { AssetShow } from './AssetShow';
import type { Asset } from './model';

export default {
  list: AssetList,
  edit: AssetEdit,
  show: AssetShow,
  icon: DnsIcon,
  recordRepresentation: (record: Asset) => record.name,
};
