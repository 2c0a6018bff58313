import { SAML_ERRORS, SAML_LISTING, type SamlForm, type SamlRecord } from '../../../contract/saml.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { samlConnectors } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { defineRows } from '../../kit/rows.ts';
import { readCertificate } from '../connector/certificate.ts';
import { federateScript, unfederateScript } from '../connector/federation.ts';

/**
 * Office 365 SAML connectors (contract/saml.ts): a customer's rows, the gateway's URLs for each, and the
 * PowerShell that federates a Microsoft 365 domain with one (or turns it back to managed).
 */

export type SamlRow = typeof samlConnectors.$inferSelect;

export const samlListing = defineListing({
  filters: { q: ilikeAny([samlConnectors.name, samlConnectors.url]), id: inList(samlConnectors.id) },
  sort: {
    name: samlConnectors.name,
    url: samlConnectors.url,
    createdDate: samlConnectors.createdDate,
    lastModifiedDate: samlConnectors.lastModifiedDate,
    id: samlConnectors.id,
  },
  defaultSort: SAML_LISTING.defaultSort,
  unique: samlConnectors.id,
});

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: SamlRow) =>
  kept;

/** The gateway's URL without a trailing slash, then a path. */
const joined = (url: string, path: string) => `${url.replace(/\/+$/, '')}${path}`;

export const urlsOf = (row: Pick<SamlRow, 'url' | 'signInPath' | 'signOutPath' | 'metaPath'>) => ({
  passiveSignInUri: joined(row.url, row.signInPath),
  signOutUri: joined(row.url, row.signOutPath),
  metadataExchangeUri: joined(row.url, row.metaPath),
});

const toRecord = (row: SamlRow): SamlRecord => ({
  id: row.id,
  name: row.name,
  url: row.url,
  protocol: row.protocol,
  signInPath: row.signInPath,
  signOutPath: row.signOutPath,
  metaPath: row.metaPath,
  cert: row.cert,
  certificateInfo: readCertificate(row.cert) ?? null,
  urls: urlsOf(row),
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** A customer's Office 365 connectors, answered with the gateway's URLs for each. */
export const samlRows = defineRows<SamlRow, SamlRecord>({
  table: samlConnectors,
  id: samlConnectors.id,
  customerColumn: samlConnectors.customerId,
  select: (db) => db.select().from(samlConnectors).$dynamic(),
  listing: samlListing,
  toRecords: (_, found) => found.map(toRecord),
  notFound: () => fail(SAML_ERRORS.notFound),
  audit: { table: 'SAML', fields: audited, customerOf: (row) => row.customerId },
  modifiedAt: samlConnectors.lastModifiedDate,
});

/** The columns of a checked form; a certificate that is not one is refused. */
export function samlValues(form: SamlForm) {
  const cert = form.cert.trim();
  if (!readCertificate(cert)) throw fail(SAML_ERRORS.certificate);
  return {
    name: form.name.trim(),
    url: form.url.replace(/\/+$/, ''),
    protocol: form.protocol,
    signInPath: form.signInPath,
    signOutPath: form.signOutPath,
    metaPath: form.metaPath,
    cert: `${cert}\n`,
  };
}

/** The script that federates `domain` with the connector (`undo`: turns the domain back to managed). */
export function federationScript(row: SamlRow, rawDomain: string, undo: boolean, productName: string) {
  const domain = rawDomain.toLowerCase();
  const common = { domain, productName, connectorName: row.name };
  const script = undo
    ? unfederateScript(common)
    : federateScript({
        ...common,
        ...urlsOf(row),
        issuerUri: joined(row.url, `/o365/${domain}`),
        certificate: row.cert,
        protocol: row.protocol,
      });
  return {
    domain,
    unFederate: undo,
    fileName: `${undo ? 'unfederate' : 'federate'}-${domain}.ps1`,
    script,
  };
}
