import { type AuditEntry, type AuditTable, entityNameOf } from '../audit.ts';

/** What a count of codes tells in the audit log, by action. */
const COUNTED = { CREATE: 'generated', UPDATE: 'regenerated', DELETE: 'deleted' } as const;

/**
 * The audit entry of a change of many codes or seeds (activation codes of a token pack, OTP seeds of a
 * service): how many were generated, re-generated or deleted, naming no code and no seed. The call's audit
 * writer records it.
 */
export const countAudit = (
  table: Extract<AuditTable, 'ActivationCode' | 'OtpCode'>,
  owner: { id: string; customerId: string },
  action: keyof typeof COUNTED,
  count: number,
): AuditEntry => ({
  table,
  action,
  entityId: owner.id,
  entityName: entityNameOf(owner),
  customerId: owner.customerId,
  changes: { [COUNTED[action]]: { before: null, after: count } },
});
