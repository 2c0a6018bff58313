import HistoryIcon from '@mui/icons-material/History';
import { preloadable } from '../../kit/preloadable';

// The screen loads when it is first opened, or ahead of it (see preloadable).
const AuditList = preloadable(() => import('./AuditList').then((module) => module.AuditList));

/** The audit log (contract/audit.ts): who changed what; read-only, a list only. */
export default {
  list: AuditList,
  icon: HistoryIcon,
};
