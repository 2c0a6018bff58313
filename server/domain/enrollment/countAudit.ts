import type { Database } from '../../db/client.ts';
import { type AuditTable, type Modifier, recordAudit } from '../audit.ts';

/** What a count of codes tells in the audit log, by action. */
const COUNTED = { CREATE: 'generated', UPDATE: 'regenerated', DELETE: 'deleted' } as const;

/**
 * One audit entry for a change of many codes or seeds (activation codes of a token pack, OTP seeds of a
 * service): how many were generated, re-generated or deleted, naming no code and no seed.
 */
export const recordCountAudit = (
  tx: Database,
  by: Modifier,
  table: Extract<AuditTable, 'ActivationCode' | 'OtpCode'>,
  owner: { id: string; customerId: string },
  action: keyof typeof COUNTED,
  count: number,
) =>
  recordAudit(tx, by, {
    table,
    action,
    entityId: owner.id,
    customerId: owner.customerId,
    changes: { [COUNTED[action]]: { before: null, after: count } },
  });
