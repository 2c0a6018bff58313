import AppsIcon from '@mui/icons-material/Apps';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import type { ServiceTemplate } from './model';
import { serviceTemplate } from './texts';

/** Service templates, published to customers (spec 01 §2 provider menu, §3 Service template, §4). */
export default defineFeature({
  name: 'service-template',
  list: screen(() => import('./ServiceTemplateList'), 'ServiceTemplateList'),
  create: screen(() => import('./ServiceTemplateCreate'), 'ServiceTemplateCreate'),
  edit: screen(() => import('./ServiceTemplateEdit'), 'ServiceTemplateEdit'),
  show: screen(() => import('./ServiceTemplateShow'), 'ServiceTemplateShow'),
  icon: AppsIcon,
  recordRepresentation: (record: ServiceTemplate) => record.templateName,
  menu: { menu: 'provider', order: 20 },
  texts: { en: serviceTemplate },
});
