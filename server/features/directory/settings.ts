import {
  DIRECTORY_ERRORS,
  DIRECTORY_FIELDS,
  DIRECTORY_REQUIRED,
  type DirectoryType,
  GRAPH_DEFAULT_URLS,
  LDAP_DEFAULTS,
  REST_AUTH_NEEDS,
  type RestAuthentication,
} from '../../../contract/directory.ts';
import {
  isAttributeName,
  isDistinguishedName,
  isHost,
  isHttpUrl,
  isLoginPattern,
  isPort,
  isTenantId,
} from '../../../contract/rules.ts';
import type { Database } from '../../db/client.ts';
import { directories } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { fail } from '../../errors.ts';
import { invalidField } from '../../validation.ts';
import type { AzureDirectorySettings, RestDirectorySettings } from './httpDirectories.ts';
import type { LdapSettings } from './ldapClient.ts';

/**
 * A directory's settings as a form sends them, checked against the rules of its type (contract/directory.ts):
 * the fields of the chosen type only (the others are cleared), each in its format, the required ones
 * present. A password or secret left empty keeps the stored one.
 */

export type DirectoryRow = typeof directories.$inferSelect;

/** The stored columns of a directory's settings (what a form sets). */
export interface DirectoryValues {
  type: DirectoryType;
  hybrid: boolean;
  host: string | null;
  port: number | null;
  secured: boolean;
  baseDn: string | null;
  userDn: string | null;
  password: string | null;
  userLoginPattern: string | null;
  loginProperty: string | null;
  emailAttribute: string | null;
  displayNameAttribute: string | null;
  phoneAttribute: string | null;
  tenantId: string | null;
  applicationId: string | null;
  graphUrl: string | null;
  authorityUrl: string | null;
  restAuthentication: RestAuthentication | null;
  restUsername: string | null;
  restHeader: string | null;
  listUsersUrl: string | null;
  secret: string | null;
}

const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const FORMATS: Readonly<Record<string, { test: (value: string) => boolean; reason: string }>> = {
  host: { test: isHost, reason: 'must be an IP address or a domain name' },
  baseDn: { test: isDistinguishedName, reason: "must be a distinguished name such as 'dc=example,dc=com'" },
  userDn: {
    test: isDistinguishedName,
    reason: "must be a distinguished name such as 'cn=reader,ou=services,dc=example,dc=com'",
  },
  userLoginPattern: {
    test: isLoginPattern,
    reason: "must be an LDAP filter in parentheses holding {username}, such as '(uid={username})'",
  },
  loginProperty: { test: isAttributeName, reason: 'must be an LDAP attribute name' },
  emailAttribute: { test: isAttributeName, reason: 'must be an LDAP attribute name' },
  displayNameAttribute: { test: isAttributeName, reason: 'must be an LDAP attribute name' },
  phoneAttribute: { test: isAttributeName, reason: 'must be an LDAP attribute name' },
  tenantId: {
    test: isTenantId,
    reason: 'must be a tenant id (a GUID) or a domain such as contoso.onmicrosoft.com',
  },
  graphUrl: { test: isHttpUrl, reason: 'must be an http(s) URL' },
  authorityUrl: { test: isHttpUrl, reason: 'must be an http(s) URL' },
  listUsersUrl: { test: isHttpUrl, reason: 'must be an http(s) URL' },
  restHeader: { test: (value) => HTTP_TOKEN.test(value), reason: 'must be an HTTP header name' },
};

/** Defaults of optional fields left empty. */
const DEFAULTS: Readonly<Record<string, string>> = {
  emailAttribute: LDAP_DEFAULTS.emailAttribute,
  displayNameAttribute: LDAP_DEFAULTS.displayNameAttribute,
  phoneAttribute: LDAP_DEFAULTS.phoneAttribute,
  graphUrl: GRAPH_DEFAULT_URLS.graphUrl,
  authorityUrl: GRAPH_DEFAULT_URLS.authorityUrl,
};

const EMPTY: DirectoryValues = {
  type: 'LDAP',
  hybrid: false,
  host: null,
  port: null,
  secured: false,
  baseDn: null,
  userDn: null,
  password: null,
  userLoginPattern: null,
  loginProperty: null,
  emailAttribute: null,
  displayNameAttribute: null,
  phoneAttribute: null,
  tenantId: null,
  applicationId: null,
  graphUrl: null,
  authorityUrl: null,
  restAuthentication: null,
  restUsername: null,
  restHeader: null,
  listUsersUrl: null,
  secret: null,
};

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export interface ReadOptions {
  /** 'save': a missing field names itself; 'test': one message asks for all mandatory fields (docs/requirements/portal-validation.md). */
  purpose: 'save' | 'test';
  /** The stored directory an edit or a test starts from (its password or secret counts as given). */
  stored: DirectoryRow | null;
}

