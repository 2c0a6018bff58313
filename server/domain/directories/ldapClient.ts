import {
  Attribute,
  Change,
  Client,
  type Entry,
  InsufficientAccessError,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchObjectError,
} from 'ldapts';
import { USERNAME_PLACEHOLDER } from '../../../contract/rules.ts';
import type { DirectoryEntry } from './entry.ts';

/**
 * The LDAP side of a directory (ldapts): test the connection, read every user with paged searches (a real
 * directory caps a plain search, Active Directory at 1,000 entries), find one user, and write a password.
 * Every call binds with the directory's configured account, times out (5 s by default) and closes its
 * connection. Errors become an LdapError with a reason and one line of detail that never holds a password.
 */

export interface LdapSettings {
  host: string;
  port: number;
  secured: boolean;
  baseDn: string;
  userDn: string;
  password: string;
  /** A filter selecting one user, with {username} for the login name: `(&(objectClass=person)(uid={username}))`. */
  userLoginPattern: string;
  /** The attribute holding the login name (uid, sAMAccountName, userPrincipalName…). */
  loginProperty: string;
  emailAttribute: string;
  displayNameAttribute: string;
  phoneAttribute: string;
}

export type LdapFailure = 'refused' | 'timeout' | 'credentials' | 'baseDn' | 'tls' | 'notAllowed' | 'other';

export class LdapError extends Error {
  readonly reason: LdapFailure;
  readonly detail: string;
  constructor(reason: LdapFailure, detail: string) {
    super(detail);
    this.name = 'LdapError';
    this.reason = reason;
    this.detail = detail;
  }
}

