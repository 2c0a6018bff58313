import AppsIcon from '@mui/icons-material/Apps';
import { preloadable } from '../../kit/preloadable';
import type { ServiceTemplate } from './model';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const ServiceTemplateCreate = preloadable(() =>
  import('./ServiceTemplateCreate').then((module) => module.ServiceTemplateCreate),
);
const ServiceTemplateEdit = preloadable(() =>
  import('./ServiceTemplateEdit').then((module) => module.ServiceTemplateEdit),
);
const ServiceTemplateList = preloadable(() =>
  import('./ServiceTemplateList').then((module) => module.ServiceTemplateList),
);
const ServiceTemplateShow = preloadable(() =>
  import('./ServiceTemplateShow').then((module) => module.ServiceTemplateShow),
);

export default {
  list: ServiceTemplateList,
  create: ServiceTemplateCreate,
  edit: ServiceTemplateEdit,
  show: ServiceTemplateShow,
  icon: AppsIcon,
  recordRepresentation: (record: ServiceTemplate) => record.templateName,
};
