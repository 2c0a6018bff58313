import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorText } from '../contract/kit.ts';

export type MessageParams = Record<string, string | number>;

/**
 * Fills polyglot placeholders (`%{name}`) the way the portal's catalogue does; a text of two forms
 * (`one |||| many`) is the one of `smart_count` (English: 1 the first, any other count the second).
 */
export function fillMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  const forms = template.split(' |||| ');
  const text =
    forms.length === 2 && typeof params.smart_count === 'number'
      ? forms[params.smart_count === 1 ? 0 : 1]!
      : template;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * An error the client is meant to see: an HTTP status, a catalogue key and its English text.
 * `template` is the catalogue's text verbatim; the answer's `message` is that text with `params` filled in.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params?: MessageParams;

  constructor(statusCode: number, messageKey: string, template: string, params?: MessageParams) {
    super(fillMessage(template, params));
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = params;
  }
}

/** The error a contract defines (defineErrors), as the server throws it: `throw fail(THEME_ERRORS.THEME_LOCKED)`. */
export function fail(error: ErrorText, params?: MessageParams): AppError {
  if (error.status === undefined)
    throw new Error(`${error.key} is the portal's own: the server never answers it`);
  // A refusal of one field's value names the field, for the form that sent it to say it there.
  const named = error.field && typeof params?.field !== 'string' ? { field: error.field, ...params } : params;
  return new AppError(error.status, error.key, error.text, named);
}

export const badRequest = (messageKey: string, message: string, params?: MessageParams) =>
  new AppError(400, messageKey, message, params);
export const unauthorized = (
  messageKey = 'error.auth.unauthorized',
  message = 'Authentication is required to access this resource.',
) => new AppError(401, messageKey, message);
export const forbidden = (messageKey = 'error.action.notallow', message = 'Action does not allow.') =>
  new AppError(403, messageKey, message);
export const notFound = (messageKey: string, message: string, params?: MessageParams) =>
  new AppError(404, messageKey, message, params);
export const conflict = (messageKey: string, message: string, params?: MessageParams) =>
  new AppError(409, messageKey, message, params);
export const tooMany = (messageKey: string, message: string, params?: MessageParams) =>
  new AppError(429, messageKey, message, params);

/** A 429 whose message counts the wait in seconds, in the catalogue's plural form (`smart_count`). */
export function tooManyFor(messageKey: string, one: string, many: string, seconds: number): AppError {
  return tooMany(messageKey, seconds === 1 ? one : many, { smart_count: seconds });
}

export interface ErrorBody {
  messageKey: string;
  message: string;
  params?: MessageParams;
  /** On 5xx answers: the request's id (also in every answer's X-Request-Id), to find its failure in the log. */
  requestId?: string;
}

const INTERNAL: ErrorBody = {
  messageKey: 'error.default.internal.server.error',
  message: 'The server encountered an internal error and was unable to complete your request',
};

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

function reasonFor(issue: ValidationIssue): string {
  const { keyword, params } = issue;
  if (keyword === 'type' && typeof params.type === 'string') {
    return `must be ${/^[aeiou]/.test(params.type) ? 'an' : 'a'} ${params.type}`;
  }
  if (keyword === 'minLength' && params.limit === 1) return 'must not be empty';
  if (keyword === 'const' && params.allowedValue !== undefined)
    return `must be '${String(params.allowedValue)}'`;
  return issue.message ?? 'is invalid';
}

const VALIDATION_TEMPLATE = "The field '%{field}' %{reason}.";

/** Turns the first schema violation into one sentence that names the field. */
function describeValidation(issues: ValidationIssue[], context: string | undefined): ErrorBody {
  const issue = issues[0];
  const parent = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  let field = parent || (PART_NAMES[context ?? 'body'] ?? 'request');
  let reason = issue ? reasonFor(issue) : 'is invalid';
  if (issue?.keyword === 'required') {
    const missing = issue.params.requiredProperties ?? issue.params.missingProperty;
    const names = (Array.isArray(missing) ? missing : [missing]).map(String);
    field = names.map((name) => (parent ? `${parent}.${name}` : name)).join("', '");
    reason = names.length > 1 ? 'are required' : 'is required';
  }
  const params = { field, reason };
  return {
    messageKey: 'error.validation.invalid',
    message: fillMessage(VALIDATION_TEMPLATE, params),
    params,
  };
}

/** Answers for the errors Fastify raises itself while reading a request. */
function describeFrameworkError(error: FastifyError): { status: number; body: ErrorBody } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        body: { messageKey: 'error.request.invalidJson', message: 'The request body is not valid JSON.' },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { messageKey: 'error.request.bodyTooLarge', message: 'The request body is too large.' },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: {
          messageKey: 'error.request.unsupportedMediaType',
          message: 'The request body must be sent as application/json.',
          params: { mediaType: 'application/json' },
        },
      };
  }
  return clientError(error);
}

/** Any other error that carries a 4xx status (raised by Fastify or a plugin while reading the request). */
function clientError(error: { statusCode?: unknown }): { status: number; body: ErrorBody } | undefined {
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { messageKey: 'error.request.invalid', message: 'The request could not be understood.' },
    };
  }
  return undefined;
}

export function toErrorAnswer(error: unknown): { status: number; body: ErrorBody } | undefined {
  if (error instanceof AppError) {
    const body: ErrorBody = { messageKey: error.messageKey, message: error.message };
    if (error.params) body.params = error.params;
    return { status: error.statusCode, body };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError && Array.isArray(fastifyError.validation)) {
    return {
      status: 400,
      body: describeValidation(fastifyError.validation as ValidationIssue[], fastifyError.validationContext),
    };
  }
  if (fastifyError && typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')) {
    return describeFrameworkError(fastifyError);
  }
  return fastifyError && typeof fastifyError === 'object' ? clientError(fastifyError) : undefined;
}

/** The single place where every error becomes `{messageKey, message, params?}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // The log lines of a request carry its id (reqId): a 5xx answer shows it, so that its failure can be found.
    const answer = toErrorAnswer(error);
    if (answer) {
      if (answer.status < 500) return reply.status(answer.status).send(answer.body);
      request.log.error({ err: error }, 'request failed');
      return reply.status(answer.status).send({ ...answer.body, requestId: request.id });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ ...INTERNAL, requestId: request.id });
  });
}

export function routeNotFound(method: string, url: string): ErrorBody {
  const params = { method, path: url.split('?')[0] ?? url };
  return {
    messageKey: 'error.route.notFound',
    message: fillMessage('No API call matches %{method} %{path}.', params),
    params,
  };
}
