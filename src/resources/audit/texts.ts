import { AUDIT_RANGE_LABELS, AUDIT_TABLES, type AuditTable } from '../../../contract/auditNames';

/** Readable names of the tables entries are recorded for. */
const TABLE_NAMES: Record<AuditTable, string> = {
  Account: 'Account',
  Customer: 'Customer',
  Role: 'Role',
  Asset: 'Permission asset',
  ServiceTemplate: 'Service template',
  CloudConfig: 'Cloud configuration',
  SamlSetting: 'SAML setting',
  User: 'User',
  Directory: 'Directory',
  OIDC: 'OIDC',
  Radius: 'Radius',
  SAML2: 'SAML2',
  SAML: 'SAML',
  HTTPS: 'HTTPS',
  Service: 'Service',
  Order: 'Order',
  Subscription: 'Subscription',
  TokenPack: 'Token pack',
  ActivationCode: 'Activation code',
  OtpCode: 'OTP code',
  WhiteListIp: 'Trusted network',
  Card: 'Card',
  Theme: 'Theme',
};

/** The audit log (spec 02 §2 Audit log list; contract/audit.ts). */
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
  /** Spec 02 §2, verbatim. */
  ranges: { ...AUDIT_RANGE_LABELS },
  tables: Object.fromEntries(AUDIT_TABLES.map((table) => [table, TABLE_NAMES[table]])) as Record<
    AuditTable,
    string
  >,
  noMatch: 'No change was recorded in this range. Choose a longer range or another table.',
  history: {
    tab: 'History',
    caption: 'The changes to this record over the last month, newest first.',
    empty: 'No change to this record in the last month.',
  },
};
