import CloudIcon from '@mui/icons-material/Cloud';
import { defineFeature, named, screensOf } from '../../kit/feature';
import type { CloudConfig } from './model';
import { cloudConfig } from './texts';

/** The cloud authentication server settings, one of them active (docs/requirements/portal-routes-and-menus.md provider settings, docs/requirements/portal-entities.md). */
export default defineFeature({
  ...named('vos-cloud-config', CloudIcon, cloudConfig, (record: CloudConfig) => record.cloudUrl),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 60, group: 'settings' },
});
