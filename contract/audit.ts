import { type Static, Type } from 'typebox';
import type { AuditRange } from './auditNames.ts';
import { NullableString } from './fields.ts';
import { defineListingNames, definePermissions, defineResource } from './kit.ts';

/**
 * The audit log (docs/requirements/billing-services-screens.md Audit log list, docs/requirements/billing-services-entities.md Audit entry, docs/requirements/billing-services-data-calls.md Audit, docs/requirements/constants-and-limits.md audit ranges; docs/requirements/portal-routes-and-menus.md /audit):
 * every write records who changed what (server/domain/audit.ts); this is how it is read. A list of a
 * customer's entries (or, for operators, the provider's own with `provider` as the customer), always bounded
 * by a range back from now, filtered by table and by record (the History tab of a record's page).
 */

// The tables and ranges are in auditNames.ts, which has no schema code: the catalogue reads them.
export * from './auditNames.ts';

/** Where a range starts: 7, 14 or 21 days back, or the same day of the previous month. */
export function auditRangeStart(range: AuditRange, now: Date): Date {
  const start = new Date(now);
  if (range === '1m') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCDate(start.getUTCDate() - 7 * Number(range[0]));
  return start;
}

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** What a secret's value reads as in an entry's changes. */
export const AUDIT_MASK = '••••••';

/** The value of `{customerId}` that names the provider's own entries (operators only). */
export const AUDIT_PROVIDER = 'provider';

export const AuditChange = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });

export const AuditEntryRecord = Type.Object({
  id: Type.String(),
  table: Type.String(),
  action: Type.String(),
  /** The record the entry is about (its id). */
  entityId: Type.String(),
  /**
   * The record's name when the entry was written (it stays so after the record is renamed or deleted); null
   * for entries written before names were kept: the portal shows the id.
   */
  entityName: NullableString,
  /** The email of the account that made the change. */
  modifiedBy: Type.String(),
  modifiedById: NullableString,
  /** Who made the change, by name: the account's name when the entry was written, else its email. */
  modifiedByName: Type.String(),
  modifiedDate: Type.String(),
  /** Each changed field, with its value before and after (null for a creation's before, a deletion's after). */
  changes: Type.Record(Type.String(), AuditChange),
});
export type AuditEntryRecord = Static<typeof AuditEntryRecord>;

export const AUDIT_LISTING = defineListingNames({
  filters: ['table', 'entityId'],
  sort: ['modifiedDate'],
  defaultSort: { field: 'modifiedDate', order: 'DESC' },
});

export const audit = defineResource({
  name: 'audit',
  base: '/audit',
  customerScoped: true,
  permission: 'audit',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/search',
    summary:
      "A customer's audit entries (customerId provider: the provider's own), newest first, over a range back from now (range 1w, 2w, 3w or 1m; default 1w), by table and record (entityId)",
    access: { permission: 'audit:view', customer: { from: 'path', provider: AUDIT_PROVIDER } },
    errors: [404],
  },
  // The log's own entries: every export of a list (server/kit/exports.ts, action EXPORT), whatever list.
  audit: { table: 'Export', name: 'Export' },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  audit: {
    scope: 'both',
    actions: ['view'],
    asset: { name: 'Audit Log', description: 'Who changed what, when, for the provider or a customer' },
  },
});
