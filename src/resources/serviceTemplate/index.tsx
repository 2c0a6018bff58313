import AppsIcon from '@mui/icons-material/Apps';
import { defineFeature, named, screensOf } from '../../kit/feature';
import type { ServiceTemplate } from './model';
import { serviceTemplate } from './texts';

/** Service templates, published to customers (docs/requirements/portal-routes-and-menus.md provider menu, docs/requirements/portal-entities.md Service template, docs/requirements/portal-states.md). */
export default defineFeature({
  ...named('service-template', AppsIcon, serviceTemplate, (record: ServiceTemplate) => record.templateName),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 20 },
});
