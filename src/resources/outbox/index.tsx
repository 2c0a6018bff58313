import OutboxIcon from '@mui/icons-material/Outbox';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { outbox } from './texts';

/** The gateway's outgoing mail, for operators (contract/mail.ts): read-only. */
export default defineFeature({
  ...named('outbox', OutboxIcon, outbox, 'subject'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'provider', order: 62, group: 'settings' },
});
