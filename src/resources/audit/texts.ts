import { AUDIT_RANGE_LABELS, AUDIT_TABLE_NAMES } from '../../../contract/auditNames';

/** The audit log (docs/requirements/billing-services-screens.md Audit log list; contract/audit.ts). */
export const audit = {
  name: 'Audit Log |||| Audit Log',
  fields: {
    range: 'Range',
    table: 'Table',
    modifiedDate: 'Modified date',
    action: 'Action',
    entityId: 'Record',
    modifiedBy: 'Modified by',
    changes: 'Changes',
  },
  /** docs/requirements/billing-services-screens.md, verbatim. */
  ranges: { ...AUDIT_RANGE_LABELS },
  /** Each contract names its own (contract/auditTables.ts). */
  tables: { ...AUDIT_TABLE_NAMES },
  noMatch: 'No change was recorded in this range. Choose a longer range or another table.',
  history: {
    tab: 'History',
    caption: 'The changes to this record over the last month, newest first.',
    empty: 'No change to this record in the last month.',
  },
};
