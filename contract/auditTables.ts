// Made by `npm run registry` (scripts/registry.ts) from the contracts' audit tables (a resource's `audit`): edit those, not this file.

/**
 * The tables the audit log records entries for (the table filter's choices, by English name), and how the
 * portal names them. No schema code: the catalogue reads it.
 */
export const AUDIT_TABLES = [
  'Account',
  'ActivationCode',
  'Card',
  'CloudConfig',
  'Customer',
  'Directory',
  'Export',
  'HTTPS',
  'OIDC',
  'Order',
  'OtpCode',
  'Asset',
  'Radius',
  'Role',
  'SAML',
  'SamlSetting',
  'SAML2',
  'Service',
  'ServiceTemplate',
  'Subscription',
  'Theme',
  'TokenPack',
  'Translation',
  'WhiteListIp',
  'User',
] as const;
export type AuditTable = (typeof AUDIT_TABLES)[number];

/** Each table's English name (the catalogue's `resources.audit.tables`). */
export const AUDIT_TABLE_NAMES: Readonly<Record<AuditTable, string>> = {
  Account: 'Account',
  ActivationCode: 'Activation code',
  Card: 'Card',
  CloudConfig: 'Cloud configuration',
  Customer: 'Customer',
  Directory: 'Directory',
  Export: 'Export',
  HTTPS: 'HTTPS',
  OIDC: 'OIDC',
  Order: 'Order',
  OtpCode: 'OTP code',
  Asset: 'Permission asset',
  Radius: 'Radius',
  Role: 'Role',
  SAML: 'SAML',
  SamlSetting: 'SAML setting',
  SAML2: 'SAML2',
  Service: 'Service',
  ServiceTemplate: 'Service template',
  Subscription: 'Subscription',
  Theme: 'Theme',
  TokenPack: 'Token pack',
  Translation: 'Translations',
  WhiteListIp: 'Trusted network',
  User: 'User',
};
