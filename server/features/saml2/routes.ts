import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  isUname,
  SAML2_ERRORS,
  SAML2_LISTING,
  SAML2_PROVIDER_TYPES,
  type Saml2Form,
  type Saml2ProviderType,
  type Saml2Record,
  saml2,
} from '../../../contract/saml2.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { saml2Connectors } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { readCertificate } from '../connector/certificate.ts';
import { samlSigningKey } from '../connector/gateway.ts';
import { publicOrigin } from '../../kit/origin.ts';
import { claimSaml2Uname } from '../connector/make.ts';
import { idpMetadata, idpUrlsOf, SAML2_DEFAULTS } from '../connector/saml2.ts';

/**
 * SAML 2.0 connectors (contract/saml2.ts): CRUD in the customer of the path, the URL suffix unique among all
 * customers, the service provider's certificate read as X.509, and the gateway's identity provider metadata
 * for each connector (public, as service providers fetch it by URL).
 */

const E = SAML2_ERRORS;
const saml2NotFound = () => notFound(E.notFound.key, E.notFound.text);
const nameExisted = () => conflict(E.nameExisted.key, E.nameExisted.text);
const badCertificate = () => badRequest(E.certificate.key, E.certificate.text);

type Row = typeof saml2Connectors.$inferSelect;

const saml2List = defineListing({
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

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Row) => kept;

/** The columns of a checked form; a certificate that is not one is refused. */
function formValues(form: Saml2Form) {
  const certificate = form.certificate.trim();
  if (certificate !== '' && !readCertificate(certificate)) throw badCertificate();
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

export const saml2Routes: FastifyPluginAsyncTypebox<{
  db: Database;
  sealer: Sealer;
  config: Config;
}> = async (app, { db, sealer, config }) => {
  const toRecord = (request: FastifyRequest, row: Row): Saml2Record => ({
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
    idp: idpUrlsOf(publicOrigin(request, config), row.uname),
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate.toISOString(),
  });

  crud<Row, Saml2Record, Saml2Form>(app, {
    db,
    contract: saml2,
    listingNames: SAML2_LISTING,
    table: saml2Connectors,
    id: saml2Connectors.id,
    customerColumn: saml2Connectors.customerId,
    select: (database) => database.select().from(saml2Connectors).$dynamic(),
    listing: saml2List,
    record: saml2.getOne.schema.response[200],
    toRecords: (_, found, request) => found.map((row) => toRecord(request, row)),
    notFound: saml2NotFound,
    audit: { table: 'SAML2', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: saml2Connectors.lastModifiedDate,
    translate: (error) => (sqlStateOf(error) === '23505' ? nameExisted() : error),
    // The URL suffix check, the metadata and the defaults are about every customer's connectors, or none:
    // registered below, outside the customer's rows.
    only: ['list', 'getOne', 'getMany', 'create', 'update', 'delete', 'deleteMany'],
    create: {
      values: async ({ tx, customer }, form) => {
        const values = formValues(form);
        await claimSaml2Uname(tx, values.uname);
        return { customerId: customer!, ...values };
      },
    },
    delete: {},
    update: {
      values: async ({ tx }, before, form) => {
        const values = formValues(form);
        if (values.uname !== before.uname) await claimSaml2Uname(tx, values.uname, before.id);
        return values;
      },
    },
  });

  app.route({
    ...routeOf(saml2.base, saml2.actions.check, 'saml2.check'),
    handler: async (request) => {
      const { uname } = request.params;
      if (!isUname(uname)) return { uname, valid: false, available: false };
      const [taken] = await db
        .select({ id: saml2Connectors.id })
        .from(saml2Connectors)
        .where(eq(saml2Connectors.uname, uname))
        .limit(1);
      return { uname, valid: true, available: !taken };
    },
  });

  app.route({
    ...routeOf(saml2.base, saml2.actions.xml, 'saml2.xml'),
    handler: async (request, reply) => {
      const { uname } = request.params;
      const [row] = isUname(uname)
        ? await db.select().from(saml2Connectors).where(eq(saml2Connectors.uname, uname)).limit(1)
        : [];
      if (!row) throw saml2NotFound();
      const key = await samlSigningKey(db, sealer, config.productName);
      const xml = idpMetadata({
        urls: idpUrlsOf(publicOrigin(request, config), row.uname),
        certificate: key.certificate,
        nameIdFormat: row.nameIdFormat as Saml2Record['nameIdFormat'],
      });
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${row.uname}-idp-metadata.xml"`)
        .send(xml);
    },
  });

  app.route({
    ...routeOf(saml2.base, saml2.actions.defaultConfig, 'saml2.defaultConfig'),
    handler: async (request) => {
      const type = request.params.type as Saml2ProviderType;
      if (!SAML2_PROVIDER_TYPES.includes(type)) throw notFound(E.unknownType.key, E.unknownType.text);
      return { type, ...SAML2_DEFAULTS[type] };
    },
  });
};
