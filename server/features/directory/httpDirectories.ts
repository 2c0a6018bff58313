import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { GRAPH_DEFAULT_URLS } from '../../../contract/directory.ts';
import { isHttpUrl } from '../../../contract/rules.ts';
import {
  OutboundError,
  type OutboundPolicy,
  pinnedLookup,
  type Resolved,
  resolveOutbound,
} from '../../domain/outbound.ts';
import type { DirectoryEntry } from './entry.ts';

/**
 * The directories read over HTTP: a REST directory's list-active-users URL, and Azure AD through Microsoft
 * Graph (a client-credentials token, then `/v1.0/users` with `$select` and `$top`, following
 * `@odata.nextLink`). Every request goes through the outbound guard (server/domain/outbound.ts: the host
 * resolved once, a refused address never connected to), is made to the address it answered, follows no
 * redirect and times out (5 s by default); an answer is read up to 50 MB; errors become an HttpDirectoryError
 * with a reason and one line of detail that never holds a secret nor the remote body.
 */

export type HttpDirectoryFailure =
  | 'notPermitted'
  | 'refused'
  | 'timeout'
  | 'credentials'
  | 'status'
  | 'format'
  | 'tls'
  | 'other';

export class HttpDirectoryError extends Error {
  readonly reason: HttpDirectoryFailure;
  readonly detail: string;
  constructor(reason: HttpDirectoryFailure, detail: string) {
    super(detail);
    this.name = 'HttpDirectoryError';
    this.reason = reason;
    this.detail = detail;
  }
}

export type RestAuthenticationSettings =
  | { type: 'NONE' }
  | { type: 'BASIC'; username: string; password: string }
  | { type: 'BEARER'; token: string }
  | { type: 'API_KEY'; header: string; value: string };

export interface RestDirectorySettings {
  listUsersUrl: string;
  authentication: RestAuthenticationSettings;
}

export interface AzureDirectorySettings {
  tenantId: string;
  applicationId: string;
  secret: string;
  graphUrl: string;
  authorityUrl: string;
}

export const GRAPH_DEFAULTS = GRAPH_DEFAULT_URLS;

export interface HttpOptions {
  /** What may be reached (the server's OUTBOUND_ALLOW): every request goes through the outbound guard. */
  outbound: OutboundPolicy;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_BYTES = 50 * 1024 * 1024;
const MAX_PAGES = 1000;

/** The origin of a URL, for messages (never its query, which may hold a key). */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the server';
  }
};

/** The answer's status and body, read up to MAX_BYTES. */
interface Answer {
  status: number;
  text: string;
}

/**
 * A GET or POST answering JSON, with the timeout (name resolution, connection and reading together) and the
 * size cap. The host is resolved once through the outbound guard and the connection made to the addresses it
 * checked (TLS still verifying the certificate for the host name); a redirect is never followed.
 */
async function requestJson(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  options: HttpOptions,
): Promise<unknown> {
  if (!isHttpUrl(url)) throw new HttpDirectoryError('other', 'The URL must be an http(s) URL.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const origin = originOf(url);
  const deadline = Date.now() + timeoutMs;
  const target = new URL(url);
  let resolved: Resolved;
  try {
    resolved = await resolveOutbound(target.hostname, options.outbound, { timeoutMs });
  } catch (error) {
    throw outboundFailure(error, origin);
  }
  let answer: Answer;
  try {
    answer = await send(target, resolved, init, Math.max(1, deadline - Date.now()));
  } catch (error) {
    if (error instanceof HttpDirectoryError) throw error;
    throw networkFailure(error, origin, timeoutMs);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw new HttpDirectoryError(
      'credentials',
      `The credentials were refused by ${origin} (${answer.status}).`,
    );
  }
  if (answer.status >= 300 && answer.status < 400) {
    throw new HttpDirectoryError(
      'status',
      `The server at ${origin} answered ${answer.status}: a redirect, which is not followed.`,
    );
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new HttpDirectoryError('status', `The server at ${origin} answered ${answer.status}.`);
  }
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new HttpDirectoryError('format', `The answer of ${origin} is not JSON.`);
  }
}

/** Headers that describe the connection or the body are the request's own, never a setting's. */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
]);

const ownHeaders = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())));

