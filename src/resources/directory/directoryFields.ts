import type { RaRecord, Validator } from 'react-admin';
import {
  DIRECTORY_FIELDS,
  DIRECTORY_REQUIRED,
  DIRECTORY_TYPES,
  type DirectoryRecord,
  type DirectoryType,
  REST_AUTH_NEEDS,
  REST_AUTHENTICATIONS,
  type RestAuthentication,
  type SyncState,
} from '../../../contract/directory';
import {
  isAttributeName,
  isDistinguishedName,
  isHost,
  isHttpUrl,
  isLoginPattern,
  isPort,
  isTenantId,
} from '../../../contract/rules';

/** A directory as the server answers it (its password or secret is never sent: `passwordSet`, `secretSet`). */
export type Directory = DirectoryRecord & RaRecord;
export type { DirectoryType, SyncState };

export const TYPE_CHOICES = DIRECTORY_TYPES.map((id) => ({ id, name: `resources.ldap.types.${id}` }));
export const AUTHENTICATION_CHOICES = REST_AUTHENTICATIONS.map((id) => ({
  id,
  name: `resources.ldap.authentications.${id}`,
}));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A validator from a rule of contract/rules.ts: empty passes (required is checked apart). */
const rule =
  (test: (value: string) => boolean, message: string): Validator =>
  (value: unknown) =>
    text(value) && !test(text(value)) ? `resources.ldap.validation.${message}` : undefined;

export const VALIDATE = {
  host: rule(isHost, 'host'),
  dn: rule(isDistinguishedName, 'dn'),
  userLoginPattern: rule(isLoginPattern, 'userLoginPattern'),
  attribute: rule(isAttributeName, 'attribute'),
  tenantId: rule(isTenantId, 'tenantId'),
  url: rule(isHttpUrl, 'url'),
  header: rule((value) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value), 'header'),
  port: ((value: unknown) =>
    value === null || value === undefined || value === '' || isPort(Number(value))
      ? undefined
      : 'resources.ldap.validation.port') as Validator,
};

/** The fields a type requires; a password or secret already stored counts as given. */
export function missingFields(values: Record<string, unknown>, stored?: Partial<Directory> | null): string[] {
  const type = values.type as DirectoryType | undefined;
  if (!type || !(type in DIRECTORY_REQUIRED)) return ['type'];
  const required: string[] = [...DIRECTORY_REQUIRED[type]];
  const auth = values.restAuthentication as RestAuthentication | undefined;
  if (type === 'REST' && auth && auth in REST_AUTH_NEEDS) required.push(...REST_AUTH_NEEDS[auth]);
  const sameType = stored?.type === type;
  return required.filter((field) => {
    if (field === 'password' && sameType && stored?.passwordSet) return false;
    if (field === 'secret' && sameType && stored?.secretSet) return false;
    const value = values[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

/**
 * Where the portal keeps (react-admin's store) whether the last connection test of a directory found that its
 * account may write passwords: false hides Reset password on its Users tab.
 */
export const passwordWritableKey = (id: string | number) => `ldap.passwordWritable.${id}`;

/** Whether the chosen type shows a field. */
export const shows = (type: unknown, field: string): boolean =>
  typeof type === 'string' && type in DIRECTORY_FIELDS
    ? (DIRECTORY_FIELDS[type as DirectoryType] as readonly string[]).includes(field)
    : false;

/**
 * What a form sends: the name, the type and the fields of that type (a password or secret left empty is
 * left out, so that the stored one is kept).
 */
export function toDirectoryBody(values: Record<string, unknown>): Record<string, unknown> {
  const type = values.type as DirectoryType;
  const body: Record<string, unknown> = { name: text(values.name), type };
  for (const field of DIRECTORY_FIELDS[type] ?? []) {
    const value = values[field];
    if (field === 'password' || field === 'secret') {
      if (typeof value === 'string' && value !== '') body[field] = value;
    } else if (field === 'port') {
      if (value !== null && value !== undefined && value !== '') body.port = Number(value);
    } else if (typeof value === 'string') {
      body[field] = value.trim();
    } else if (value !== undefined) {
      body[field] = value;
    }
  }
  return body;
}

/** Where a directory is: its host and port, tenant, or URL. */
export const serverOf = (record: Partial<Directory>): string => {
  if (record.type === 'LDAP') return record.host ? `${record.host}:${record.port ?? ''}` : '';
  if (record.type === 'AZURE') return record.tenantId ?? '';
  return record.listUsersUrl ?? '';
};
