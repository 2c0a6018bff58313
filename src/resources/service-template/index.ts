import AppsIcon from '@mui/icons-material/Apps';
import type { ServiceTemplate } from './model';
import { ServiceTemplateCreate } from './ServiceTemplateCreate';
import { ServiceTemplateEdit } from './ServiceTemplateEdit';
import { ServiceTemplateList } from './ServiceTemplateList';
import { ServiceTemplateShow } from './ServiceTemplateShow';

export default {
  list: ServiceTemplateList,
  create: ServiceTemplateCreate,
  edit: ServiceTemplateEdit,
  show: ServiceTemplateShow,
  icon: AppsIcon,
  recordRepresentation: (record: ServiceTemplate) => record.templateName,
};
