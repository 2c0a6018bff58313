import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { eq, gte, isNull } from 'drizzle-orm';
import type { FastifySchema } from 'fastify';
import {
  AUDIT_LISTING,
  AUDIT_RANGES,
  AUDIT_TABLES,
  type AuditEntryRecord,
  AuditEntryRecord as AuditEntrySchema,
  type AuditRange,
  audit,
  auditRangeStart,
  DEFAULT_AUDIT_RANGE,
} from '../../../contract/audit.ts';
import { customerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, findRows } from '../../db/listing.ts';
import { auditLog } from '../../db/schema.ts';
import { maskedChanges } from '../../domain/audit.ts';
import { contractRoute, optionsOf } from '../../kit/contractRoutes.ts';
import { answerPage, pageAnswer, pageSearchQuery, readPageSearch } from '../../kit/pageSearch.ts';

/**
 * The audit log (contract/audit.ts): the entries of one customer (or the provider's own, customerId
 * `provider`, for operators), always over a range back from now (the list never reads the whole log), by
 * table and by record. The customer and the range lead every query, so each one reads a slice of an index
 * (customer, date), (customer, table, date) or (customer, record, date): see migration 0017. Secrets in the
 * changes are answered masked, whatever was written.
 */

const auditListing = defineListing({
  filters: {
    table: equals(auditLog.tableName, Type.Enum(AUDIT_TABLES)),
    entityId: equals(auditLog.entityId, Type.String({ minLength: 1, maxLength: 200 })),
  },
  sort: { modifiedDate: auditLog.modifiedDate },
  defaultSort: AUDIT_LISTING.defaultSort,
  unique: auditLog.id,
});

const ListQuery = pageSearchQuery(auditListing, { range: Type.Optional(Type.Enum(AUDIT_RANGES)) });

const entryFields = {
  id: auditLog.id,
  tableName: auditLog.tableName,
  action: auditLog.action,
  entityId: auditLog.entityId,
  modifiedBy: auditLog.modifiedBy,
  modifiedById: auditLog.modifiedById,
  modifiedDate: auditLog.modifiedDate,
  changes: auditLog.changes,
};

type EntryRow = { [K in keyof typeof entryFields]: (typeof auditLog.$inferSelect)[K] };

const toEntry = (row: EntryRow): AuditEntryRecord => ({
  id: row.id,
  table: row.tableName,
  action: row.action,
  entityId: row.entityId,
  modifiedBy: row.modifiedBy,
  modifiedById: row.modifiedById,
  modifiedDate: row.modifiedDate.toISOString(),
  changes: maskedChanges(row.changes),
});

/** The contract's names and the listing's must agree. */
function sameNames(): void {
  const filters = Object.keys(auditListing.filterSchema.properties).sort().join();
  const sorts = [...auditListing.sortFields].sort().join();
  if (
    filters !== [...AUDIT_LISTING.filters].sort().join() ||
    sorts !== [...AUDIT_LISTING.sort].sort().join()
  ) {
    throw new Error('The audit listing differs from its contract (contract/audit.ts AUDIT_LISTING)');
  }
}

export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  sameNames();

  const list = optionsOf(contractRoute(audit, 'list'));
  app.route({
    ...list,
    schema: {
      ...list.schema,
      querystring: ListQuery,
      response: { 200: pageAnswer(AuditEntrySchema) },
    } as FastifySchema,
    handler: async (request) => {
      const customerId = customerOf(request);
      const query = request.query as { range?: AuditRange };
      const ask = readPageSearch(auditListing, query);
      const since = auditRangeStart(query.range ?? DEFAULT_AUDIT_RANGE, now());
      const found = await findRows(
        db,
        db.select(entryFields).from(auditLog).$dynamic(),
        auditListing,
        ask,
        customerId === null ? isNull(auditLog.customerId) : eq(auditLog.customerId, customerId),
        gte(auditLog.modifiedDate, since),
      );
      return answerPage(found, ask, toEntry);
    },
  });
};
