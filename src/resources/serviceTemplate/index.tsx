import AppsIcon from '@mui/icons-material/Apps';
import { defineFeature, named, screensOf } from '../../kit/feature';
import type { ServiceTemplate } from './model';
import { serviceTemplate } from './texts';

/** Service templates, published to customers (spec 01 §2 provider menu, §3 Service template, §4). */
export default defineFeature({
  ...named('service-template', AppsIcon, serviceTemplate, (record: ServiceTemplate) => record.templateName),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 20 },
});
