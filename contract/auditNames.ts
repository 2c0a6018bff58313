/**
 * The audit log's tables and ranges (contract/audit.ts re-exports them), without the contract's schemas:
 * the message catalogue names them, and the sign-in page loads the catalogue but no schema code.
 */

// The tables entries are recorded for: each resource's contract declares its own (`audit`).
export { AUDIT_TABLE_NAMES, AUDIT_TABLES, type AuditTable } from './auditTables.ts';

/** docs/requirements/constants-and-limits.md: the ranges back from now the list reads (the list is always bounded by one). */
export const AUDIT_RANGES = ['1w', '2w', '3w', '1m'] as const;
export type AuditRange = (typeof AUDIT_RANGES)[number];
/** Chosen: the list opens on the last week. */
export const DEFAULT_AUDIT_RANGE: AuditRange = '1w';
/** docs/requirements/billing-services-screens.md: the range filter's labels, verbatim. */
export const AUDIT_RANGE_LABELS: Readonly<Record<AuditRange, string>> = {
  '1w': 'Last 1 week',
  '2w': '2 weeks',
  '3w': '3 weeks',
  '1m': '1 month',
};
