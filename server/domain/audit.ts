import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/**
 * The audit log (spec 02 §3 Audit entry): every create, update, delete, activate, deactivate, publish and
 * permission change writes one entry, in the same transaction as the change it describes.
 */
export type AuditAction =
  | 'CREATE'
  | 'UPDATE'
  | 'DELETE'
  | 'ACTIVATE'
  | 'DEACTIVATE'
  | 'PUBLISH'
  | 'UNPUBLISH'
  | 'PERMISSION'
  | 'ADD_ACCOUNT'
  | 'REMOVE_ACCOUNT'
  | 'SUBMIT'
  | 'APPROVE'
  | 'CANCEL';

/** The audit screen's table filter (spec 02 §2: Account, User, OIDC, Radius, Service) and the rest. */
export type AuditTable =
  | 'Account'
  | 'Customer'
  | 'Role'
  | 'Asset'
  | 'ServiceTemplate'
  | 'CloudConfig'
  | 'SamlSetting'
  | 'User'
  | 'Directory'
  | 'OIDC'
  | 'Radius'
  | 'SAML2'
  | 'SAML'
  | 'HTTPS'
  | 'Service'
  | 'Order'
  | 'Subscription'
  | 'TokenPack'
  | 'ActivationCode'
  | 'OtpCode'
  | 'WhiteListIp'
  | 'Card';

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** Fields whose values never go into the log: only that they changed. */
const SECRET = /password|secret|hash|bytes/i;
const HIDDEN = '(hidden)';

const comparable = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
};

const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/**
 * The fields that differ between two versions of a record, as `{field: {before, after}}`. A create has no
 * `before` and a delete no `after`. Secrets show as '(hidden)'; `ignore` lists bookkeeping fields.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  ignore: readonly string[] = ['modifiedDate', 'createdDate', 'id'],
): Changes {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Changes = {};
  for (const field of fields) {
    if (ignore.includes(field)) continue;
    const was = before?.[field];
    const is = after?.[field];
    if (same(was, is)) continue;
    changes[field] = SECRET.test(field)
      ? { before: before ? HIDDEN : null, after: after ? HIDDEN : null }
      : { before: comparable(was), after: comparable(is) };
  }
  return changes;
}

export interface AuditEntry {
  table: AuditTable;
  action: AuditAction;
  entityId: string;
  /** The customer the record belongs to; null for provider-level records. */
  customerId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Changes given directly (for example a permission matrix), instead of before/after. */
  changes?: Changes;
}

/** Who made the change: the signed-in account. */
export interface Modifier {
  id: string;
  email: string;
}

/** Writes one audit entry; pass the transaction of the change (`tx`), never a separate connection. */
export async function recordAudit(
  tx: Pick<Database, 'insert'>,
  by: Modifier,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    customerId: entry.customerId,
    tableName: entry.table,
    action: entry.action,
    entityId: entry.entityId,
    modifiedBy: by.email,
    modifiedById: by.id,
    changes: entry.changes ?? changesBetween(entry.before ?? null, entry.after ?? null),
  });
}
