import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Type } from 'typebox';
import type { AccessRule } from '../../contract/kit.ts';

/**
 * The API described: the OpenAPI document is made from the route schemas the contracts give (summaries,
 * parameters, bodies, answers), with the error answers every call may give, and served with Swagger UI at
 * /api/docs (its files are served from the package: it works offline and under the portal's CSP). The
 * document and the UI are public: they describe the calls, not any data.
 */

export { DOCS_PREFIX, isDocsRoute } from '../apiPaths.ts';

import { DOCS_PREFIX, isDocsRoute } from '../apiPaths.ts';

const ErrorBody = Type.Object(
  {
    messageKey: Type.String({ description: 'the catalogue key of the message (error.validation.invalid…)' }),
    message: Type.String({ description: 'the English text of the message' }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
        description: 'the values the message was filled with',
      }),
    ),
  },
  { $id: 'ErrorBody', title: 'ErrorBody' },
);

const ERROR_TEXTS: Readonly<Record<number, string>> = {
  400: 'The input is invalid: the message names the field and what is wrong with it',
  401: 'No token, or an expired or revoked one: sign in again',
  403: 'The caller may not make this call (scope, permission, or a password still to change)',
  404: 'Not found, or not the caller’s to see (another customer’s ids answer the same)',
  402: 'The card payment was declined (the reason in params)',
  409: 'In conflict with what is stored (a name taken, a record in use)',
  413: 'The body or a file is too large',
  415: 'The body is not of the type the call reads',
  429: 'Too many attempts: the Retry-After header says how many seconds to wait',
  500: 'The server could not complete the request',
};

const errorAnswer = (status: number) => ({
  description: ERROR_TEXTS[status] ?? 'An error',
  content: { 'application/json': { schema: { $ref: 'ErrorBody#' } } },
});

/** The statuses a route may answer with an error: the common ones and those its contract names. */
function errorStatuses(access: AccessRule | undefined, limit: unknown, errors: readonly number[]): number[] {
  const statuses = new Set<number>([400, 500, ...errors]);
  if (access && !access.public) {
    statuses.add(401);
    statuses.add(403);
  }
  if (access && !access.public && access.customer && access.customer.from !== 'none') statuses.add(404);
  if (limit !== undefined) statuses.add(429);
  return [...statuses].sort();
}

/** Registers the document and the UI on the root app, before the routes it describes. */
export function registerApiDocs(app: FastifyInstance, info: { title: string; version: string }): void {
  app.addSchema(ErrorBody);
  app.register(fastifySwagger, {
    openapi: {
      info: {
        title: info.title,
        version: info.version,
        description:
          'Every call answers JSON. Calls that are not public take a bearer token (POST /auth/signin). ' +
          'Errors answer {messageKey, message, params?}; another customer’s ids answer 404, like unknown ones.',
      },
      // The session's calls first: every other call takes the token its sign-in answers.
      tags: [{ name: 'session', description: 'Sign in (the bearer token of every other call), sign out' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Shared schemas keep their own names in the document (ErrorBody).
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api') || isDocsRoute(url)) return { schema: { ...schema, hide: true }, url };
      const config = (route.config ?? {}) as {
        access?: AccessRule;
        errors?: readonly number[];
        limit?: unknown;
      };
      const response: Record<string, unknown> = { ...((schema?.response as object) ?? {}) };
      for (const status of errorStatuses(config.access, config.limit, config.errors ?? [])) {
        response[status] ??= errorAnswer(status);
      }
      const documented: FastifySchema & Record<string, unknown> = { ...schema, response };
      if (config.access && !config.access.public) documented.security = [{ bearer: [] }];
      if (route.config && (route.config as { multipart?: boolean }).multipart) {
        documented.consumes = ['multipart/form-data'];
      }
      return { schema: documented, url };
    },
  });
  app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // The portal's CSP applies (see securityHeaders.ts): the UI's scripts are files of this origin.
    staticCSP: false,
  });
}