class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * One request to the addresses the guard checked, its Host header and TLS server name the URL's host. Any
 * status is answered (a redirect's Location is never read); only a 2xx body is read, up to MAX_BYTES.
 */
function send(
  target: URL,
  resolved: Resolved,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<Answer> {
  const secure = target.protocol === 'https:';
  const name = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = (secure ? httpsRequest : httpRequest)({
      // The URL's host (the Host header, and the name TLS verifies the certificate for), reached at the
      // addresses the guard checked: the lookup answers them, and no DNS query is made again.
      hostname: name,
      lookup: pinnedLookup(resolved),
      ...(secure && isIP(name) === 0 ? { servername: name } : {}),
      port: target.port === '' ? (secure ? 443 : 80) : Number(target.port),
      path: `${target.pathname}${target.search}`,
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...ownHeaders(init.headers),
        ...(body === undefined ? {} : { 'content-length': String(body.byteLength) }),
      },
      // A connection of its own (no pool keyed by the name), closed after the answer.
      agent: false,
    });
    const timer = setTimeout(() => {
      const error = new TimeoutError('timeout');
      request.destroy(error);
      settle(() => reject(error));
    }, timeoutMs);
    request.on('error', (error) => settle(() => reject(error)));
    request.on('response', (response) => {
      response.on('error', (error) => settle(() => reject(error)));
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        request.destroy();
        settle(() => resolve({ status, text: '' }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > MAX_BYTES) {
          request.destroy();
          settle(() => reject(new HttpDirectoryError('format', 'The answer is larger than 50 MB.')));
          return;
        }
        chunks.push(chunk);
      });
      response.on('aborted', () =>
        settle(() => reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))),
      );
      response.on('end', () =>
        settle(() => resolve({ status, text: Buffer.concat(chunks).toString('utf8') })),
      );
    });
    request.end(body);
  });
}

/** A name the guard refused, or that did not resolve: no connection was made. */
function outboundFailure(error: unknown, origin: string): HttpDirectoryError {
  if (!(error instanceof OutboundError)) throw error;
  return error.category === 'notPermitted'
    ? new HttpDirectoryError('notPermitted', error.message)
    : new HttpDirectoryError('refused', `The host of ${origin} could not be resolved.`);
}

function networkFailure(error: unknown, origin: string, timeoutMs: number): HttpDirectoryError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new HttpDirectoryError(
      'timeout',
      `No answer from ${origin} within ${Math.round(timeoutMs / 1000)} s.`,
    );
  }
  if (code === 'ECONNREFUSED')
    return new HttpDirectoryError('refused', `The server at ${origin} refused the connection.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return new HttpDirectoryError('refused', `The server at ${origin} cannot be reached from here.`);
  }
  if (/CERT|SSL|TLS/i.test(`${code ?? ''} ${cause?.message ?? (error as Error).message ?? ''}`)) {
    return new HttpDirectoryError('tls', `The secure connection to ${origin} failed.`);
  }
  return new HttpDirectoryError('other', `The request to ${origin} failed${code ? ` (${code})` : ''}.`);
}

// ——— REST ———

const restHeaders = (authentication: RestAuthenticationSettings): Record<string, string> => {
  switch (authentication.type) {
    case 'NONE':
      return {};
    case 'BASIC':
      return {
        authorization: `Basic ${Buffer.from(`${authentication.username}:${authentication.password}`).toString('base64')}`,
      };
    case 'BEARER':
      return { authorization: `Bearer ${authentication.token}` };
    case 'API_KEY':
      return { [authentication.header]: authentication.value };
  }
};

const textOf = (record: Record<string, unknown>, names: readonly string[]): string | null => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
};

/** The users of one answer, and the next page's URL if it names one. */
function restPage(body: unknown): { users: unknown[]; next: string | null } {
  if (Array.isArray(body)) return { users: body, next: null };
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const list = [record.users, record.content, record.value, record.data].find(Array.isArray);
    if (list) return { users: list as unknown[], next: typeof record.next === 'string' ? record.next : null };
  }
  throw new HttpDirectoryError('format', 'The answer is not a list of users (an array, or {users: […]}).');
}

/** Entries with a username, the first of each username (ignoring case). */
function collect(
  users: DirectoryEntry[],
  seen: Set<string>,
  raw: readonly unknown[],
  toEntry: (record: Record<string, unknown>) => DirectoryEntry | null,
) {
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const entry = toEntry(item as Record<string, unknown>);
    if (!entry) continue;
    const key = entry.username.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    users.push(entry);
  }
}

const restEntry = (record: Record<string, unknown>): DirectoryEntry | null => {
  const username = textOf(record, ['username', 'userName', 'login', 'uid']);
  if (!username) return null;
  return {
    dn: textOf(record, ['dn', 'id']) ?? username,
    username,
    email: textOf(record, ['email', 'mail']),
    displayName: textOf(record, ['displayName', 'name']),
    mobilePhone: textOf(record, ['mobilePhone', 'phone', 'mobile']),
  };
};

/** Follows `next` links on the first page's origin only (a directory never sends the credentials elsewhere). */
const nextOnOrigin = (next: string | null, current: string): string | null => {
  if (!next) return null;
  let target: URL;
  try {
    target = new URL(next, current);
  } catch {
    throw new HttpDirectoryError('format', 'The next page link is not a URL.');
  }
  if (target.origin !== new URL(current).origin) {
    throw new HttpDirectoryError('format', `The next page link leaves ${new URL(current).origin}.`);
  }
  return target.toString();
};

export async function readRestUsers(
  settings: RestDirectorySettings,
  options: HttpOptions,
  onProgress?: (read: number) => void,
): Promise<DirectoryEntry[]> {
  const headers = restHeaders(settings.authentication);
  const users: DirectoryEntry[] = [];
  const seen = new Set<string>();
  let url: string | null = settings.listUsersUrl;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const { users: raw, next } = restPage(await requestJson(url, { headers }, options));
    collect(users, seen, raw, restEntry);
    onProgress?.(users.length);
    url = nextOnOrigin(next, url);
  }
  return users;
}

export async function testRestDirectory(
  settings: RestDirectorySettings,
  options: HttpOptions,
): Promise<{ entries: number }> {
  const { users } = restPage(
    await requestJson(settings.listUsersUrl, { headers: restHeaders(settings.authentication) }, options),
  );
  return { entries: users.length };
}

// ——— Azure AD (Microsoft Graph) ———

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function graphToken(settings: AzureDirectorySettings, options: HttpOptions): Promise<string> {
  const body = new URLSearchParams({
    client_id: settings.applicationId,
    client_secret: settings.secret,
    grant_type: 'client_credentials',
    scope: `${trimSlash(settings.graphUrl)}/.default`,
  });
  const answer = (await requestJson(
    `${trimSlash(settings.authorityUrl)}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    },
    options,
  )) as { access_token?: unknown };
  if (typeof answer?.access_token !== 'string') {
    throw new HttpDirectoryError('format', 'The sign-in authority answered without an access token.');
  }
  return answer.access_token;
}

