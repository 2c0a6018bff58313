import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { SAML_ERRORS, SAML_LISTING, type SamlForm, type SamlRecord, saml } from '../../../contract/saml.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { samlConnectors } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { badRequest, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { readCertificate } from '../connector/certificate.ts';
import { federateScript, unfederateScript } from '../connector/federation.ts';
import { publicOrigin } from '../../kit/origin.ts';
import { samlDefaults } from '../connector/make.ts';

/**
 * Office 365 SAML connectors (contract/saml.ts): CRUD in the customer of the path, defaults from the
 * provider's SAML setting (else this gateway and its signing certificate), and the federation script.
 */

const E = SAML_ERRORS;
const samlNotFound = () => notFound(E.notFound.key, E.notFound.text);

type Row = typeof samlConnectors.$inferSelect;

const samlList = defineListing({
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

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Row) => kept;

/** The gateway's URL without a trailing slash, then a path. */
const joined = (url: string, path: string) => `${url.replace(/\/+$/, '')}${path}`;

export const urlsOf = (row: Pick<Row, 'url' | 'signInPath' | 'signOutPath' | 'metaPath'>) => ({
  passiveSignInUri: joined(row.url, row.signInPath),
  signOutUri: joined(row.url, row.signOutPath),
  metadataExchangeUri: joined(row.url, row.metaPath),
});

const toRecord = (row: Row): SamlRecord => ({
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

function formValues(form: SamlForm) {
  const cert = form.cert.trim();
  if (!readCertificate(cert)) throw badRequest(E.certificate.key, E.certificate.text);
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

export const samlRoutes: FastifyPluginAsyncTypebox<{ db: Database; sealer: Sealer; config: Config }> = async (
  app,
  { db, sealer, config },
) => {
  const rows = crud<Row, SamlRecord, SamlForm>(app, {
    db,
    contract: saml,
    listingNames: SAML_LISTING,
    table: samlConnectors,
    id: samlConnectors.id,
    customerColumn: samlConnectors.customerId,
    select: (database) => database.select().from(samlConnectors).$dynamic(),
    listing: samlList,
    record: saml.getOne.schema.response[200],
    toRecords: (_, found) => found.map(toRecord),
    notFound: samlNotFound,
    audit: { table: 'SAML', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: samlConnectors.lastModifiedDate,
    create: { values: ({ customer }, form) => ({ customerId: customer!, ...formValues(form) }) },
    delete: {},
    update: { values: (_, __, form) => formValues(form) },
  });

  app.route({
    ...routeOf(saml.base, saml.actions.defaults, 'saml.defaults'),
    handler: (request) => samlDefaults(db, sealer, config, publicOrigin(request, config)),
  });

  app.route({
    ...routeOf(saml.base, saml.actions.federateScript, 'saml.federateScript'),
    handler: async (request) => {
      const { id, domain: rawDomain, unFederate } = request.query;
      const row = await rows.find(db, request, id);
      const domain = rawDomain.toLowerCase();
      const common = { domain, productName: config.productName, connectorName: row.name };
      const undo = unFederate === '1';
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
    },
  });
};
