import { type Static, Type } from 'typebox';
import { connectorCrud, isDomainName, NAME_MAX_LENGTH, recordEcho } from './connector.ts';
import { CreatedAnswer, closed, HttpUrl, ReadOnly, RequiredText, Slug } from './fields.ts';
import { GatewaySignIn } from './gateway.ts';
import { defineErrors, defineListingNames, defineResource } from './kit.ts';
import { isSlug } from './rules.ts';

/**
 * SAML 2.0 connectors (docs/requirements/portal-entities.md SAML2 connector, docs/requirements/portal-validation.md unique name, docs/requirements/error-messages.md, docs/requirements/constants-and-limits.md SHA-256; docs/requirements/billing-services-data-calls.md check, xml,
 * default config): a service provider that signs its users in through the gateway, the gateway being its
 * identity provider. The URL suffix (uname) names the connector in the gateway's URLs, so it is unique among
 * all customers; the gateway's identity provider metadata for it is public, as service providers fetch it.
 */

export const SAML2_LIMITS = {
  uname: 63,
  providerName: NAME_MAX_LENGTH,
  entityId: 1024,
  relayState: 1024,
  certificate: 20_000,
  attributeName: 256,
  attributeValue: 1024,
  attributes: 50,
} as const;

export const NAME_ID_FORMATS = {
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
} as const;
export type NameIdFormat = keyof typeof NAME_ID_FORMATS;
export const NAME_ID_FORMAT_NAMES = Object.keys(NAME_ID_FORMATS) as NameIdFormat[];

/**
 * The user's properties a NameID or an attribute may carry. `immutableId`: the directory's immutable
 * identifier of the user (Active Directory's objectGUID, OpenLDAP's entryUUID), as Microsoft 365 expects it.
 */
export const USER_PROPERTIES = [
  'username',
  'email',
  'displayName',
  'mobilePhone',
  'id',
  'immutableId',
] as const;
export type UserProperty = (typeof USER_PROPERTIES)[number];

/** Which attributes the assertion carries: none, the mapping and the created ones, or every user property. */
export const SEND_ATTRIBUTES = ['NONE', 'MAPPED', 'ALL'] as const;

/** docs/requirements/constants-and-limits.md: SHA-256 by default. SHA-1 stays for service providers that know nothing else. */
export const SIGNATURE_ALGORITHMS = ['SHA-256', 'SHA-512', 'SHA-1'] as const;
export const DEFAULT_SIGNATURE_ALGORITHM = 'SHA-256';

/**
 * What a new connector's settings start from before a service provider is chosen: no optional address or
 * certificate, the email as NameID, the mapped attributes, SHA-256, response and assertion signed.
 */
export const NEW_SAML2_SETTINGS = {
  domainName: '',
  logoutUrl: '',
  loginUrl: '',
  defaultRelayState: '',
  certificate: '',
  nameIdFormat: 'emailAddress' as NameIdFormat,
  nameIdAttribute: 'email' as UserProperty,
  sendAttribute: 'MAPPED' as (typeof SEND_ATTRIBUTES)[number],
  signatureAlgorithm: DEFAULT_SIGNATURE_ALGORITHM as (typeof SIGNATURE_ALGORITHMS)[number],
  signResponse: true,
  signAssertion: true,
  attributeMapping: [] as { name: string; property: UserProperty }[],
  createdAttributes: [] as { name: string; value: string }[],
};

/** The service providers whose defaults the gateway knows (the setup guides of docs/requirements/portal-routes-and-menus.md). */
export const SAML2_PROVIDER_TYPES = [
  'generic',
  'aws',
  'gitlab',
  'zoom',
  'wordpress',
  'assembla',
  'ingram-micro',
  'vos-cloud',
  'office365',
] as const;
export type Saml2ProviderType = (typeof SAML2_PROVIDER_TYPES)[number];

const AttributeName = RequiredText(SAML2_LIMITS.attributeName);