/**
 * The user properties read from Microsoft Graph; onPremisesImmutableId is the ImmutableID of a user synchronised
 * from an on-premises Active Directory (an Office 365 sign-in names the user by it), null for the others.
 */
const GRAPH_SELECT = 'id,userPrincipalName,mail,displayName,mobilePhone,accountEnabled,onPremisesImmutableId';

const graphEntry = (record: Record<string, unknown>): DirectoryEntry | null => {
  if (record.accountEnabled === false) return null;
  const username = textOf(record, ['userPrincipalName']);
  if (!username) return null;
  return {
    dn: textOf(record, ['id']) ?? username,
    username,
    email: textOf(record, ['mail']),
    displayName: textOf(record, ['displayName']),
    mobilePhone: textOf(record, ['mobilePhone']),
    immutableId: textOf(record, ['onPremisesImmutableId']),
  };
};

const usersUrl = (settings: AzureDirectorySettings, top: number) =>
  `${trimSlash(settings.graphUrl)}/v1.0/users?$select=${GRAPH_SELECT}&$top=${top}`;

export async function readAzureUsers(
  settings: AzureDirectorySettings,
  options: HttpOptions,
  onProgress?: (read: number) => void,
): Promise<DirectoryEntry[]> {
  const token = await graphToken(settings, options);
  const users: DirectoryEntry[] = [];
  const seen = new Set<string>();
  let url: string | null = usersUrl(settings, 999);
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const body = (await requestJson(
      url,
      { headers: { authorization: `Bearer ${token}` } },
      options,
    )) as Record<string, unknown>;
    if (!Array.isArray(body?.value))
      throw new HttpDirectoryError('format', 'The Graph answer has no list of users.');
    collect(users, seen, body.value, graphEntry);
    onProgress?.(users.length);
    const next = typeof body['@odata.nextLink'] === 'string' ? (body['@odata.nextLink'] as string) : null;
    url = nextOnOrigin(next, url);
  }
  return users;
}

export async function testAzureDirectory(
  settings: AzureDirectorySettings,
  options: HttpOptions,
): Promise<{ entries: number }> {
  const token = await graphToken(settings, options);
  const body = (await requestJson(
    usersUrl(settings, 1),
    { headers: { authorization: `Bearer ${token}` } },
    options,
  )) as Record<string, unknown>;
  if (!Array.isArray(body?.value))
    throw new HttpDirectoryError('format', 'The Graph answer has no list of users.');
  return { entries: body.value.length };
}
