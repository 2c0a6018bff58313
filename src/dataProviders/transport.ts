import { fetchUtils, HttpError } from 'react-admin';
import { FIELD_REFUSALS } from '../../contract/fieldRefusals';
import { i18nProvider } from '../i18n';

/**
 * The transport: the only place that knows about tokens, headers and the server's error shape.
 * Every call of the portal goes through `createHttpClient`.
 */

export const DEFAULT_ERROR_KEY = 'error.default.internal.server.error';

export interface SessionSource {
  getSession: () => { token?: string; customerId?: string | null } | null;
  onUnauthenticated?: () => void;
  /**
   * A call the server refused for its session (401): resolves true once the user has signed in again (the
   * call is then sent again, once, with the new token), false to give up (src/sessionGate.ts).
   */
  reauthenticate?: () => Promise<boolean>;
}

/** Calls that are not sent again after a new sign-in: the session's own (a renewal, a sign-out). */
const SESSION_CALLS = /^\/auth\/(renew|signout)(\?|$)/;

export interface HttpOptions extends fetchUtils.Options {
  /** Use the server's `message` field, not its `messageKey`, as the error message. */
  preferMessage?: boolean;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export type HttpClient = <T = unknown>(path: string, options?: HttpOptions) => Promise<HttpResponse<T>>;

/**
 * Calls the server accepts without a token (docs/requirements/roles-and-permissions.md). Anything else, without a token,
 * is not sent: the user is signed out instead.
 */
export const PUBLIC_CALLS: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/auth\/signin$/ },
  // Sign-in with an authorization code (the OAuth2 and QR sign-in flows end with it).
  { method: 'POST', path: /^\/auth\/token$/ },
  // The second step of a sign-in with the V-Key app (contract/secondFactor.ts): the session is not open yet.
  { method: 'POST', path: /^\/auth\/2fa\/complete$/ },
  { method: 'GET', path: /^\/billing\/payment_plan$/ },
  { method: 'GET', path: /^\/billing\/service_feature$/ },
  { method: 'GET', path: /^\/account\/email\/(existed|not-existed)$/ },
  { method: 'POST', path: /^\/customer\/signup$/ },
  { method: 'POST', path: /^\/account\/forgot-password$/ },
  { method: 'POST', path: /^\/account\/reset-password$/ },
  // The self-service links' calls (contract/selfService.ts): a sign-up's activation, a recovery email's
  // verification, and a visitor's message.
  { method: 'POST', path: /^\/customer\/signup\/activate$/ },
  { method: 'POST', path: /^\/account\/verify-personal-email$/ },
  { method: 'POST', path: /^\/contact-us$/ },
];

export const isPublicCall = (method: string, path: string): boolean => {
  const pathname = path.split('?')[0];
  return PUBLIC_CALLS.some((call) => call.method === method.toUpperCase() && call.path.test(pathname));
};

/** A request id as the server answers it (server/http/requestId.ts): a short token, shown to the user. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A refusal of one field's value (an error its contract says concerns a field: a new password the rules
 * refuse, a phone that is not one, an address another connector has, a certificate that is not one, a
 * declined card…; contract/fieldRefusals.ts) as react-admin's forms take a server's validation errors: an
 * HttpError's `body.errors`, under the field the answer names (`params.field`, else the contract's), in the
 * catalogue's words. The form that sent it says it there (src/kit/fieldRefusals.ts); undefined otherwise.
 */
const fieldErrorsOf = (payload: {
  messageKey?: string;
  message?: string;
  params?: unknown;
}): Record<string, string> | undefined => {
  const params = (payload.params && typeof payload.params === 'object' ? payload.params : {}) as Record<
    string,
    unknown
  >;
  const { messageKey } = payload;
  if (!messageKey || !Object.hasOwn(FIELD_REFUSALS, messageKey)) return undefined;
  const field = typeof params.field === 'string' ? params.field : FIELD_REFUSALS[messageKey];
  if (!field) return undefined;
  return { [field]: i18nProvider.translate(messageKey, { ...params, _: payload.message ?? messageKey }) };
};

/**
 * The error a failed call rejects with: react-admin's HttpError, its message a catalogue key. A server
 * error (5xx) that names its request id says it too, translated here (react-admin shows an error's
 * message as it is when no catalogue key matches it): the user can quote it, and the operator finds the
 * request's log lines by it.
 */
