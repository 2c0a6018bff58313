import { Type } from '@fastify/type-provider-typebox';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { sqlStateOf } from '../db/sqlState.ts';
import { conflict, notFound } from '../errors.ts';
import { invalidField, notAllowed, Uuid } from '../validation.ts';

/**
 * Delete-many: `DELETE {resource}/{customerId}/delete-many` with `{ids}` (1 to 1000 distinct uuids),
 * answering 200 `{ids}` (the ids deleted, as sent; react-admin's deleteMany answers them as its `data`).
 * All or nothing, in one transaction: if any id is not a row of the scope, 404 `error.record.notFound`
 * and no row is deleted; a row still referenced elsewhere makes it 409 `error.record.inUse`.
 *
 *   app.delete('/token-pack/:customerId/delete-many', { config, schema: { params: CustomerParams, body: DeleteManyBody, response: { 200: DeleteManyAnswer } } },
 *     async (request) => {
 *       const customerId = await resolveCustomer(db, callerOf(request), request.params.customerId);
 *       return deleteMany(db, { table: tokenPacks, id: tokenPacks.id }, request.body.ids, scoped(tokenPacks.customerId, customerId));
 *     });
 */

export const MAX_IDS = 1000;

export const DeleteManyBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: MAX_IDS, uniqueItems: true }) },
  { additionalProperties: notAllowed('is not a known field') },
);

export const DeleteManyAnswer = Type.Object({ ids: Type.Array(Type.String()) });

export const RECORD_NOT_FOUND = {
  key: 'error.record.notFound',
  text: 'Some of the selected records were not found.',
} as const;

export const RECORD_IN_USE = {
  key: 'error.record.inUse',
  text: 'Some of the selected records are still in use and cannot be deleted.',
} as const;

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Deletes the rows of `target.table` whose `target.id` is among `ids` and that `scope` keeps
 * (`scoped(table.customerId, customerId)`, or any condition that ties a row to the customer).
 */
export async function deleteMany(
  db: Database,
  target: { table: PgTable; id: AnyPgColumn },
  ids: readonly string[],
  scope: SQL,
): Promise<{ ids: string[] }> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length !== ids.length) throw invalidField('ids', 'must not have duplicate items');
  try {
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(target.table)
        .where(and(inArray(target.id, wanted), scope))
        .returning({ id: target.id });
      // Throwing rolls the deletion back: nothing is deleted unless everything is.
      if (deleted.length !== wanted.length) throw notFound(RECORD_NOT_FOUND.key, RECORD_NOT_FOUND.text);
    });
  } catch (error) {
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw conflict(RECORD_IN_USE.key, RECORD_IN_USE.text);
    throw error;
  }
  return { ids: [...ids] };
}

export { sqlStateOf };
