import { GRAPH_DEFAULT_URLS } from '../../../contract/directory.ts';
import { isHttpUrl } from '../../../contract/rules.ts';
import type { DirectoryEntry } from './entry.ts';

/**
 * The directories read over HTTP: a REST directory's list-active-users URL, and Azure AD through Microsoft
 * Graph (a client-credentials token, then `/v1.0/users` with `$select` and `$top`, following
 * `@odata.nextLink`). Every request times out (5 s by default); an answer is read up to 50 MB; errors become
 * an HttpDirectoryError with a reason and one line of detail that never holds a secret.
 */

export type HttpDirectoryFailure =
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

/** A GET or POST answering JSON, with the timeout and the size cap. */
async function requestJson(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  options: HttpOptions,
): Promise<unknown> {
  if (!isHttpUrl(url)) throw new HttpDirectoryError('other', 'The URL must be an http(s) URL.');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const origin = originOf(url);
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw networkFailure(error, origin, timeoutMs);
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new HttpDirectoryError(
      'credentials',
      `The credentials were refused by ${origin} (${response.status}).`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpDirectoryError('status', `The server at ${origin} answered ${response.status}.`);
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof HttpDirectoryError) throw error;
    throw networkFailure(error, origin, timeoutMs);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpDirectoryError('format', `The answer of ${origin} is not JSON.`);
  }
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new HttpDirectoryError('format', 'The answer is larger than 50 MB.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkFailure(error: unknown, origin: string, timeoutMs: number): HttpDirectoryError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new HttpDirectoryError(
      'timeout',
      `No answer from ${origin} within ${Math.round(timeoutMs / 1000)} s.`,
    );
  }
  if (code === 'ECONNREFUSED')
    return new HttpDirectoryError('refused', `The server at ${origin} refused the connection.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new HttpDirectoryError('refused', `The host of ${origin} could not be resolved.`);
  }
  if (/CERT|SSL|TLS/i.test(`${code ?? ''} ${cause?.message ?? ''}`)) {
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
  onProgress?: (read: number) => void,
  options: HttpOptions = {},
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
  options: HttpOptions = {},
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

const GRAPH_SELECT = 'id,userPrincipalName,mail,displayName,mobilePhone,accountEnabled';

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
  };
};

const usersUrl = (settings: AzureDirectorySettings, top: number) =>
  `${trimSlash(settings.graphUrl)}/v1.0/users?$select=${GRAPH_SELECT}&$top=${top}`;

export async function readAzureUsers(
  settings: AzureDirectorySettings,
  onProgress?: (read: number) => void,
  options: HttpOptions = {},
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
  options: HttpOptions = {},
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
