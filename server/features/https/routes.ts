import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { HTTPS_ERRORS, HTTPS_LISTING, type HttpsRecord, https } from '../../../contract/https.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { httpsConnectors } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { newApiKey } from '../connector/make.ts';

/**
 * HTTPS connectors (contract/https.ts): CRUD in the customer of the path. The API key is made here (about
 * 238 random bits), answered once, and kept only as its SHA-256 hash and its first characters.
 */

const httpsNotFound = () => notFound(HTTPS_ERRORS.notFound.key, HTTPS_ERRORS.notFound.text);

type Row = typeof httpsConnectors.$inferSelect;

const httpsList = defineListing({
  filters: {
    q: ilikeAny([httpsConnectors.name, httpsConnectors.apiKeyHint]),
    id: inList(httpsConnectors.id),
  },
  sort: {
    name: httpsConnectors.name,
    createdDate: httpsConnectors.createdDate,
    lastModifiedDate: httpsConnectors.lastModifiedDate,
    id: httpsConnectors.id,
  },
  defaultSort: HTTPS_LISTING.defaultSort,
  unique: httpsConnectors.id,
});

const toRecord = (row: Row): HttpsRecord => ({
  id: row.id,
  name: row.name,
  apiKeyHint: row.apiKeyHint,
  serviceId: row.serviceId,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Row) => kept;

export const httpsRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  /** The key made for a create, until its answer (only the hash reaches the row). */
  const made = new WeakMap<FastifyRequest, string>();

  const rows = crud<Row, HttpsRecord, { name: string }>(app, {
    db,
    contract: https,
    listingNames: HTTPS_LISTING,
    table: httpsConnectors,
    id: httpsConnectors.id,
    customerColumn: httpsConnectors.customerId,
    select: (database) => database.select().from(httpsConnectors).$dynamic(),
    listing: httpsList,
    record: https.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: httpsNotFound,
    audit: { table: 'HTTPS', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: httpsConnectors.lastModifiedDate,
    create: {
      values: ({ customer, request }, form) => {
        const { apiKey, ...stored } = newApiKey();
        made.set(request, apiKey);
        return { customerId: customer!, name: form.name.trim(), ...stored };
      },
      answer: ({ request }, row) => ({ id: row.id, apiKey: made.get(request) as string }),
    },
    delete: {},
    update: { values: (_, __, form) => ({ name: form.name.trim() }) },
  });

  app.route({
    ...routeOf(https.base, https.actions.regenerateApiKey, 'https.regenerateApiKey'),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const before = await rows.find(tx, request, request.params.id, true);
        const { apiKey, ...stored } = newApiKey();
        const [after] = await tx
          .update(httpsConnectors)
          .set({ ...stored, lastModifiedDate: new Date() })
          .where(eq(httpsConnectors.id, before.id))
          .returning();
        await rows.audit(rows.context(request, tx), 'UPDATE', before, after as Row);
        return { id: before.id, apiKey };
      }),
  });
};
