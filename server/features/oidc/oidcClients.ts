import type { GatewaySignIn } from '../../../contract/gateway.ts';
import {
  OIDC_ERRORS,
  OIDC_LISTING,
  OIDC_REALMS_PATH,
  OIDC_ROUTES,
  OIDC_TRY_PATH,
  type OidcEndpoints,
  type OidcForm,
  type OidcRecord,
  realmOf,
} from '../../../contract/oidc.ts';
import { defineListing, ilikeAny, inList } from '../../db/listing.ts';
import { oidcClients } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { newOidcSecret } from '../connector/make.ts';
import { lastSignInsOf } from '../gateway/signInLog.ts';

/**
 * OIDC clients (contract/oidc.ts): a customer's rows; the client id and secret are made here, the secret
 * sealed at rest, revealed on demand and replaceable. A client's id is `oidc-<customer>-<random>`, so its
 * realm (docs/requirements/sign-in-and-session-calls.md: 'r-' and the id's second part) is the customer's, and its endpoints follow.
 */

export type OidcRow = typeof oidcClients.$inferSelect;

export const endpointsOf = (origin: string, customerId: string): OidcEndpoints => {
  const issuer = `${origin}${OIDC_REALMS_PATH}${realmOf(customerId)}`;
  return {
    issuer,
    discovery: `${issuer}/.well-known/openid-configuration`,
    authorization: `${issuer}${OIDC_ROUTES.authorization}`,
    token: `${issuer}${OIDC_ROUTES.token}`,
    userinfo: `${issuer}${OIDC_ROUTES.userinfo}`,
    jwks: `${issuer}${OIDC_ROUTES.jwks}`,
    endSession: `${issuer}${OIDC_ROUTES.endSession}`,
  };
};

export const oidcListing = defineListing({
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

const audited = ({ id: _id, customerId: _c, createdDate: _cd, lastModifiedDate: _md, ...kept }: OidcRow) =>
  kept;

const toRecord = (origin: string, row: OidcRow, lastSignIn: GatewaySignIn | undefined): OidcRecord => ({
  id: row.id,
  clientId: row.clientId,
  clientName: row.clientName,
  redirectUrls: row.redirectUrls,
  endpoints: endpointsOf(origin, row.customerId),
  secretSet: row.clientSecret !== '',
  lastSignIn: lastSignIn ?? null,
  trySignIn: `${endpointsOf(origin, row.customerId).issuer}${OIDC_TRY_PATH}/${row.id}`,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

/** A customer's OIDC clients, answered with their endpoints (never their secrets). */
export const oidcRows = defineRows<OidcRow, OidcRecord>({
  table: oidcClients,
  id: oidcClients.id,
  customerColumn: oidcClients.customerId,
  select: (db) => db.select().from(oidcClients).$dynamic(),
  listing: oidcListing,
  toRecords: async (scope, found) => {
    const last = await lastSignInsOf(
      scope.tx,
      found.map((row) => row.id),
    );
    return found.map((row) => toRecord(scope.origin, row, last.get(row.id)));
  },
  notFound: () => fail(OIDC_ERRORS.notFound),
  audit: { table: 'OIDC', fields: audited, customerOf: (row) => row.customerId },
  modifiedAt: oidcClients.lastModifiedDate,
});

/** The columns of a checked form. */
export const oidcValues = (form: OidcForm) => ({
  clientName: form.clientName.trim(),
  redirectUrls: [...new Set(form.redirectUrls.map((url) => url.trim()))],
});

const secretAnswer = (sealer: Sealer, row: OidcRow) => ({
  id: row.id,
  clientId: row.clientId,
  clientSecret: sealer.open(row.clientSecret),
});

/** A client's id and secret, revealed. */
export async function clientSecretOf(scope: Scope, sealer: Sealer, id: unknown) {
  return secretAnswer(sealer, await oidcRows.find(scope, id));
}

/** Replaces a client's secret with a new one; answers it. */
export async function regenerateClientSecret(scope: WriteScope, sealer: Sealer, id: unknown) {
  const before = await oidcRows.find(scope, id, { forUpdate: true });
  const after = await oidcRows.change(scope, before.id, { clientSecret: newOidcSecret(sealer) });
  await oidcRows.audit(scope, 'UPDATE', before, after);
  return secretAnswer(sealer, after);
}