export const AttributeMapping = Type.Array(
  Type.Object({ name: AttributeName, property: Type.Enum(USER_PROPERTIES) }, closed),
  { maxItems: SAML2_LIMITS.attributes },
);
export const CreatedAttributes = Type.Array(
  Type.Object({ name: AttributeName, value: RequiredText(SAML2_LIMITS.attributeValue) }, closed),
  { maxItems: SAML2_LIMITS.attributes },
);

/** What a certificate says (read by the server with X.509). */
export const CertificateInfo = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  validFrom: Type.String(),
  validTo: Type.String(),
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: Type.String(),
});
export type CertificateInfo = Static<typeof CertificateInfo>;

/** The gateway's identity provider URLs for one connector. */
export const IdpEndpoints = Type.Object({
  entityId: Type.String(),
  ssoUrl: Type.String(),
  sloUrl: Type.String(),
  metadataUrl: Type.String(),
  /** The connector's own sign-in link: a sign-in the gateway starts (IdP-initiated), to the application. */
  startUrl: Type.String(),
  /** The gateway's own test of the connector: a sign-in whose assertion it shows (not the application's). */
  trySignIn: Type.String(),
});

const SETTINGS = {
  providerName: RequiredText(SAML2_LIMITS.providerName),
  domainName: Type.Union([
    Type.Literal(''),
    Type.Refine(
      Type.String({ maxLength: 253 }),
      (value) => isDomainName(value),
      () => 'must be a domain name',
    ),
  ]),
  entityId: RequiredText(SAML2_LIMITS.entityId),
  acsUrl: HttpUrl({ optional: false }),
  logoutUrl: HttpUrl({ optional: true }),
  loginUrl: HttpUrl({ optional: true }),
  defaultRelayState: Type.String({ maxLength: SAML2_LIMITS.relayState }),
  /** The service provider's certificate (PEM), or ''. */
  certificate: Type.String({ maxLength: SAML2_LIMITS.certificate }),
  nameIdFormat: Type.Enum(NAME_ID_FORMAT_NAMES),
  nameIdAttribute: Type.Enum(USER_PROPERTIES),
  sendAttribute: Type.Enum(SEND_ATTRIBUTES),
  signatureAlgorithm: Type.Enum(SIGNATURE_ALGORITHMS),
  signResponse: Type.Boolean(),
  signAssertion: Type.Boolean(),
  attributeMapping: AttributeMapping,
  createdAttributes: CreatedAttributes,
};

