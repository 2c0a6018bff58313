import CloudIcon from '@mui/icons-material/Cloud';
import { defineFeature, screensOf } from '../../kit/feature';
import type { CloudConfig } from './model';
import { cloudConfig } from './texts';

/** The cloud authentication server settings, one of them active (spec 01 §2 provider settings, §3). */
export default defineFeature({
  name: 'vos-cloud-config',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: CloudIcon,
  texts: { en: cloudConfig },
  recordRepresentation: (record: CloudConfig) => record.cloudUrl,
  menu: { menu: 'provider', order: 60, group: 'settings' },
});
