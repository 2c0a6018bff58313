import { gte, isNull } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  AUDIT_LISTING,
  AUDIT_TABLES,
  type AuditEntryRecord,
  type AuditRange,
  auditRangeStart,
  DEFAULT_AUDIT_RANGE,
} from '../../../contract/audit.ts';
import { defineListing, eq as equals, findRows, type ListAsk } from '../../db/listing.ts';
import { auditLog } from '../../db/schema.ts';
import { maskedChanges } from '../../domain/audit.ts';
import type { Scope } from '../../kit/call.ts';

/**
 * The audit log's entries (contract/audit.ts): of the call's customer (or the provider's own), always over a
 * range back from now (the list never reads the whole log), by table and by record. The customer (the
 * database's policy, or `customer_id is null` for the provider's) and the range lead every query, so each
 * one reads a slice of an index (customer, date), (customer, table, date) or (customer, record, date): see
 * migration 0017. Secrets in the changes are answered masked, whatever was written. Each entry names its
 * record and who changed it as they were named when it was written (kept with the entry: a record deleted
 * since still reads by its name); an older entry without them reads by the record's id and the email.
 */

export const auditListing = defineListing({
  filters: {
    table: equals(auditLog.tableName, Type.Enum(AUDIT_TABLES)),
    entityId: equals(auditLog.entityId, Type.String({ minLength: 1, maxLength: 200 })),
  },
  sort: { modifiedDate: auditLog.modifiedDate },
  defaultSort: AUDIT_LISTING.defaultSort,
  unique: auditLog.id,
});

/** The contract's names and the listing's must agree. */
export function checkAuditListing(): void {
  const filters = Object.keys(auditListing.filterSchema.properties).sort().join();
  const sorts = [...auditListing.sortFields].sort().join();
  if (
    filters !== [...AUDIT_LISTING.filters].sort().join() ||
    sorts !== [...AUDIT_LISTING.sort].sort().join()
  ) {
    throw new Error('The audit listing differs from its contract (contract/audit.ts AUDIT_LISTING)');
  }
}

const entryFields = {
  id: auditLog.id,
  tableName: auditLog.tableName,
  action: auditLog.action,
  entityId: auditLog.entityId,
  entityName: auditLog.entityName,
  modifiedBy: auditLog.modifiedBy,
  modifiedById: auditLog.modifiedById,
  modifiedByName: auditLog.modifiedByName,
  modifiedDate: auditLog.modifiedDate,
  changes: auditLog.changes,
};

type EntryRow = { [K in keyof typeof entryFields]: (typeof auditLog.$inferSelect)[K] };

const toEntry = (row: EntryRow): AuditEntryRecord => ({
  id: row.id,
  table: row.tableName,
  action: row.action,
  entityId: row.entityId,
  entityName: row.entityName,
  modifiedBy: row.modifiedBy,
  modifiedById: row.modifiedById,
  modifiedByName: row.modifiedByName ?? row.modifiedBy,
  modifiedDate: row.modifiedDate.toISOString(),
  changes: maskedChanges(row.changes),
});

/** One page of the entries of the call's customer (null: the provider's own) over `range` back from `now`. */
export async function auditEntries(
  { tx, customer }: Scope,
  range: AuditRange | undefined,
  now: Date,
  ask: ListAsk,
) {
  const since = auditRangeStart(range ?? DEFAULT_AUDIT_RANGE, now);
  const found = await findRows(
    tx,
    tx.select(entryFields).from(auditLog).$dynamic(),
    auditListing,
    ask,
    customer === null ? isNull(auditLog.customerId) : undefined,
    gte(auditLog.modifiedDate, since),
  );
  return { ...found, rows: found.rows.map(toEntry) };
}
