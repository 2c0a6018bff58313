import { HTTPS_ERRORS, HTTPS_LISTING, type HttpsRecord } from '../../../contract/https.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { httpsConnectors } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { newApiKey } from '../connector/make.ts';

/**
 * HTTPS connectors (contract/https.ts): a customer's rows, and their API keys. A key is made here (about 238
 * random bits), answered once, and kept only as its SHA-256 hash and its first characters.
 */

export type HttpsRow = typeof httpsConnectors.$inferSelect;

export const httpsListing = defineListing({
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

const toRecord = (row: HttpsRow): HttpsRecord => ({
  id: row.id,
  name: row.name,
  apiKeyHint: row.apiKeyHint,
  serviceId: row.serviceId,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: HttpsRow) =>
  kept;

const nameExisted = () => fail(HTTPS_ERRORS.nameExisted);

/**
 * Refuses a name another of the customer's HTTPS connectors has, ignoring case (409 nameExisted); the unique
 * index (customer, lower(name)) stands behind it.
 */
export const claimHttpsName = (scope: Scope, name: string, exceptId?: string) =>
  claimUniqueText(
    scope.tx,
    {
      lock: 727_330,
      table: httpsConnectors,
      column: httpsConnectors.name,
      id: httpsConnectors.id,
      taken: nameExisted,
    },
    name,
    exceptId,
  );

/** A customer's HTTPS connectors (never their keys). */
export const httpsRows = defineRows<HttpsRow, HttpsRecord>({
  table: httpsConnectors,
  id: httpsConnectors.id,
  customerColumn: httpsConnectors.customerId,
  select: (db) => db.select().from(httpsConnectors).$dynamic(),
  listing: httpsListing,
  toRecords: (_, found) => found.map(toRecord),
  notFound: () => fail(HTTPS_ERRORS.notFound),
  audit: { table: 'HTTPS', fields: audited, customerOf: (row) => row.customerId },
  translate: (error) => (sqlStateOf(error) === '23505' ? nameExisted() : error),
  modifiedAt: httpsConnectors.lastModifiedDate,
});

/** Adds a connector of the call's customer; answers its id and its API key, once. */
export async function addHttpsConnector(
  scope: WriteScope & { customer: string },
  name: string,
): Promise<{ id: string; apiKey: string }> {
  const { apiKey, ...stored } = newApiKey();
  await claimHttpsName(scope, name.trim());
  const row = await httpsRows.write(() =>
    httpsRows.insert(scope, { customerId: scope.customer, name: name.trim(), ...stored }),
  );
  await httpsRows.audit(scope, 'CREATE', null, row);
  return { id: row.id, apiKey };
}

/** Replaces a connector's API key with a new one (the old one stops working); answers it, once. */
export async function regenerateApiKey(
  scope: WriteScope,
  id: unknown,
): Promise<{ id: string; apiKey: string }> {
  const before = await httpsRows.find(scope, id, { forUpdate: true });
  const { apiKey, ...stored } = newApiKey();
  const after = await httpsRows.change(scope, before.id, stored);
  await httpsRows.audit(scope, 'UPDATE', before, after);
  return { id: before.id, apiKey };
}
