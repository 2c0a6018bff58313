import type { GatewaySignIn } from '../../../contract/gateway.ts';
import { RADIUS_ERRORS, RADIUS_LISTING, type RadiusRecord } from '../../../contract/radius.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { radiusConnectors } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { newRadiusSecret } from '../connector/make.ts';
import { lastSignInsOf } from '../gateway/signInLog.ts';

/**
 * RADIUS connectors (contract/radius.ts): a customer's rows, the IP address unique in the customer, and the
 * shared secret, generated here, sealed at rest, answered once when made and never again.
 */

export type RadiusRow = typeof radiusConnectors.$inferSelect;

/** The one spelling of an address: IPv4 as written, IPv6 compressed and in lower case (RFC 5952). */
export const canonicalIp = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.includes(':') ? new URL(`http://[${trimmed}]/`).hostname.slice(1, -1) : trimmed;
};

export const radiusListing = defineListing({
  filters: {
    q: ilikeAny([radiusConnectors.name, radiusConnectors.ipAddress]),
    id: inList(radiusConnectors.id),
  },
  sort: {
    name: radiusConnectors.name,
    ipAddress: radiusConnectors.ipAddress,
    mode: radiusConnectors.mode,
    createdDate: radiusConnectors.createdDate,
    lastModifiedDate: radiusConnectors.lastModifiedDate,
    id: radiusConnectors.id,
  },
  defaultSort: RADIUS_LISTING.defaultSort,
  unique: radiusConnectors.id,
});

const toRecord = (
  row: RadiusRow,
  proxyPort: number | null,
  lastSignIn: GatewaySignIn | undefined,
): RadiusRecord => ({
  id: row.id,
  name: row.name,
  ipAddress: row.ipAddress,
  proxyPort,
  mode: row.mode,
  nasIdentifier: row.id,
  secretSet: row.sharedSecret !== '',
  lastSignIn: lastSignIn ?? null,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** The records of `found`: the port the RADIUS server listens on now, each connector's last request. */
async function toRecords(scope: Scope, found: RadiusRow[]): Promise<RadiusRecord[]> {
  const last = await lastSignInsOf(
    scope.tx,
    found.map((row) => row.id),
  );
  const port = scope.services?.listening.radius ?? null;
  return found.map((row) => toRecord(row, port, last.get(row.id)));
}

/** What the audit log keeps (the shared secret only as changed). */
const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: RadiusRow) =>
  kept;

/**
 * The address is taken: by the connector named, when the caller's customer holds it (the search runs in the
 * customer's reach, so the name is never another customer's), else in the spec's words.
 */
const ipExisted = (holder?: string) =>
  holder ? fail(RADIUS_ERRORS.ipHeldBy, { name: holder }) : fail(RADIUS_ERRORS.ipExisted);

/** A customer's RADIUS connectors (never their shared secrets). */
export const radiusRows = defineRows<RadiusRow, RadiusRecord>({
  table: radiusConnectors,
  id: radiusConnectors.id,
  customerColumn: radiusConnectors.customerId,
  select: (db) => db.select().from(radiusConnectors).$dynamic(),
  listing: radiusListing,
  toRecords,
  notFound: () => fail(RADIUS_ERRORS.notFound),
  audit: { table: 'Radius', fields: audited, customerOf: (row) => row.customerId },
  modifiedAt: radiusConnectors.lastModifiedDate,
  // Two calls claiming one address at once: the unique index refuses the second.
  translate: (error) => (sqlStateOf(error) === '23505' ? ipExisted() : error),
});

/**
 * The address as stored, refused when another RADIUS connector of the call's customer has it (the
 * database's reach keeps the search inside that customer).
 */
export async function claimIp(scope: Scope, ipAddress: string, exceptId?: string): Promise<string> {
  const canonical = canonicalIp(ipAddress);
  await claimUniqueText(
    scope.tx,
    {
      lock: 727_320,
      table: radiusConnectors,
      column: radiusConnectors.ipAddress,
      id: radiusConnectors.id,
      holder: radiusConnectors.name,
      taken: ipExisted,
    },
    canonical,
    exceptId,
  );
  return canonical;
}

/** Replaces a connector's shared secret with a new random one; answers it, once. */
export async function regenerateSecret(
  scope: WriteScope,
  sealer: Sealer,
  id: unknown,
): Promise<{ id: string; sharedSecret: string }> {
  const before = await radiusRows.find(scope, id, { forUpdate: true });
  const sharedSecret = newRadiusSecret(sealer);
  const after = await radiusRows.change(scope, before.id, { sharedSecret });
  await radiusRows.audit(scope, 'UPDATE', before, after);
  return { id: before.id, sharedSecret: sealer.open(sharedSecret) };
}
