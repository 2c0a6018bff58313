import { type Static, Type } from 'typebox';
import {
  CustomerIdQuery,
  CustomerRecordParams,
  connectorCrud,
  isRedirectUrl,
  NAME_MAX_LENGTH,
  recordEcho,
} from './connector.ts';
import { CreatedAnswer, closed, IdParams, ReadOnly, RequiredText } from './fields.ts';
import { GatewaySignIn } from './gateway.ts';
import { defineErrors, defineListingNames, defineResource } from './kit.ts';
import { URL_MAX_LENGTH } from './rules.ts';

/**
 * OpenID Connect clients (docs/requirements/portal-entities.md OIDC client; docs/requirements/billing-services-data-calls.md get-client-secret, docs/requirements/error-messages.md oidc errors swallowed): a
 * relying party of the gateway. The gateway makes its client id and secret; the secret is kept encrypted and
 * revealed on demand. Its client id names its realm (docs/requirements/sign-in-and-session-calls.md: 'r-' plus the id's second dash-separated
 * part, here the customer), from which its endpoints follow.
 */

export const OIDC_LIMITS = {
  clientName: NAME_MAX_LENGTH,
  redirectUrls: 20,
  redirectUrl: URL_MAX_LENGTH,
} as const;
/** Generated client secrets: base64url, 256 bits. */
export const OIDC_SECRET_BYTES = 32;

/** Where a realm's issuer lives: `{origin}/realms/{realm}`. */
export const OIDC_REALMS_PATH = '/realms/';

/** A realm's name: `r-` and its customer's id without dashes (spec 01 §7). */
export const realmOf = (customerId: string) => `r-${customerId.replaceAll('-', '')}`;

/** The customer id a realm's name holds, or undefined when it is not a realm's name. */
export function customerOfRealm(realm: string): string | undefined {
  const hex = /^r-([0-9a-f]{32})$/.exec(realm)?.[1];
  if (!hex) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The provider's endpoints under its issuer (the discovery document is at the standard place). */
export const OIDC_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
  endSession: '/protocol/openid-connect/logout',
} as const;

/**
 * The gateway's own test of a client (the connector page's _Try sign-in_), under its realm: `/try/{id}`
 * starts the code flow; its answer comes back to `/try/callback`, which shows the ID token's claims.
 */
export const OIDC_TRY_PATH = '/try';

export const OidcEndpoints = Type.Object({
  issuer: Type.String(),
  discovery: Type.String(),
  authorization: Type.String(),
  token: Type.String(),
  userinfo: Type.String(),
  jwks: Type.String(),
  /** Where an application signs its user out (OpenID Connect RP-Initiated Logout). */
  endSession: Type.String(),
});
export type OidcEndpoints = Static<typeof OidcEndpoints>;

export const OidcRecord = Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  clientName: Type.String(),
  redirectUrls: Type.Array(Type.String()),
  endpoints: OidcEndpoints,
  /** A client secret is stored (encrypted); read it with getClientSecret. */
  secretSet: Type.Boolean(),
  /** The last sign-in through it (the gateway's decision), null before the first. */
  lastSignIn: Type.Union([GatewaySignIn, Type.Null()]),
  /** The gateway's own test of the client: a sign-in whose ID token's claims it shows. */
  trySignIn: Type.String(),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type OidcRecord = Static<typeof OidcRecord>;

export const RedirectUrl = Type.Refine(
  Type.String({ minLength: 1, maxLength: OIDC_LIMITS.redirectUrl }),
  (value) => isRedirectUrl(value),
  () => 'must be an https URL (or http on localhost) without a fragment',
);

export const OidcForm = Type.Object(
  {
    clientName: RequiredText(OIDC_LIMITS.clientName),
    redirectUrls: Type.Array(RedirectUrl, { minItems: 1, maxItems: OIDC_LIMITS.redirectUrls }),
    ...recordEcho({
      clientId: ReadOnly(),
      endpoints: ReadOnly(),
      secretSet: ReadOnly(),
      lastSignIn: ReadOnly(),
      trySignIn: ReadOnly(),
    }),
  },
  closed,
);
export type OidcForm = Static<typeof OidcForm>;

export const ClientSecretAnswer = Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String(),
});
export type ClientSecretAnswer = Static<typeof ClientSecretAnswer>;

export const OIDC_LISTING = defineListingNames({
  filters: ['q', 'id'],
  sort: ['clientName', 'clientId', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'clientName', order: 'ASC' },
});

const inCustomer = { from: 'path' } as const;

export const oidc = defineResource({
  name: 'oidc',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'OIDC', name: 'OIDC' },
  base: '/idm-config/connectors/oidc',
  customerScoped: true,
  // docs/requirements/error-messages.md: errors of this resource are logged and swallowed by the portal (its screens say what failed).
  swallowErrors: true,
  // docs/requirements/roles-and-permissions.md: the radius and saml permissions are also used for oidc and https; oidc takes saml's.
  permission: 'saml',
  ...connectorCrud({
    permission: 'saml',
    record: OidcRecord,
    form: OidcForm,
    created: CreatedAnswer,
    summaries: {
      list: "Search a customer's OIDC clients (never their secrets)",
      getOne: 'Read an OIDC client with its endpoints (not its secret)',
      create: 'Add an OIDC client: the gateway makes its client id and secret',
      update: "Change an OIDC client's name or redirect URLs",
      delete: 'Delete an OIDC client',
    },
  }),
  actions: {
    getClientSecret: {
      by: 'call',
      method: 'GET',
      path: '{base}/get-client-secret/{id}',
      query: ['customerId'],
      summary: 'Reveal the client secret of an OIDC client',
      access: { permission: 'saml:configure', customer: { from: 'query' } },
      errors: [404],
      schema: { params: IdParams, querystring: CustomerIdQuery, response: { 200: ClientSecretAnswer } },
    },
    regenerateSecret: {
      by: 'call',
      method: 'PUT',
      path: '{base}/{customerId}/{id}/client-secret',
      summary: 'Replace the client secret of an OIDC client with a new one (the old one stops working)',
      access: { permission: 'saml:configure', customer: inCustomer },
      errors: [404],
      schema: { params: CustomerRecordParams, response: { 200: ClientSecretAnswer } },
    },
  },
});

export const OIDC_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.oidc.notFound', text: 'OIDC client not found' },
});

/** One of the gateway's OpenID Connect signing keys, as the operator sees it: its key id and its age. */
export const OidcSigningKeyInfo = Type.Object({ kid: Type.String(), createdDate: Type.String() });

export const OidcSigningKeysAnswer = Type.Object({
  /** The key ID tokens are signed with now. */
  current: OidcSigningKeyInfo,
  /** The key before the last rotation, still published (what it signed still verifies); null before one. */
  previous: Type.Union([OidcSigningKeyInfo, Type.Null()]),
});
export type OidcSigningKeysAnswer = Static<typeof OidcSigningKeysAnswer>;

/** How long an instance takes at most to sign with a rotated key (it reads the current key this often). */
export const OIDC_KEYS_CHECKED_SEC = 10;
