import OutboxIcon from '@mui/icons-material/Outbox';
import { defineFeature, screensOf } from '../../kit/feature';
import { outbox } from './texts';

/** The gateway's outgoing mail, for operators (contract/mail.ts): read-only. */
export default defineFeature({
  name: 'outbox',
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  icon: OutboxIcon,
  texts: { en: outbox },
  recordRepresentation: 'subject',
  menu: { menu: 'provider', order: 62, group: 'settings' },
});
