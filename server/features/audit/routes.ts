import { Type } from 'typebox';
import { AUDIT_RANGES, AuditEntryRecord, type AuditRange, audit } from '../../../contract/audit.ts';
import type { Kit } from '../../kit/kit.ts';
import { auditEntries, auditListing, checkAuditListing } from './auditEntries.ts';

/**
 * The audit log (contract/audit.ts): the entries of one customer (or the provider's own, customerId
 * `provider`, for operators), over a range back from now, by table and by record.
 */
export function auditRoutes(kit: Kit): void {
  checkAuditListing();

  kit.list(audit, 'list', {
    listing: auditListing,
    extra: { range: Type.Optional(Type.Enum(AUDIT_RANGES)) },
    record: AuditEntryRecord,
    find: (call, ask) =>
      auditEntries(call, (call.query as { range?: AuditRange }).range, call.services.now(), ask),
  });
}
