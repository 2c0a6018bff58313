import { randomUUID } from 'node:crypto';
import { isIP, connect as netConnect } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import {
  AdminLimitExceededError,
  Attribute,
  Change,
  Client,
  ConfidentialityRequiredError,
  ConstraintViolationError,
  type Entry,
  type Filter,
  FilterParser,
  InsufficientAccessError,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchAttributeError,
  NoSuchObjectError,
  ResultCodeError,
  SizeLimitExceededError,
  StrongAuthRequiredError,
  UnwillingToPerformError,
} from 'ldapts';
import { USERNAME_PLACEHOLDER } from '../../../contract/rules.ts';
import {
  OutboundError,
  type OutboundPolicy,
  pinnedLookup,
  type Resolved,
  resolveOutbound,
} from '../../domain/outbound.ts';
import { UUID_PATTERN } from '../../validation.ts';
import type { DirectoryEntry } from './entry.ts';

export type { DirectoryEntry } from './entry.ts';

/**
 * The LDAP side of a directory (ldapts): test the connection, read every user with paged searches (a real
 * directory caps a plain search, Active Directory at 1,000 entries), find one user, and write a password.
 * Every call goes through the outbound guard first (server/domain/outbound.ts: the host resolved once, a
 * refused address never connected to) and connects to the addresses it checked, binds with the directory's
 * configured account, times out (5 s by default, for the connection and for each request, so a large
 * directory read page by page does not time out as a whole) and closes its connection. Errors become an
 * LdapError with a reason and one line of detail that never holds a password nor the directory's own words.
 */

export interface LdapSettings {
  host: string;
  port: number;
  /** ldaps:// (TLS from the first byte, usually port 636), verified against the system's authorities. */
  secured: boolean;
  baseDn: string;
  userDn: string;
  password: string;
  /**
   * An LDAP filter selecting one user, with {username} for the login name:
   * `(&(objectClass=inetOrgPerson)(uid={username}))`.
   */
  userLoginPattern: string;
  /** The attribute holding the login name (uid, sAMAccountName, userPrincipalName…). */
  loginProperty: string;
  emailAttribute: string;
  displayNameAttribute: string;
  phoneAttribute: string;
}

/**
 * Why a call failed: the outbound guard does not let the portal connect to the host's address
 * (`notPermitted`: nothing was sent), the host name did not resolve or the server refused or could not be
 * reached (`refused`), did not answer in time (`timeout`), refused the user DN or password (`credentials`),
 * has no such base DN (`baseDn`), failed the secure connection (`tls`), rejected the login pattern as a
 * filter (`filter`), or does not let the account do it (`notAllowed`: a password change); anything else is
 * `other`.
 */
export type LdapFailure =
  | 'notPermitted'
  | 'refused'
  | 'timeout'
  | 'credentials'
  | 'baseDn'
  | 'tls'
  | 'filter'
  | 'notAllowed'
  | 'other';

export class LdapError extends Error {
  readonly reason: LdapFailure;
  /** One line in English, without secrets. */
  readonly detail: string;
  constructor(reason: LdapFailure, detail: string) {
    super(detail);
    this.name = 'LdapError';
    this.reason = reason;
    this.detail = detail;
  }
}

export interface LdapOptions {
  /** What may be reached (the server's OUTBOUND_ALLOW): every connection goes through the outbound guard. */
  outbound: OutboundPolicy;
  /** For resolving the host, connecting and for each request; 5000 by default. */
  timeoutMs?: number;
  /** Entries per page of a paged search; 500 by default (what most directories allow). */
  pageSize?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_PAGE_SIZE = 500;
/** Longer messages from a server or from Node are cut to this in a detail. */
const MESSAGE_LENGTH = 160;

const urlOf = (settings: LdapSettings) =>
  `${settings.secured ? 'ldaps' : 'ldap'}://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${settings.port}`;

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

/** What the call was doing when it failed: the wording of some failures depends on it. */
interface Step {
  timeoutMs: number;
  /** The entry a password is written to. */
  writing?: string;
  /** Whether the connection and the bind had succeeded. */
  bound: boolean;
}

/** Errors that are not the directory's (from a progress callback): passed on as they are. */
const foreign = new WeakSet<object>();

const TLS_CODES =
  /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(GET|VERIFY)_|HOSTNAME_MISMATCH$)/;

