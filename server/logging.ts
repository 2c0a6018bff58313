import type { FastifyServerOptions } from 'fastify';

/**
 * The server log (pino, through Fastify) never carries a password, a secret, a hash, a token or an
 * authorization code:
 * - request URLs are logged with the values of sensitive query parameters replaced (`/oauth2/handler?code=…`,
 *   `token=`, `state=`, …), and cut to a bounded length;
 * - errors are logged from a fixed list of their properties: a database error without its parameters
 *   (Drizzle's DrizzleQueryError writes them into its message and stack; node-postgres and PGlite
 *   errors carry them in `params`, `detail`, `where`), and the input values PostgreSQL quotes in the
 *   message of a data exception (SQLSTATE class 22: "invalid input syntax for type uuid: "…"") are masked;
 * - what is logged under a sensitive key (password, token, secret, code, authorization, …) is censored.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LogOptions {
  level: LogLevel;
  /** Where the JSON lines go (standard output when left out); tests keep them in memory. */
  stream?: { write(line: string): void };
}

export const REDACTED = '[REDACTED]';

/**
 * Query parameter names whose values are never logged: secrets, and the email addresses a visitor types
 * (the public account lookups by email).
 */
const SENSITIVE_NAME =
  /pass(word|wd|phrase)?|secret|token|code|state|signature|hash|session|otp|credential|auth|cookie|e-?mail|key$/i;

/** A logged URL is cut here: a 1 MB query string must not become a 1 MB log line. */
export const MAX_LOGGED_URL = 2048;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** The URL with the values of sensitive query parameters replaced, cut to MAX_LOGGED_URL characters. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  let safe = url;
  if (mark >= 0) {
    const pairs = url
      .slice(mark + 1)
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        const name = equals < 0 ? pair : pair.slice(0, equals);
        return equals >= 0 && SENSITIVE_NAME.test(decodeName(name)) ? `${name}=${REDACTED}` : pair;
      });
    safe = `${url.slice(0, mark)}?${pairs.join('&')}`;
  }
  return safe.length > MAX_LOGGED_URL
    ? `${safe.slice(0, MAX_LOGGED_URL)}…(${safe.length - MAX_LOGGED_URL} more characters)`
    : safe;
}

/** The properties of a database error that say what failed without saying with which values. */
const DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Drizzle's error for a failed query: its message is "Failed query: <sql>\nparams: <values>". */
const isQueryError = (error: Record<string, unknown>) => typeof error.query === 'string' && 'params' in error;

const sqlStateOf = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;

/** The password of a URL written into a text (`postgres://user:password@host`, `smtp://…`). */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@]*@/gi;

/** An error's message as it may be logged. */
function safeMessage(error: Record<string, unknown>): string {
  const message =
    typeof error.message === 'string' ? error.message.replace(URL_PASSWORD, `$1${REDACTED}@`) : '';
  const sqlState = sqlStateOf(error);
  // PostgreSQL's own message (PGlite attaches the query and its parameters beside it, not in it).
  if (sqlState !== undefined) {
    // A data exception quotes the input it could not take.
    return sqlState.startsWith('22') ? message.replace(/"(?:[^"\\]|\\.)*"/g, REDACTED) : message;
  }
  if (isQueryError(error)) return `Failed query: ${String(error.query)}`;
  return message;
}

/** The stack's frames under the safe message (the first lines of a stack repeat the message). */
function safeStack(type: string, message: string, stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The `err` serializer: type, message, stack, status and codes, and the cause, all without values. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!isRecord(error)) return { type: typeof error, message: String(error), stack: '' };
  const type =
    typeof error.name === 'string' && error.name !== 'Error'
      ? error.name
      : (error.constructor?.name ?? 'Error');
  const message = safeMessage(error);
  const logged: LoggedError = { type, message, stack: safeStack(type, message, error.stack) ?? '' };
  if (isQueryError(error) && sqlStateOf(error) === undefined) logged.query = error.query;
  for (const field of DATABASE_FIELDS) {
    if (typeof error[field] === 'string' && error[field] !== '') logged[field] = error[field];
  }
  if (typeof error.statusCode === 'number') logged.statusCode = error.statusCode;
  if (typeof error.messageKey === 'string') logged.messageKey = error.messageKey;
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The `req` serializer: what Fastify logs by default, with the URL made safe. */
const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url ?? ''),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Sensitive keys, at the top of a log entry and one level down; pino censors their values. */
const SENSITIVE_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'passwordHash',
  'companyPassword',
  'secret',
  'jwtSecret',
  'token',
  'accessToken',
  'refreshToken',
  'idSignature',
  'authorization',
  'cookie',
];

const REDACT_PATHS = [
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

/** The logger options given to Fastify: level and destination as asked, the serializers and redaction above. */
export function loggerOptions({ level, stream }: LogOptions): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
  };
}