export const Saml2Record = Type.Object({
  id: Type.String(),
  uname: Type.String(),
  providerName: Type.String(),
  domainName: Type.String(),
  entityId: Type.String(),
  acsUrl: Type.String(),
  logoutUrl: Type.String(),
  loginUrl: Type.String(),
  defaultRelayState: Type.String(),
  certificate: Type.String(),
  certificateInfo: Type.Union([CertificateInfo, Type.Null()]),
  nameIdFormat: Type.Enum(NAME_ID_FORMAT_NAMES),
  nameIdAttribute: Type.Enum(USER_PROPERTIES),
  sendAttribute: Type.Enum(SEND_ATTRIBUTES),
  signatureAlgorithm: Type.Enum(SIGNATURE_ALGORITHMS),
  signResponse: Type.Boolean(),
  signAssertion: Type.Boolean(),
  attributeMapping: Type.Array(Type.Object({ name: Type.String(), property: Type.Enum(USER_PROPERTIES) })),
  createdAttributes: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  idp: IdpEndpoints,
  /** The last sign-in through it (the gateway's decision), null before the first. */
  lastSignIn: Type.Union([GatewaySignIn, Type.Null()]),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type Saml2Record = Static<typeof Saml2Record>;

export const Saml2Form = Type.Object(
  {
    uname: Slug(SAML2_LIMITS.uname),
    ...SETTINGS,
    ...recordEcho({ certificateInfo: ReadOnly(), idp: ReadOnly(), lastSignIn: ReadOnly() }),
  },
  closed,
);
export type Saml2Form = Static<typeof Saml2Form>;

/** What a new connector for a known service provider starts from. */
export const Saml2Defaults = Type.Object({
  type: Type.Enum(SAML2_PROVIDER_TYPES),
  providerName: Type.String(),
  entityId: Type.String(),
  acsUrl: Type.String(),
  nameIdFormat: Type.Enum(NAME_ID_FORMAT_NAMES),
  nameIdAttribute: Type.Enum(USER_PROPERTIES),
  sendAttribute: Type.Enum(SEND_ATTRIBUTES),
  signatureAlgorithm: Type.Enum(SIGNATURE_ALGORITHMS),
  signResponse: Type.Boolean(),
  signAssertion: Type.Boolean(),
  attributeMapping: Type.Array(Type.Object({ name: Type.String(), property: Type.Enum(USER_PROPERTIES) })),
});
export type Saml2Defaults = Static<typeof Saml2Defaults>;

export const UnameCheckAnswer = Type.Object({
  uname: Type.String(),
  /** A URL suffix: lower-case letters and digits, words joined by single hyphens. */
  valid: Type.Boolean(),
  /** No connector of any customer has it. */
  available: Type.Boolean(),
});

export const isUname = (value: string): boolean => value.length <= SAML2_LIMITS.uname && isSlug(value);

export const SAML2_LISTING = defineListingNames({
  filters: ['q', 'id'],
  sort: ['providerName', 'uname', 'entityId', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'providerName', order: 'ASC' },
});

const UnameParams = Type.Object({ uname: Type.String({ maxLength: 200 }) });

export const saml2 = defineResource({
  name: 'saml2',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'SAML2', name: 'SAML2' },
  base: '/idm-config/connectors/saml2',
  customerScoped: true,
  permission: 'saml',
  ...connectorCrud({
    permission: 'saml',
    record: Saml2Record,
    form: Saml2Form,
    created: CreatedAnswer,
    unique: true,
    summaries: {
      list: "Search a customer's SAML 2.0 connectors",
      getOne:
        "Read a SAML 2.0 connector, with its certificate's subject and expiry and the gateway's URLs for it",
      create: 'Add a SAML 2.0 connector, its URL suffix unique among all connectors',
      update: 'Change a SAML 2.0 connector',
      delete: 'Delete a SAML 2.0 connector (its URL suffix becomes free)',
    },
  }),
  actions: {
    check: {
      by: 'call',
      method: 'GET',
      path: '{base}/check/{uname}',
      summary: 'Whether a URL suffix is valid and free',
      access: { permission: 'saml:view' },
      schema: { params: UnameParams, response: { 200: UnameCheckAnswer } },
    },
    xml: {
      by: 'download',
      method: 'GET',
      path: '{base}/xml/{uname}',
      fileName: 'idp-metadata.xml',
      summary:
        "The gateway's SAML 2.0 identity provider metadata for a connector (public: service providers fetch it)",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: { params: UnameParams },
    },
    defaultConfig: {
      by: 'call',
      method: 'GET',
      path: '/idm-config/saml2/{type}',
      summary: 'What a new connector for a known service provider starts from',
      access: { permission: 'saml:view' },
      errors: [404],
      schema: {
        params: Type.Object({ type: Type.String({ maxLength: 100 }) }),
        response: { 200: Saml2Defaults },
      },
    },
  },
});

export const SAML2_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.saml2.notFound', text: 'SAML 2.0 connector not found' },
  nameExisted: {
    status: 409,
    key: 'error.saml2.nameExisted',
    text: 'SAML2 connector name already existed',
    field: 'uname',
  },
  certificate: {
    status: 400,
    key: 'error.saml2.certificate',
    field: 'certificate',
    text: 'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
  },
  unknownType: {
    status: 404,
    key: 'error.saml2.unknownType',
    text: 'There are no defaults for this kind of service provider.',
  },
});
