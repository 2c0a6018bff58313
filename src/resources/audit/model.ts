import {
  AUDIT_RANGE_LABELS,
  AUDIT_RANGES,
  AUDIT_TABLES,
  type AuditEntryRecord,
  DEFAULT_AUDIT_RANGE,
} from '../../../contract/audit';

export const T = 'resources.audit';

export type AuditEntry = AuditEntryRecord;

/** The range filter's choices: the spec's labels (docs/requirements/billing-services-screens.md), from the catalogue. */
export const RANGE_CHOICES = AUDIT_RANGES.map((range) => ({ id: range, name: `${T}.ranges.${range}` }));

/** The table filter's choices, named from the catalogue. */
export const TABLE_CHOICES = AUDIT_TABLES.map((table) => ({ id: table, name: `${T}.tables.${table}` }));

export { AUDIT_RANGE_LABELS, DEFAULT_AUDIT_RANGE };

/**
 * Whether an entry's changes are what one run did rather than values changed: a directory's synchronisation
 * or CSV import (its counts, and how the import ended), each read as its value alone.
 */
export const tellsCounts = (record: { action: string } | undefined): boolean =>
  record?.action === 'SYNC' || record?.action === 'IMPORT';

/** A value of a change as it reads: text as it is, nothing as '—', lists and objects as compact JSON. */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(readable).join(', ') || '—';
  return JSON.stringify(value);
}