/** What went wrong, in the words of the reason it is; `secrets` never appear in the detail. */
function failure(error: unknown, settings: LdapSettings, step: Step, secrets: string[]): LdapError {
  if (error instanceof LdapError) return error;
  if (error instanceof OutboundError) {
    return error.category === 'notPermitted'
      ? new LdapError('notPermitted', error.message)
      : new LdapError('refused', `The host name '${settings.host}' could not be resolved.`);
  }
  const server = `${settings.host}:${settings.port}`;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const raw = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const message = secrets
    .filter((secret) => secret.length >= 3)
    .reduce((text, secret) => text.split(secret).join('***'), raw)
    .slice(0, MESSAGE_LENGTH);

  if (error instanceof InvalidCredentialsError) {
    return new LdapError('credentials', 'The user DN or password was refused.');
  }
  if (error instanceof NoSuchObjectError) {
    return step.writing === undefined
      ? new LdapError(
          'baseDn',
          `The base DN '${settings.baseDn}' does not exist (or the account may not read it).`,
        )
      : new LdapError('other', `The entry '${step.writing}' does not exist in the directory.`);
  }
  if (error instanceof InvalidDNSyntaxError) {
    return step.bound
      ? new LdapError('baseDn', `The directory does not accept '${step.writing ?? settings.baseDn}' as a DN.`)
      : new LdapError('credentials', 'The directory does not accept the user DN as a DN.');
  }
  if (
    step.writing !== undefined &&
    (error instanceof InsufficientAccessError || error instanceof UnwillingToPerformError)
  ) {
    return new LdapError('notAllowed', 'The directory does not let the configured account change passwords.');
  }
  if (error instanceof InsufficientAccessError) {
    return new LdapError(
      'notAllowed',
      `The directory does not let the configured account read '${settings.baseDn}'.`,
    );
  }
  if (error instanceof StrongAuthRequiredError || error instanceof ConfidentialityRequiredError) {
    return new LdapError('tls', 'The directory requires a secured connection (LDAPS).');
  }
  // The directory's own words (its diagnostic message) are never repeated: only what its result code means.
  if (error instanceof ConstraintViolationError && step.writing !== undefined) {
    return new LdapError(
      'other',
      'The directory refused the new password: it breaks one of its constraints (its password policy).',
    );
  }
  if (error instanceof AdminLimitExceededError || error instanceof SizeLimitExceededError) {
    return new LdapError(
      'other',
      'The directory stopped the search at one of its size or administrative limits.',
    );
  }
  if (error instanceof ResultCodeError) {
    return new LdapError('other', `The directory answered with an error (LDAP result ${error.code}).`);
  }
  if (code === 'ECONNREFUSED')
    return new LdapError('refused', `The server at ${server} refused the connection.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new LdapError('refused', `The host name '${settings.host}' could not be resolved.`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return new LdapError('refused', `The server at ${server} cannot be reached from here.`);
  }
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(message)) {
    return new LdapError('timeout', `No answer from ${server} within ${duration(step.timeoutMs)}.`);
  }
  if (
    TLS_CODES.test(code) ||
    /\b(ssl|tls)\b|certificate/i.test(message) ||
    (settings.secured && !step.bound && code === 'ECONNRESET')
  ) {
    return new LdapError(
      'tls',
      `The secure connection to ${server} failed (${code || message}): is it an LDAPS port with a trusted certificate?`,
    );
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket|closed|connection/i.test(message)) {
    return new LdapError(
      'refused',
      `The server at ${server} closed the connection: is it an LDAP${settings.secured ? 'S' : ''} server on this port?`,
    );
  }
  return new LdapError(
    'other',
    `The request to ${server} failed${/^[A-Z][A-Z0-9_]+$/.test(code) ? ` (${code})` : ''}.`,
  );
}

/**
 * A client for the directory's server, not yet connected nor bound: the host resolved through the outbound
 * guard (a refused address is never connected to), the connection made to the addresses it checked, with
 * the timeouts of `options`.
 */
async function newClient(settings: LdapSettings, options: LdapOptions, step: Step): Promise<Client> {
  let resolved: Resolved;
  try {
    resolved = await resolveOutbound(settings.host, options.outbound, { timeoutMs: step.timeoutMs });
  } catch (error) {
    throw failure(error, settings, step, []);
  }
  // The connection goes to the addresses the guard checked (the lookup answers them; no DNS query again),
  // for the host name: ldaps:// verifies the server's certificate for it against the system's authorities
  // (a self-signed one fails with 'tls').
  const lookup = pinnedLookup(resolved);
  const servername = isIP(settings.host) === 0 ? { servername: settings.host } : {};
  const connect = (port: number) => netConnect({ port, host: settings.host, lookup });
  const connectSecurely = (port: number, _host: string, tlsOptions?: ConnectionOptions) =>
    tlsConnect({ ...tlsOptions, ...servername, port, host: settings.host, lookup });
  try {
    return new Client({
      url: urlOf(settings),
      timeout: step.timeoutMs,
      connectTimeout: step.timeoutMs,
      strictDN: false,
      createConnection: connect as typeof netConnect,
      createSecureConnection: connectSecurely as typeof tlsConnect,
      ...(settings.secured ? { tlsOptions: { minVersion: 'TLSv1.2' as const } } : {}),
    });
  } catch {
    throw new LdapError(
      'refused',
      `'${settings.host}:${settings.port}' is not an address an LDAP client can use.`,
    );
  }
}

/** Runs `work` on a client bound with the configured account, then closes the connection. */
async function withClient<T>(
  settings: LdapSettings,
  options: LdapOptions,
  work: (client: Client, step: Step) => Promise<T>,
  secrets: string[] = [],
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const step: Step = { timeoutMs, bound: false };
  if (settings.password === '') {
    // An empty password would be an anonymous bind, which many directories accept.
    throw new LdapError('credentials', 'No password is set for the user DN.');
  }
  const client = await newClient(settings, options, step);
  try {
    await client.bind(settings.userDn, settings.password);
    step.bound = true;
    return await work(client, step);
  } catch (error) {
    if (error instanceof Object && foreign.has(error)) throw error;
    throw failure(error, settings, step, [settings.password, ...secrets]);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * A connection kept for checking users' passwords (the gateway's first factor): `check` binds as the user
 * on it; a wrong password leaves it usable for the next check, anything else closes it.
 */
export interface PasswordChecker {
  /** 'ok', 'wrong' (the directory refused the DN or password), or throws an LdapError. */
  check(dn: string, password: string): Promise<'ok' | 'wrong'>;
  close(): Promise<void>;
  /** False once a failure closed it. */
  readonly usable: boolean;
}

/** Opens a connection to the directory for password checks (see PasswordChecker). */
export async function openPasswordChecker(
  settings: LdapSettings,
  options: LdapOptions,
): Promise<PasswordChecker> {
  const step: Step = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, bound: false };
  const client = await newClient(settings, options, step);
  let usable = true;
  return {
    get usable() {
      return usable;
    },
    async check(dn, password) {
      // An empty password is an unauthenticated bind (RFC 4513 §5.1.2), which directories accept: refused here.
      if (password === '' || dn === '') return 'wrong';
      try {
        await client.bind(dn, password);
        step.bound = true;
        return 'ok';
      } catch (error) {
        if (error instanceof InvalidCredentialsError || error instanceof InvalidDNSyntaxError) return 'wrong';
        usable = false;
        await client.unbind().catch(() => undefined);
        throw failure(error, settings, step, [password]);
      }
    },
    async close() {
      usable = false;
      await client.unbind().catch(() => undefined);
    },
  };
}

/** A value as it may stand in a filter (RFC 4515): `\`, `*`, `(`, `)` and NUL escaped as hex. */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[\\*()\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The pattern's filter text for one login name (escaped), or for every user (`*`, a presence match). */
export function loginFilter(
  settings: Pick<LdapSettings, 'userLoginPattern'>,
  username: string | null,
): string {
  const value = username === null ? '*' : escapeFilterValue(username);
  return settings.userLoginPattern.split(USERNAME_PLACEHOLDER).join(value);
}

/** The pattern's filter, parsed before any connection: a pattern that is not a filter fails with 'filter'. */
function parsedLoginFilter(settings: LdapSettings, username: string | null): Filter {
  if (!settings.userLoginPattern.includes(USERNAME_PLACEHOLDER)) {
    throw new LdapError('filter', `The user login pattern does not hold ${USERNAME_PLACEHOLDER}.`);
  }
  // ldapts's parser lets a missing closing parenthesis of (&…) or (|…) pass; a directory would not.
  let depth = 0;
  for (const char of settings.userLoginPattern) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) break;
  }
  if (depth !== 0)
    throw new LdapError(
      'filter',
      'The user login pattern is not a valid LDAP filter (unbalanced parentheses).',
    );
  try {
    return FilterParser.parseString(loginFilter(settings, username));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    // The parser quotes the filter, which holds the username: only its own words are kept.
    const reason = message.split(':')[0]?.slice(0, MESSAGE_LENGTH) ?? 'invalid';
    throw new LdapError('filter', `The user login pattern is not a valid LDAP filter (${reason}).`);
  }
}

const first = (entry: Entry, attribute: string): string | null => {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === null) return null;
  const string = (Buffer.isBuffer(text) ? text.toString('utf8') : String(text)).trim();
  return string === '' ? null : string;
};

/**
 * The directory's immutable identifier of an entry: Active Directory's objectGUID (16 bytes, read as bytes),
 * else the entryUUID of OpenLDAP and other RFC 4530 directories. Asked for with every user, whatever the
 * mapping.
 */
const OBJECT_GUID = 'objectGUID';
const ENTRY_UUID = 'entryUUID';

/**
 * The entry's ImmutableID as Microsoft Entra ID expects it from a federated identity provider (the NameID of
 * an Office 365 sign-in): the base64 of the GUID's 16 bytes in the order Active Directory stores objectGUID
 * (its first three fields little-endian), so that an entryUUID gives what the same GUID in objectGUID would.
 * Null when the directory gives neither.
 */
export function immutableIdOf(entry: Entry): string | null {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === OBJECT_GUID.toLowerCase());
  const guid = key === undefined ? undefined : ([entry[key]].flat()[0] as unknown);
  if (Buffer.isBuffer(guid) && guid.length === 16) return guid.toString('base64');
  const uuid = first(entry, ENTRY_UUID);
  if (!uuid || !UUID_PATTERN.test(uuid)) return null;
  const bytes = Buffer.from(uuid.replaceAll('-', ''), 'hex');
  const order = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];
  return Buffer.from(order.map((index) => bytes[index]!)).toString('base64');
}

const toEntry = (settings: LdapSettings, entry: Entry): DirectoryEntry | null => {
  const username = first(entry, settings.loginProperty);
  if (!username) return null;
  return {
    dn: entry.dn,
    username,
    email: first(entry, settings.emailAttribute),
    displayName: first(entry, settings.displayNameAttribute),
    mobilePhone: first(entry, settings.phoneAttribute),
    immutableId: immutableIdOf(entry),
  };
};

const attributesOf = (settings: LdapSettings) => [
  ...new Set(
    [
      settings.loginProperty,
      settings.emailAttribute,
      settings.displayNameAttribute,
      settings.phoneAttribute,
      OBJECT_GUID,
      ENTRY_UUID,
    ].filter((name) => name !== ''),
  ),
];

/**
 * Binds with the configured account, reads the base DN (a missing one fails with 'baseDn'), and counts the
 * users the pattern finds under it (paged, no attributes: a directory's cap on one answer does not cut the
 * count short).
 */
export async function testLdapConnection(
  settings: LdapSettings,
  options: LdapOptions,
): Promise<{ entries: number; passwordWritable: boolean | null }> {
  const filter = parsedLoginFilter(settings, null);
  return withClient(settings, options, async (client) => {
    await client.search(settings.baseDn, { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] });
    let entries = 0;
    let first: string | undefined;
    const pages = client.searchPaginated(settings.baseDn, {
      scope: 'sub',
      filter,
      attributes: ['1.1'],
      paged: { pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE },
    });
    for await (const page of pages) {
      first ??= page.searchEntries[0]?.dn;
      entries += page.searchEntries.length;
    }
    return { entries, passwordWritable: first ? await mayWritePassword(client, first) : null };
  });
}

/**
 * Whether the bound account may write the userPassword of the entry `dn` (a password reset's write), asked
 * without changing anything: a modify that deletes a random value the entry cannot hold. The directory checks
 * the account's right first: refused (insufficientAccessRights) means it may not write; noSuchAttribute means
 * it may (and the modify, failed, wrote nothing). Any other answer tells nothing (null).
 */
async function mayWritePassword(client: Client, dn: string): Promise<boolean | null> {
  try {
    await client.modify(
      dn,
      new Change({
        operation: 'delete',
        modification: new Attribute({
          type: 'userPassword',
          values: [`never-a-password-${randomUUID()}`],
        }),
      }),
    );
    return null;
  } catch (error) {
    if (error instanceof InsufficientAccessError) return false;
    if (error instanceof NoSuchAttributeError) return true;
    return null;
  }
}

/**
 * Every user under the base DN that the pattern selects (`{username}` matching anything), read a page at a
 * time with only the mapped attributes; entries without the login property are left out. `onProgress` hears
 * the number read so far after each page; what it throws is passed on as it is.
 */
export async function readLdapUsers(
  settings: LdapSettings,
  options: LdapOptions,
  onProgress?: (read: number) => void,
): Promise<DirectoryEntry[]> {
  const filter = parsedLoginFilter(settings, null);
  return withClient(settings, options, async (client) => {
    const users: DirectoryEntry[] = [];
    const pages = client.searchPaginated(settings.baseDn, {
      scope: 'sub',
      filter,
      attributes: attributesOf(settings),
      explicitBufferAttributes: [OBJECT_GUID],
      paged: { pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE },
    });
    for await (const page of pages) {
      for (const entry of page.searchEntries) {
        const user = toEntry(settings, entry);
        if (user) users.push(user);
      }
      try {
        onProgress?.(users.length);
      } catch (error) {
        if (error instanceof Object) foreign.add(error);
        throw error;
      }
    }
    return users;
  });
}

/** The one user with this login name (escaped into the pattern), or null when none or several match. */
export async function findLdapUser(
  settings: LdapSettings,
  username: string,
  options: LdapOptions,
): Promise<DirectoryEntry | null> {
  if (username === '') return null;
  const filter = parsedLoginFilter(settings, username);
  return withClient(settings, options, async (client) => {
    try {
      const { searchEntries } = await client.search(settings.baseDn, {
        scope: 'sub',
        filter,
        attributes: attributesOf(settings),
        explicitBufferAttributes: [OBJECT_GUID],
        sizeLimit: 2,
      });
      const [entry] = searchEntries;
      return searchEntries.length === 1 && entry ? toEntry(settings, entry) : null;
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return null;
      throw error;
    }
  });
}

/**
 * Replaces the userPassword of the entry `dn`, binding as the configured account. An account the directory
 * does not let write it fails with 'notAllowed'. The directory stores the value as it is sent unless it
 * hashes passwords itself (OpenLDAP's ppolicy `olcPPolicyHashCleartext`, for instance).
 */
export async function setLdapPassword(
  settings: LdapSettings,
  dn: string,
  newPassword: string,
  options: LdapOptions,
): Promise<void> {
  await withClient(
    settings,
    options,
    async (client, step) => {
      step.writing = dn;
      await client.modify(
        dn,
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'userPassword', values: [newPassword] }),
        }),
      );
    },
    [newPassword],
  );
}
