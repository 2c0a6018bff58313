import { eq } from 'drizzle-orm';
import type { GatewaySignIn } from '../../../contract/gateway.ts';
import {
  isUname,
  SAML2_ERRORS,
  SAML2_LISTING,
  SAML2_PROVIDER_TYPES,
  type Saml2Defaults,
  type Saml2Form,
  type Saml2Record,
} from '../../../contract/saml2.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { saml2Connectors } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import { defineRows } from '../../kit/rows.ts';
import { readCertificate } from '../connector/certificate.ts';
import { samlSigningKey } from '../connector/gateway.ts';
import { idpMetadata, idpUrlsOf, SAML2_DEFAULTS } from '../connector/saml2.ts';
import { lastSignInsOf } from '../gateway/signInLog.ts';

/**
 * SAML 2.0 connectors (contract/saml2.ts): a customer's rows, their URL suffix unique among all customers'
 * connectors, the service provider's certificate read as X.509, and the gateway's identity provider
 * metadata for each connector.
 */

export type Saml2Row = typeof saml2Connectors.$inferSelect;

export const saml2Listing = defineListing({
  filters: {
    q: ilikeAny([saml2Connectors.providerName, saml2Connectors.uname, saml2Connectors.entityId]),
    id: inList(saml2Connectors.id),
  },
  sort: {
    providerName: saml2Connectors.providerName,
    uname: saml2Connectors.uname,
    entityId: saml2Connectors.entityId,
    createdDate: saml2Connectors.createdDate,
    lastModifiedDate: saml2Connectors.lastModifiedDate,
    id: saml2Connectors.id,
  },
  defaultSort: SAML2_LISTING.defaultSort,
  unique: saml2Connectors.id,
});

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Saml2Row) =>
  kept;

const toRecord = (origin: string, row: Saml2Row, lastSignIn: GatewaySignIn | undefined): Saml2Record => ({
  id: row.id,
  uname: row.uname,
  providerName: row.providerName,
  domainName: row.domainName,
  entityId: row.entityId,
  acsUrl: row.acsUrl,
  logoutUrl: row.logoutUrl,
  loginUrl: row.loginUrl,
  defaultRelayState: row.defaultRelayState,
  certificate: row.certificate,
  certificateInfo: row.certificate ? (readCertificate(row.certificate) ?? null) : null,
  nameIdFormat: row.nameIdFormat as Saml2Record['nameIdFormat'],
  nameIdAttribute: row.nameIdAttribute as Saml2Record['nameIdAttribute'],
  sendAttribute: row.sendAttribute as Saml2Record['sendAttribute'],
  signatureAlgorithm: row.signatureAlgorithm as Saml2Record['signatureAlgorithm'],
  signResponse: row.signResponse,
  signAssertion: row.signAssertion,
  attributeMapping: row.attributeMapping as Saml2Record['attributeMapping'],
  createdAttributes: row.createdAttributes as Saml2Record['createdAttributes'],
  idp: idpUrlsOf(origin, row.uname),
  lastSignIn: lastSignIn ?? null,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** A customer's SAML 2.0 connectors, answered with the gateway's URLs for each. */
export const saml2Rows = defineRows<Saml2Row, Saml2Record>({
  table: saml2Connectors,
  id: saml2Connectors.id,
  customerColumn: saml2Connectors.customerId,
  select: (db) => db.select().from(saml2Connectors).$dynamic(),
  listing: saml2Listing,
  toRecords: async (scope, found) => {
    const last = await lastSignInsOf(
      scope.tx,
      found.map((row) => row.id),
    );
    return found.map((row) => toRecord(scope.origin, row, last.get(row.id)));
  },
  notFound: () => fail(SAML2_ERRORS.notFound),
  audit: { table: 'SAML2', fields: audited, customerOf: (row) => row.customerId },
  modifiedAt: saml2Connectors.lastModifiedDate,
  // A URL suffix another customer's connector has (out of the call's sight), or taken meanwhile.
  translate: (error) => (sqlStateOf(error) === '23505' ? fail(SAML2_ERRORS.nameExisted) : error),
});

/** The columns of a checked form; a certificate that is not one is refused. */
export function saml2Values(form: Saml2Form) {
  const certificate = form.certificate.trim();
  if (certificate !== '' && !readCertificate(certificate)) throw fail(SAML2_ERRORS.certificate);
  return {
    uname: form.uname,
    providerName: form.providerName.trim(),
    domainName: form.domainName.toLowerCase(),
    entityId: form.entityId.trim(),
    acsUrl: form.acsUrl,
    logoutUrl: form.logoutUrl,
    loginUrl: form.loginUrl,
    defaultRelayState: form.defaultRelayState,
    certificate: certificate === '' ? '' : `${certificate}\n`,
    nameIdFormat: form.nameIdFormat,
    nameIdAttribute: form.nameIdAttribute,
    sendAttribute: form.sendAttribute,
    signatureAlgorithm: form.signatureAlgorithm,
    signResponse: form.signResponse,
    signAssertion: form.signAssertion,
    attributeMapping: form.attributeMapping.map(({ name, property }) => ({ name: name.trim(), property })),
    createdAttributes: form.createdAttributes.map(({ name, value }) => ({ name: name.trim(), value })),
  };
}

/** The connector of a URL suffix, whichever customer's (the transaction must reach them all). */
async function connectorOfUname(tx: Database, uname: string): Promise<Saml2Row | undefined> {
  if (!isUname(uname)) return undefined;
  const [row] = await tx.select().from(saml2Connectors).where(eq(saml2Connectors.uname, uname)).limit(1);
  return row;
}

/** Whether a URL suffix is valid and free among every customer's connectors. */
export async function checkUname(tx: Database, uname: string) {
  if (!isUname(uname)) return { uname, valid: false, available: false };
  return { uname, valid: true, available: (await connectorOfUname(tx, uname)) === undefined };
}

/** The identity provider metadata of the connector of a URL suffix (its file name beside), or a 404. */
export async function saml2Metadata(
  tx: Database,
  sealer: Sealer,
  productName: string,
  origin: string,
  uname: string,
): Promise<{ fileName: string; xml: string }> {
  const row = await connectorOfUname(tx, uname);
  if (!row) throw fail(SAML2_ERRORS.notFound);
  const key = await samlSigningKey(tx, sealer, productName, row.customerId);
  const xml = idpMetadata({
    urls: idpUrlsOf(origin, row.uname),
    certificate: key.certificate,
    nameIdFormat: row.nameIdFormat as Saml2Record['nameIdFormat'],
    wantRequestsSigned: row.certificate.trim() !== '',
  });
  return { fileName: `${row.uname}-idp-metadata.xml`, xml };
}

/** What a new connector for a known kind of service provider starts from, or a 404. */
export function saml2Defaults(type: string): Saml2Defaults {
  const known = SAML2_PROVIDER_TYPES.find((candidate) => candidate === type);
  if (!known) throw fail(SAML2_ERRORS.unknownType);
  return { type: known, ...SAML2_DEFAULTS[known] };
}
