import AppsIcon from '@mui/icons-material/Apps';
import { lazy } from 'react';
import type { ServiceTemplate } from './model';

// Each screen loads when it is first opened.
const ServiceTemplateCreate = lazy(() =>
  import('./ServiceTemplateCreate').then((module) => ({ default: module.ServiceTemplateCreate })),
);
const ServiceTemplateEdit = lazy(() =>
  import('./ServiceTemplateEdit').then((module) => ({ default: module.ServiceTemplateEdit })),
);
const ServiceTemplateList = lazy(() =>
  import('./ServiceTemplateList').then((module) => ({ default: module.ServiceTemplateList })),
);
const ServiceTemplateShow = lazy(() =>
  import('./ServiceTemplateShow').then((module) => ({ default: module.ServiceTemplateShow })),
);

export default {
  list: ServiceTemplateList,
  create: ServiceTemplateCreate,
  edit: ServiceTemplateEdit,
  show: ServiceTemplateShow,
  icon: AppsIcon,
  recordRepresentation: (record: ServiceTemplate) => record.templateName,
};
