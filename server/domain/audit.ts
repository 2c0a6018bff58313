import { AUDIT_MASK, type AuditTable } from '../../contract/audit.ts';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/**
 * The audit log (docs/requirements/billing-services-entities.md Audit entry): every create, update, delete, activate, deactivate, publish and
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
  | 'CANCEL'
  | 'SYNC'
  /** A CSV file imported into a directory: how it ended and its rows' counts. */
  | 'IMPORT'
  /** A list exported (server/kit/exports.ts), in the table Export: its format, filters, sort and rows. */
  | 'EXPORT'
  /** Emails sent by a bulk action (codes to their users): the filters and how many were queued. */
  | 'SEND';

/** The audit screen's table filter (docs/requirements/billing-services-screens.md: Account, User, OIDC, Radius, Service) and the rest: the contract's list. */
export type { AuditTable } from '../../contract/audit.ts';

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** Fields whose values never go into the log: only that they changed. */
const SECRET = /password|secret|hash|bytes/i;
const HIDDEN = '(hidden)';

/** Words of a field name that say it holds a secret, wherever they stand (`totpSeed`, `appPin`, `apiKeyHash`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'secret',
  'secrets',
  'seed',
  'pin',
  'hash',
  'bytes',
  'apikey',
]);
/** Words that say so as the name's last word only (`privateKey`, `accessToken`; not `tokenPackId`, `keyId`). */
const SECRET_LAST_WORDS = new Set(['key', 'keys', 'token', 'tokens', 'credential', 'credentials']);

/** The words of a field name: `apiKeyHash` → api, key, hash; `private_key` → private, key. */
const wordsOf = (field: string): string[] =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether a field's values are secrets: its name says password, secret, seed, PIN, key, token… */
export function isSecretField(field: string): boolean {
  if (SECRET.test(field)) return true;
  const words = wordsOf(field);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (words.join('').includes('apikey') || words.join('').includes('privatekey')) return true;
  const last = words.at(-1);
  return last !== undefined && SECRET_LAST_WORDS.has(last);
}

/** A value with every secret inside it masked (objects and arrays walked). */
function maskedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        isSecretField(name) && inner !== null && inner !== undefined && typeof inner !== 'boolean'
          ? AUDIT_MASK
          : maskedValue(inner),
      ]),
    );
  }
  return value;
}

/**
 * The changes of an entry as they are answered: a secret field's values (and any secret inside a value)
 * read '••••••', whatever was written (a value null stays null: nothing was there).
 */
export function maskedChanges(changes: Changes): Changes {
  const masked: Changes = {};
  for (const [field, change] of Object.entries(changes ?? {})) {
    const secret = isSecretField(field);
    const mask = (value: unknown) =>
      value === null || value === undefined
        ? null
        : secret && typeof value !== 'boolean'
          ? AUDIT_MASK
          : maskedValue(value);
    masked[field] = { before: mask(change?.before), after: mask(change?.after) };
  }
  return masked;
}

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
    // A flag (rememberCredentials, hasPassword…) says whether, never what: it stays readable.
    const flag = typeof (was ?? is) === 'boolean';
    changes[field] =
      isSecretField(field) && !flag
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
  /**
   * How the record is named (kept with the entry, so that it still reads after the record is renamed or
   * deleted); left out: taken from `after` or `before` (entityNameOf), else none.
   */
  entityName?: string | null;
}

/** Who made the change: the signed-in account (its name, when it has one, is kept with the entry). */
export interface Modifier {
  id: string;
  email: string;
  /** The account's first and last name; empty or left out: the entry names it by its email. */
  name?: string | null;
}

/** The fields that name a record, in the order they are looked for (a user: its display name, else its username). */
const NAME_FIELDS = [
  'name',
  'instanceName',
  'clientName',
  'providerName',
  'templateName',
  'companyName',
  'displayName',
  'username',
  'email',
  'ip',
] as const;

/** How a record is named in the log: the first of its naming fields that holds text; null when none does. */
export function entityNameOf(record: Record<string, unknown> | null | undefined): string | null {
  if (!record) return null;
  for (const field of NAME_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** An account's name as the log keeps it: first and last name, or null when it has none. */
export const personName = (firstName: string | null, lastName: string | null): string | null =>
  [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ') || null;

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
    modifiedByName: by.name?.trim() || null,
    entityName: entry.entityName !== undefined ? entry.entityName : entityNameOf(entry.after ?? entry.before),
    changes: entry.changes ?? changesBetween(entry.before ?? null, entry.after ?? null),
  });
}
