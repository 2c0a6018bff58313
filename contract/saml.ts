import { type Static, Type } from 'typebox';
import { CustomerIdParams, connectorCrud, isDomainName, NAME_MAX_LENGTH, recordEcho } from './connector.ts';
import { CreatedAnswer, closed, closedQuery, HttpUrl, ReadOnly, RequiredText } from './fields.ts';
import { defineErrors, defineListingNames, defineResource } from './kit.ts';
import { CertificateInfo } from './saml2.ts';
import { isSamlPath, SAML_SETTING_LIMITS } from './samlSetting.ts';

/**
 * SAML connectors for Office 365 (docs/requirements/portal-entities.md SAML connector; docs/requirements/billing-services-data-calls.md federate-script): the gateway as the
 * federated identity provider of a customer's Microsoft 365 domains. A connector holds the gateway's URL, its
 * sign-in, sign-out and metadata paths and the certificate Microsoft 365 trusts; a new one starts from the
 * provider's SAML setting. The federation script is the Microsoft Graph PowerShell that federates (or turns
 * back to managed) a domain with these values.
 */

/** Microsoft Graph's preferredAuthenticationProtocol. */
export const SAML_PROTOCOLS = ['saml', 'wsFed'] as const;
export type SamlProtocol = (typeof SAML_PROTOCOLS)[number];

export const SAML_LIMITS = { ...SAML_SETTING_LIMITS, name: NAME_MAX_LENGTH, domain: 253 } as const;

const PathField = (maxLength: number) =>
  Type.Refine(
    Type.String({ minLength: 1, maxLength }),
    (value) => isSamlPath(value) && value !== '',
    () => "must start with '/'",
  );

const SETTINGS = {
  name: RequiredText(SAML_LIMITS.name),
  /** The gateway's address as Microsoft 365 reaches it (https in production). */
  url: HttpUrl({ optional: false }),
  protocol: Type.Enum(SAML_PROTOCOLS),
  signInPath: PathField(SAML_LIMITS.signInPath),
  signOutPath: PathField(SAML_LIMITS.signOutPath),
  metaPath: PathField(SAML_LIMITS.metaPath),
  /** The certificate Microsoft 365 checks the gateway's signatures with (PEM). */
  cert: RequiredText(SAML_LIMITS.cert),
};

/** The URLs Microsoft 365 is given, from the connector's fields. */
export const SamlUrls = Type.Object({
  passiveSignInUri: Type.String(),
  signOutUri: Type.String(),
  metadataExchangeUri: Type.String(),
});

export const SamlRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  protocol: Type.Enum(SAML_PROTOCOLS),
  signInPath: Type.String(),
  signOutPath: Type.String(),
  metaPath: Type.String(),
  cert: Type.String(),
  certificateInfo: Type.Union([CertificateInfo, Type.Null()]),
  urls: SamlUrls,
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type SamlRecord = Static<typeof SamlRecord>;

export const SamlForm = Type.Object(
  { ...SETTINGS, ...recordEcho({ certificateInfo: ReadOnly(), urls: ReadOnly() }) },
  closed,
);
export type SamlForm = Static<typeof SamlForm>;

/** What a new connector starts from: the provider's SAML setting, else this gateway and its certificate. */
export const SamlDefaults = Type.Object({
  url: Type.String(),
  protocol: Type.Enum(SAML_PROTOCOLS),
  signInPath: Type.String(),
  signOutPath: Type.String(),
  metaPath: Type.String(),
  cert: Type.String(),
});
export type SamlDefaults = Static<typeof SamlDefaults>;

export const FederateScriptQuery = Type.Object(
  {
    customerId: Type.String({ maxLength: 100 }),
    id: Type.String({ maxLength: 100 }),
    domain: Type.Refine(
      Type.String({ minLength: 1, maxLength: SAML_LIMITS.domain }),
      (value) => isDomainName(value),
      () => 'must be a domain name, as contoso.com',
    ),
    unFederate: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  },
  closedQuery,
);

export const FederateScriptAnswer = Type.Object({
  domain: Type.String(),
  unFederate: Type.Boolean(),
  /** A file name for the script (`federate-contoso.com.ps1`). */
  fileName: Type.String(),
  script: Type.String(),
});
export type FederateScriptAnswer = Static<typeof FederateScriptAnswer>;

export const SAML_LISTING = defineListingNames({
  filters: ['q', 'id'],
  sort: ['name', 'url', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const inCustomer = { from: 'path' } as const;

export const saml = defineResource({
  name: 'saml',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'SAML', name: 'SAML' },
  base: '/idm-config/connectors/saml',
  customerScoped: true,
  permission: 'saml',
  ...connectorCrud({
    permission: 'saml',
    record: SamlRecord,
    form: SamlForm,
    created: CreatedAnswer,
    summaries: {
      list: "Search a customer's Office 365 SAML connectors",
      getOne: 'Read an Office 365 SAML connector',
      create: 'Add an Office 365 SAML connector',
      update: 'Change an Office 365 SAML connector',
      delete: 'Delete an Office 365 SAML connector (unfederate its domains first)',
    },
  }),
  actions: {
    defaults: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/defaults',
      summary: "What a new connector starts from: the provider's SAML setting, else this gateway",
      access: { permission: 'saml:create', customer: inCustomer },
      errors: [404],
      schema: { params: CustomerIdParams, response: { 200: SamlDefaults } },
    },
    federateScript: {
      by: 'call',
      method: 'GET',
      path: '{base}/script/federate-script',
      query: ['customerId', 'id', 'domain', 'unFederate'],
      summary:
        'The Microsoft Graph PowerShell that federates a Microsoft 365 domain with this connector (unFederate=1: turns it back to managed)',
      access: { permission: 'saml:view', customer: { from: 'query' } },
      errors: [404],
      schema: { querystring: FederateScriptQuery, response: { 200: FederateScriptAnswer } },
    },
  },
});

export const SAML_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.saml.notFound', text: 'SAML connector not found' },
  certificate: {
    status: 400,
    key: 'error.saml.certificate',
    text: 'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
  },
});
