import OutboxIcon from '@mui/icons-material/Outbox';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const OutboxList = preloadable(() => import('./OutboxList').then((module) => module.OutboxList));
const OutboxShow = preloadable(() => import('./OutboxShow').then((module) => module.OutboxShow));

/** The gateway's outgoing mail, for operators (contract/mail.ts): read-only. */
export default {
  list: OutboxList,
  show: OutboxShow,
  icon: OutboxIcon,
  recordRepresentation: 'subject',
};
