import HistoryIcon from '@mui/icons-material/History';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { audit } from './texts';

/** The audit log (contract/audit.ts): who changed what; read-only, a list only. */
export default defineFeature({
  ...named('audit', HistoryIcon, audit),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 10, everyone: true, when: ({ customerSelected }) => customerSelected },
});
