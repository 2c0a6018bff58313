import { Type } from '@fastify/type-provider-typebox';
import { notAllowed, Uuid } from '../validation.ts';

/**
 * What the named actions share.
 * - activate / deactivate / publish / unpublish / start / stop: `POST /{resource}/{action}` with `{id}`,
 *   one call per selected record (the portal's `eachId` actions): `schema: { body: IdBody }`.
 * - create: 201 `{id}` (the portal reads the created record's id from the answer):
 *
 *   app.post('/customer', { config, schema: { body: NewCustomer, response: { 201: CreatedAnswer } } },
 *     async (request, reply) => answerCreated(reply, (await insertCustomer(db, request.body)).id));
 */

export const IdBody = Type.Object({ id: Uuid }, { additionalProperties: notAllowed('is not a known field') });

export const CreatedAnswer = Type.Object({ id: Type.String() });

/** The part of a Fastify reply answerCreated uses. */
export interface StatusSetter {
  code(statusCode: 201): unknown;
}

/** Sets 201 and answers `{id}`. */
export function answerCreated(reply: StatusSetter, id: string): { id: string } {
  reply.code(201);
  return { id };
}
