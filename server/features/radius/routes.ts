import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import {
  RADIUS_ERRORS,
  RADIUS_LISTING,
  RADIUS_PROXY_PORT,
  type RadiusForm,
  type RadiusRecord,
  radius,
} from '../../../contract/radius.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { radiusConnectors } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { newRadiusSecret } from '../connector/make.ts';

/**
 * RADIUS connectors (contract/radius.ts): CRUD in the customer of the path, the IP address unique in the
 * customer, the shared secret generated here, sealed at rest, answered once when made and never again.
 */

const E = RADIUS_ERRORS;
const radiusNotFound = () => notFound(E.notFound.key, E.notFound.text);
const ipExisted = () => conflict(E.ipExisted.key, E.ipExisted.text);

type Row = typeof radiusConnectors.$inferSelect;

/** The one spelling of an address: IPv4 as written, IPv6 compressed and in lower case (RFC 5952). */
export const canonicalIp = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.includes(':') ? new URL(`http://[${trimmed}]/`).hostname.slice(1, -1) : trimmed;
};

const radiusList = defineListing({
  filters: {
    q: ilikeAny([radiusConnectors.name, radiusConnectors.ipAddress]),
    id: inList(radiusConnectors.id),
  },
  sort: {
    name: radiusConnectors.name,
    ipAddress: radiusConnectors.ipAddress,
    createdDate: radiusConnectors.createdDate,
    lastModifiedDate: radiusConnectors.lastModifiedDate,
    id: radiusConnectors.id,
  },
  defaultSort: RADIUS_LISTING.defaultSort,
  unique: radiusConnectors.id,
});

const toRecord = (row: Row): RadiusRecord => ({
  id: row.id,
  name: row.name,
  ipAddress: row.ipAddress,
  proxyPort: RADIUS_PROXY_PORT,
  secretSet: row.sharedSecret !== '',
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** What the audit log keeps (the shared secret only as changed). */
const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Row) => kept;

export const radiusRoutes: FastifyPluginAsyncTypebox<{ db: Database; sealer: Sealer }> = async (
  app,
  { db, sealer },
) => {
  /** The IP address, refused when another RADIUS connector of the customer has it. */
  const claimIp = async (tx: Database, customerId: string, form: RadiusForm, exceptId?: string) => {
    const ipAddress = canonicalIp(form.ipAddress);
    await claimUniqueText(
      tx,
      {
        lock: 727_320,
        table: radiusConnectors,
        column: radiusConnectors.ipAddress,
        id: radiusConnectors.id,
        among: scopedTo(customerId),
        taken: ipExisted,
      },
      ipAddress,
      exceptId,
    );
    return ipAddress;
  };
  const newSecret = () => newRadiusSecret(sealer);

  const rows = crud<Row, RadiusRecord, RadiusForm>(app, {
    db,
    contract: radius,
    listingNames: RADIUS_LISTING,
    table: radiusConnectors,
    id: radiusConnectors.id,
    customerColumn: radiusConnectors.customerId,
    select: (database) => database.select().from(radiusConnectors).$dynamic(),
    listing: radiusList,
    record: radius.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: radiusNotFound,
    audit: { table: 'Radius', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: radiusConnectors.lastModifiedDate,
    translate: (error) => (sqlStateOf(error) === '23505' ? ipExisted() : error),
    create: {
      values: async ({ tx, customer }, form) => ({
        customerId: customer!,
        name: form.name.trim(),
        ipAddress: await claimIp(tx, customer!, form),
        sharedSecret: newSecret(),
      }),
      answer: (_, row) => ({ id: row.id, sharedSecret: sealer.open(row.sharedSecret) }),
    },
    delete: {},
    update: {
      values: async ({ tx }, before, form) => ({
        name: form.name.trim(),
        ipAddress: await claimIp(tx, before.customerId, form, before.id),
      }),
    },
  });

  app.route({
    ...routeOf(radius.base, radius.actions.regenerateSecret, 'radius.regenerateSecret'),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const before = await rows.find(tx, request, request.params.id, true);
        const sharedSecret = newSecret();
        const [after] = await tx
          .update(radiusConnectors)
          .set({ sharedSecret, lastModifiedDate: new Date() })
          .where(eqId(before.id))
          .returning();
        await rows.audit(rows.context(request, tx), 'UPDATE', before, after as Row);
        return { id: before.id, sharedSecret: sealer.open(sharedSecret) };
      }),
  });
};

const scopedTo = (customerId: string) => eq(radiusConnectors.customerId, customerId);
const eqId = (id: string) => eq(radiusConnectors.id, id);