export const toHttpError = (status: number, body: unknown, preferMessage = false): HttpError => {
  const payload = (body && typeof body === 'object' ? body : {}) as {
    messageKey?: string;
    message?: string;
    params?: unknown;
    requestId?: unknown;
  };
  const message =
    (preferMessage ? payload.message || payload.messageKey : payload.messageKey || payload.message) ||
    DEFAULT_ERROR_KEY;
  if (status >= 500 && typeof payload.requestId === 'string' && REQUEST_ID.test(payload.requestId)) {
    const text = i18nProvider.translate(message, { _: message });
    return new HttpError(
      i18nProvider.translate('error.withReference', { message: text, requestId: payload.requestId }),
      status,
      body,
    );
  }
  const errors = fieldErrorsOf(payload);
  return new HttpError(message, status, errors ? { ...payload, errors } : body);
};

/** The guard every call passes first: the bearer token, or a public call, or no call at all. */
const tokenFor = (method: string, path: string, { getSession, onUnauthenticated }: SessionSource) => {
  const token = getSession()?.token;
  if (!token && !isPublicCall(method, path)) {
    onUnauthenticated?.();
    throw new HttpError('error.auth.unauthorized', 401);
  }
  return token;
};

export const createHttpClient = (apiUrl: string, source: SessionSource): HttpClient => {
  const client = async <T>(
    path: string,
    options: HttpOptions = {},
    again = false,
  ): Promise<HttpResponse<T>> => {
    const { preferMessage, ...fetchOptions } = options;
    const method = (fetchOptions.method ?? 'GET').toUpperCase();
    const token = tokenFor(method, path, source);
    try {
      const response = await fetchUtils.fetchJson(`${apiUrl}${path}`, {
        ...fetchOptions,
        method,
        user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
      });
      return response;
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status === 401 && token && !isPublicCall(method, path) && !SESSION_CALLS.test(path)) {
          if (!again && source.reauthenticate && (await source.reauthenticate()))
            return client<T>(path, options, true);
          source.onUnauthenticated?.();
        }
        throw toHttpError(error.status, error.body, preferMessage);
      }
      // A call its caller gave up on (react-admin aborts the queries of a page left): not a failure.
      if (fetchOptions.signal?.aborted) throw error;
      // Network failure: the server could not be reached at all.
      throw new HttpError('error.network', 0);
    }
  };
  return (path, options) => client(path, options);
};

export interface DownloadOptions {
  method?: string;
  /** A JSON body (sent as application/json). */
  body?: unknown;
  preferMessage?: boolean;
  /** The name to save under when the answer has no Content-Disposition file name. */
  fileName?: string;
  /** Called with each part of the answer as it arrives (the answer's headers too), for a progress. */
  onChunk?: (chunk: Uint8Array, headers: Headers) => void;
}

/** The answer's body, read part by part when someone follows its progress. */
async function bodyOf(response: Response, onChunk?: DownloadOptions['onChunk']): Promise<Blob> {
  if (!onChunk || !response.body) return response.blob();
  const parts: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    onChunk(value, response.headers);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename="…"`. */
export const fileNameOf = (disposition: string | null): string | undefined => {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+'[^']*')?([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain file name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || undefined;
};

/**
 * A file download: `fetchJson` cannot read binaries, so this uses `fetch` with the same guard, the same
 * bearer header and the same error rules as `createHttpClient`.
 */
export const download = async (
  apiUrl: string,
  source: SessionSource,
  path: string,
  { method: rawMethod = 'GET', body, preferMessage, fileName = 'download', onChunk }: DownloadOptions = {},
): Promise<DownloadedFile> => {
  const method = rawMethod.toUpperCase();
  const token = tokenFor(method, path, source);
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HttpError('error.network', 0);
  }
  if (!response.ok) {
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the default message applies
    }
    if (response.status === 401 && token) source.onUnauthenticated?.();
    throw toHttpError(response.status, json, preferMessage);
  }
  return {
    fileName: fileNameOf(response.headers.get('content-disposition')) ?? fileName,
    blob: await bodyOf(response, onChunk),
  };
};
