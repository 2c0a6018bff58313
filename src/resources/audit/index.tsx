import HistoryIcon from '@mui/icons-material/History';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { audit } from './texts';

/** The audit log (contract/audit.ts): who changed what; read-only, a list only. */
export default defineFeature({
  name: 'audit',
  list: screen(() => import('./AuditList'), 'AuditList'),
  icon: HistoryIcon,
  menu: { menu: 'customer', order: 10, everyone: true, when: ({ customerSelected }) => customerSelected },
  texts: { en: audit },
});