/** The checked settings of a form (without the name). */
export function readSettings(form: Record<string, unknown>, options: ReadOptions): DirectoryValues {
  const type = form.type as DirectoryType;
  const { stored } = options;
  if (options.purpose === 'save' && stored && stored.type !== type) {
    throw fail(DIRECTORY_ERRORS.typeChanged);
  }
  const sameType = stored?.type === type ? stored : null;
  const fields: readonly string[] = DIRECTORY_FIELDS[type];
  const values: DirectoryValues = { ...EMPTY, type };
  const set = values as unknown as Record<string, unknown>;

  for (const field of fields) {
    const raw = form[field];
    if (field === 'hybrid' || field === 'secured') {
      set[field] = raw === true;
    } else if (field === 'port') {
      if (raw === null || raw === undefined || raw === '') continue;
      if (typeof raw !== 'number' || !isPort(raw))
        throw invalidField('port', 'must be a port from 1 to 65535');
      values.port = raw;
    } else if (field === 'restAuthentication') {
      values.restAuthentication = (raw as RestAuthentication | null | undefined) ?? null;
    } else if (field === 'password' || field === 'secret') {
      // Write-only: empty keeps the stored value of a directory of the same type.
      set[field] = typeof raw === 'string' && raw !== '' ? raw : (sameType?.[field] ?? null);
    } else {
      const value = text(raw) ?? DEFAULTS[field] ?? null;
      if (value !== null) {
        const format = FORMATS[field];
        if (format && !format.test(value)) throw invalidField(field, format.reason);
      }
      set[field] = value;
    }
  }

  const required: string[] = [...DIRECTORY_REQUIRED[type]];
  if (type === 'REST' && values.restAuthentication)
    required.push(...REST_AUTH_NEEDS[values.restAuthentication]);
  const missing = required.filter((field) => set[field] === null || set[field] === undefined);
  if (missing.length > 0) {
    if (options.purpose === 'test') {
      throw fail(DIRECTORY_ERRORS.mandatoryFields);
    }
    throw fail(DIRECTORY_ERRORS.missingField, { field: missing[0]!, type });
  }
  // Fields a REST authentication does not use are not kept.
  if (type === 'REST' && values.restAuthentication) {
    const needs: readonly string[] = REST_AUTH_NEEDS[values.restAuthentication];
    for (const field of ['restUsername', 'restHeader', 'secret'])
      if (!needs.includes(field)) set[field] = null;
  }
  return values;
}

/**
 * The columns of a create or an edit: the name, unique in the customer ignoring case (the transaction is the
 * customer's: its directories are the only ones it sees), and the settings.
 */
export async function readDirectoryForm(
  tx: Database,
  form: Record<string, unknown>,
  stored: DirectoryRow | null,
): Promise<DirectoryValues & { name: string }> {
  const name = text(form.name);
  if (name === null) throw invalidField('name', 'must not be empty');
  const values = readSettings(form, { purpose: 'save', stored });
  await claimUniqueText(
    tx,
    {
      lock: 727_310,
      table: directories,
      column: directories.name,
      id: directories.id,
      taken: () => fail(DIRECTORY_ERRORS.nameExisted),
    },
    name,
    stored?.id,
  );
  return { name, ...values };
}

/** How to reach a directory: its type and the settings its client takes. */
export type Connection =
  | { type: 'LDAP'; settings: LdapSettings }
  | { type: 'AZURE'; settings: AzureDirectorySettings }
  | { type: 'REST'; settings: RestDirectorySettings };

/** The connection of checked values (readSettings made sure the required ones are there). */
export function connectionOf(values: DirectoryValues): Connection {
  const need = <T>(value: T | null): T => {
    if (value === null) throw fail(DIRECTORY_ERRORS.mandatoryFields);
    return value;
  };
  switch (values.type) {
    case 'LDAP':
      return {
        type: 'LDAP',
        settings: {
          host: need(values.host),
          port: need(values.port),
          secured: values.secured,
          baseDn: need(values.baseDn),
          userDn: need(values.userDn),
          password: need(values.password),
          userLoginPattern: need(values.userLoginPattern),
          loginProperty: need(values.loginProperty),
          emailAttribute: values.emailAttribute ?? LDAP_DEFAULTS.emailAttribute,
          displayNameAttribute: values.displayNameAttribute ?? LDAP_DEFAULTS.displayNameAttribute,
          phoneAttribute: values.phoneAttribute ?? LDAP_DEFAULTS.phoneAttribute,
        },
      };
    case 'AZURE':
      return {
        type: 'AZURE',
        settings: {
          tenantId: need(values.tenantId),
          applicationId: need(values.applicationId),
          secret: need(values.secret),
          graphUrl: values.graphUrl ?? GRAPH_DEFAULT_URLS.graphUrl,
          authorityUrl: values.authorityUrl ?? GRAPH_DEFAULT_URLS.authorityUrl,
        },
      };
    case 'REST': {
      const authentication = need(values.restAuthentication);
      return {
        type: 'REST',
        settings: {
          listUsersUrl: need(values.listUsersUrl),
          authentication:
            authentication === 'NONE'
              ? { type: 'NONE' }
              : authentication === 'BASIC'
                ? { type: 'BASIC', username: need(values.restUsername), password: need(values.secret) }
                : authentication === 'BEARER'
                  ? { type: 'BEARER', token: need(values.secret) }
                  : { type: 'API_KEY', header: need(values.restHeader), value: need(values.secret) },
        },
      };
    }
  }
}
