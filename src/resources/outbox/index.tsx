import OutboxIcon from '@mui/icons-material/Outbox';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { outbox } from './texts';

/** The gateway's outgoing mail, for operators (contract/mail.ts): read-only. */
export default defineFeature({
  name: 'outbox',
  list: screen(() => import('./OutboxList'), 'OutboxList'),
  show: screen(() => import('./OutboxShow'), 'OutboxShow'),
  icon: OutboxIcon,
  recordRepresentation: 'subject',
  menu: { menu: 'provider', order: 62, group: 'settings' },
  texts: { en: outbox },
});
