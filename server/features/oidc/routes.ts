import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  OIDC_ERRORS,
  OIDC_LISTING,
  type OidcEndpoints,
  type OidcForm,
  type OidcRecord,
  oidc,
} from '../../../contract/oidc.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { oidcClients } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { publicOrigin } from '../../kit/origin.ts';
import { newOidcClientId, newOidcSecret } from '../connector/make.ts';

/**
 * OIDC clients (contract/oidc.ts): CRUD in the customer of the path; the client id and secret are made here,
 * the secret sealed at rest, revealed on demand and replaceable. A client's id is `oidc-<customer>-<random>`,
 * so its realm (spec 01 §7: 'r-' and the id's second part) is the customer's, and its endpoints follow.
 */

const oidcNotFound = () => notFound(OIDC_ERRORS.notFound.key, OIDC_ERRORS.notFound.text);

type Row = typeof oidcClients.$inferSelect;

/** The realm of a customer's clients. */
export const realmOf = (customerId: string) => `r-${customerId.replaceAll('-', '')}`;

export const endpointsOf = (origin: string, customerId: string): OidcEndpoints => {
  const issuer = `${origin}/realms/${realmOf(customerId)}`;
  const protocol = `${issuer}/protocol/openid-connect`;
  return {
    issuer,
    discovery: `${issuer}/.well-known/openid-configuration`,
    authorization: `${protocol}/auth`,
    token: `${protocol}/token`,
    userinfo: `${protocol}/userinfo`,
    jwks: `${protocol}/certs`,
  };
};

const oidcList = defineListing({
  filters: { q: ilikeAny([oidcClients.clientName, oidcClients.clientId]), id: inList(oidcClients.id) },
  sort: {
    clientName: oidcClients.clientName,
    clientId: oidcClients.clientId,
    createdDate: oidcClients.createdDate,
    lastModifiedDate: oidcClients.lastModifiedDate,
    id: oidcClients.id,
  },
  defaultSort: OIDC_LISTING.defaultSort,
  unique: oidcClients.id,
});

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: Row) => kept;

export const oidcRoutes: FastifyPluginAsyncTypebox<{ db: Database; sealer: Sealer; config: Config }> = async (
  app,
  { db, sealer, config },
) => {
  const toRecord = (request: FastifyRequest, row: Row): OidcRecord => ({
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientName,
    redirectUrls: row.redirectUrls,
    endpoints: endpointsOf(publicOrigin(request, config), row.customerId),
    secretSet: row.clientSecret !== '',
    createdDate: row.createdDate.toISOString(),
    lastModifiedDate: row.lastModifiedDate.toISOString(),
  });

  const newSecret = () => newOidcSecret(sealer);
  const formValues = (form: OidcForm) => ({
    clientName: form.clientName.trim(),
    redirectUrls: [...new Set(form.redirectUrls.map((url) => url.trim()))],
  });

  const rows = crud<Row, OidcRecord, OidcForm>(app, {
    db,
    contract: oidc,
    listingNames: OIDC_LISTING,
    table: oidcClients,
    id: oidcClients.id,
    customerColumn: oidcClients.customerId,
    select: (database) => database.select().from(oidcClients).$dynamic(),
    listing: oidcList,
    record: oidc.getOne.schema.response[200],
    toRecords: (_, found, request) => found.map((row) => toRecord(request, row)),
    notFound: oidcNotFound,
    audit: { table: 'OIDC', fields: audited, customerOf: (row) => row.customerId },
    modifiedAt: oidcClients.lastModifiedDate,
    create: {
      values: ({ customer }, form) => ({
        customerId: customer!,
        clientId: newOidcClientId(customer!),
        clientSecret: newSecret(),
        ...formValues(form),
      }),
    },
    delete: {},
    update: { values: (_, __, form) => formValues(form) },
  });

  const secretAnswer = (row: Row) => ({
    id: row.id,
    clientId: row.clientId,
    clientSecret: sealer.open(row.clientSecret),
  });

  app.route({
    ...routeOf(oidc.base, oidc.actions.getClientSecret, 'oidc.getClientSecret'),
    handler: async (request) => secretAnswer(await rows.find(db, request, request.params.id)),
  });

  app.route({
    ...routeOf(oidc.base, oidc.actions.regenerateSecret, 'oidc.regenerateSecret'),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const before = await rows.find(tx, request, request.params.id, true);
        const [after] = await tx
          .update(oidcClients)
          .set({ clientSecret: newSecret(), lastModifiedDate: new Date() })
          .where(eq(oidcClients.id, before.id))
          .returning();
        await rows.audit(rows.context(request, tx), 'UPDATE', before, after as Row);
        return secretAnswer(after as Row);
      }),
  });
};
