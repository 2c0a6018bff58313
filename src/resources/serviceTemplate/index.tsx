import AppsIcon from '@mui/icons-material/Apps';
import { defineFeature, screensOf } from '../../kit/feature';
import type { ServiceTemplate } from './model';
import { serviceTemplate } from './texts';

/** Service templates, published to customers (spec 01 §2 provider menu, §3 Service template, §4). */
export default defineFeature({
  name: 'service-template',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: AppsIcon,
  texts: { en: serviceTemplate },
  recordRepresentation: (record: ServiceTemplate) => record.templateName,
  menu: { menu: 'provider', order: 20 },
});
