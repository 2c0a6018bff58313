import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Every request has an id: the one its client (or the reverse proxy in front) sent in `X-Request-Id` when it
 * is a short, plain token, a random UUID otherwise. Every answer carries it back in `X-Request-Id`, each log
 * line of the request carries it as `reqId`, and a 5xx answer shows it in its body (`requestId`), so that a
 * user's error can be found in the log.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is this: nothing that could forge a log line or carry a secret's length. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the client's id when safe, a new UUID otherwise. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Sends the id back on every answer (errors, 404s and static files included). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