export interface LdapOptions {
  timeoutMs?: number;
  /** Entries per page of a paged search. */
  pageSize?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_PAGE_SIZE = 500;

const where = (settings: LdapSettings) =>
  `${settings.secured ? 'ldaps' : 'ldap'}://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}`;

/** What went wrong, in the words of the reason it is. */
function failure(error: unknown, settings: LdapSettings, timeoutMs: number, base: string): LdapError {
  if (error instanceof LdapError) return error;
  const server = `${settings.host}:${settings.port}`;
  if (error instanceof InvalidCredentialsError) {
    return new LdapError('credentials', 'The user DN or password was refused by the directory.');
  }
  if (error instanceof NoSuchObjectError) {
    return new LdapError('baseDn', `The base DN '${base}' does not exist in the directory.`);
  }
  if (error instanceof InvalidDNSyntaxError) {
    return new LdapError('baseDn', 'The directory did not accept a DN: check the user DN and the base DN.');
  }
  if (error instanceof InsufficientAccessError) {
    return new LdapError('notAllowed', 'The directory does not let the configured account change passwords.');
  }
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED')
    return new LdapError('refused', `The server at ${server} refused the connection.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new LdapError('refused', `The host name '${settings.host}' could not be resolved.`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new LdapError('refused', `The server at ${server} cannot be reached from here.`);
  }
  if (code === 'ETIMEDOUT' || /time(d)? ?out/i.test(message)) {
    return new LdapError('timeout', `No answer from ${server} within ${Math.round(timeoutMs / 1000)} s.`);
  }
  if (/ssl|tls|certificate|self.signed|EPROTO/i.test(`${code ?? ''} ${message}`)) {
    return new LdapError('tls', `The secure connection to ${server} failed: ${message.slice(0, 200)}`);
  }
  if (code === 'ECONNRESET' || /socket|closed/i.test(message)) {
    return new LdapError(
      'refused',
      `The server at ${server} closed the connection: is it an LDAP server on this port?`,
    );
  }
  return new LdapError('other', `The directory answered: ${message.slice(0, 200)}`);
}

/** Runs `work` on a client bound with the configured account, then closes the connection. */
async function withClient<T>(
  settings: LdapSettings,
  options: LdapOptions,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new Client({
    url: where(settings),
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    strictDN: false,
    // ldapts speaks TLS whenever tlsOptions are given. A directory's certificate authority is the operating
    // system's; a self-signed certificate fails with 'tls'.
    ...(settings.secured ? { tlsOptions: { minVersion: 'TLSv1.2' as const } } : {}),
  });
  try {
    await client.bind(settings.userDn, settings.password);
    return await work(client);
  } catch (error) {
    throw failure(error, settings, timeoutMs, settings.baseDn);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** A value as it may stand in a filter (RFC 4515): `\`, `*`, `(`, `)` and NUL escaped as hex. */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[\\*()\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The pattern's filter for one login name (escaped), or for every user (`*`). */
export function loginFilter(
  settings: Pick<LdapSettings, 'userLoginPattern'>,
  username: string | null,
): string {
  const value = username === null ? '*' : escapeFilterValue(username);
  return settings.userLoginPattern.split(USERNAME_PLACEHOLDER).join(value);
}

const first = (entry: Entry, attribute: string): string | null => {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === null) return null;
  const string = Buffer.isBuffer(text) ? text.toString('utf8') : String(text);
  return string.trim() === '' ? null : string.trim();
};

const toEntry = (settings: LdapSettings, entry: Entry): DirectoryEntry | null => {
  const username = first(entry, settings.loginProperty);
  if (!username) return null;
  return {
    dn: entry.dn,
    username,
    email: first(entry, settings.emailAttribute),
    displayName: first(entry, settings.displayNameAttribute),
    mobilePhone: first(entry, settings.phoneAttribute),
  };
};

const attributesOf = (settings: LdapSettings) => [
  settings.loginProperty,
  settings.emailAttribute,
  settings.displayNameAttribute,
  settings.phoneAttribute,
];

/**
 * Binds with the configured account, reads the base DN, and counts the users the pattern finds under it
 * (paged, names only: a directory's cap on one answer does not cut the count short).
 */
export async function testLdapConnection(
  settings: LdapSettings,
  options: LdapOptions = {},
): Promise<{ entries: number }> {
  return withClient(settings, options, async (client) => {
    await client.search(settings.baseDn, { scope: 'base', attributes: ['1.1'] });
    let entries = 0;
    const pages = client.searchPaginated(settings.baseDn, {
      scope: 'sub',
      filter: loginFilter(settings, null),
      attributes: ['1.1'],
      paged: { pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE },
    });
    for await (const page of pages) entries += page.searchEntries.length;
    return { entries };
  });
}

/** Every user under the base DN that the pattern selects, read a page at a time. */
export async function readLdapUsers(
  settings: LdapSettings,
  onProgress?: (read: number) => void,
  options: LdapOptions = {},
): Promise<DirectoryEntry[]> {
  return withClient(settings, options, async (client) => {
    const users: DirectoryEntry[] = [];
    const pages = client.searchPaginated(settings.baseDn, {
      scope: 'sub',
      filter: loginFilter(settings, null),
      attributes: attributesOf(settings),
      paged: { pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE },
    });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        const user = toEntry(settings, entry);
        if (user) users.push(user);
      }
      onProgress?.(users.length);
    }
    return users;
  });
}

/** The user with this login name, or null. */
export async function findLdapUser(
  settings: LdapSettings,
  username: string,
  options: LdapOptions = {},
): Promise<DirectoryEntry | null> {
  return withClient(settings, options, async (client) => {
    const { searchEntries } = await client.search(settings.baseDn, {
      scope: 'sub',
      filter: loginFilter(settings, username),
      attributes: attributesOf(settings),
      sizeLimit: 2,
    });
    const [entry] = searchEntries;
    return searchEntries.length === 1 && entry ? toEntry(settings, entry) : null;
  });
}

/** Replaces the password of the entry `dn`, as the configured account. */
export async function setLdapPassword(
  settings: LdapSettings,
  dn: string,
  newPassword: string,
  options: LdapOptions = {},
): Promise<void> {
  await withClient(settings, options, async (client) => {
    await client.modify(
      dn,
      new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'userPassword', values: [newPassword] }),
      }),
    );
  });
}
