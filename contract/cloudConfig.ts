import { type Static, Type } from 'typebox';
import { closed, HttpUrl, optional, ReadOnly, RequiredText, UuidParams } from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';
import { OidcSigningKeysAnswer } from './oidc.ts';
import { URL_MAX_LENGTH } from './rules.ts';

/**
 * Cloud authentication server settings (docs/requirements/portal-entities.md, docs/requirements/portal-states.md "Cloud settings"; docs/requirements/billing-services-data-calls.md "Cloud config"), in
 * the range convention of ra-data-simple-rest. Several may be kept; exactly one is ACTIVE at a time. The
 * company password is write-only: answers say whether one is set (`companyPasswordSet`), never what it is.
 */

export const HTTP_AUTH_MODES = ['DIGEST', 'BASIC', 'CLIENT_CERTIFICATE'] as const;
export type HttpAuthMode = (typeof HTTP_AUTH_MODES)[number];
export const CLOUD_CONFIG_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
/** 0 plain, 1 encrypted (notifyMessageFlag); messageFlag takes the same two values (docs/requirements/constants-and-limits.md). */
export const MESSAGE_FLAGS = [0, 1] as const;

/** The URL fields beside cloudUrl (http(s) URLs or empty). */
export const CLOUD_CONFIG_URL_FIELDS = [
  'callbackUrl',
  'gatewayUrl',
  'provisioningUrl',
  'smartTokenUrl',
  'pkiServerUrl',
] as const;

export const CLOUD_CONFIG_LIMITS = {
  url: URL_MAX_LENGTH,
  companyId: 200,
  companyPassword: 1024,
  pushPassType: 100,
  certificate: 20_000,
} as const;

const Flag = Type.Enum([...MESSAGE_FLAGS]);
const OptionalUrl = HttpUrl({ optional: true });

const fields = {
  cloudUrl: HttpUrl({ optional: false }),
  companyId: RequiredText(CLOUD_CONFIG_LIMITS.companyId),
  /** Write-only. On an update, '' (like leaving it out) keeps the stored password. */
  companyPassword: Type.String({ maxLength: CLOUD_CONFIG_LIMITS.companyPassword }),
  httpAuthMode: Type.Enum([...HTTP_AUTH_MODES]),
  pushPassType: Type.String({ maxLength: CLOUD_CONFIG_LIMITS.pushPassType }),
  notifyMessageFlag: Flag,
  messageFlag: Flag,
  callbackUrl: OptionalUrl,
  certificate: Type.String({ maxLength: CLOUD_CONFIG_LIMITS.certificate }),
  gatewayUrl: OptionalUrl,
  provisioningUrl: OptionalUrl,
  smartTokenUrl: OptionalUrl,
  pkiServerUrl: OptionalUrl,
};

/** A new configuration: cloudUrl, companyId and httpAuthMode are needed; the rest default to '' and 0. */
export const NewCloudConfig = Type.Object(
  {
    ...optional(fields),
    cloudUrl: fields.cloudUrl,
    companyId: fields.companyId,
    httpAuthMode: fields.httpAuthMode,
  },
  closed,
);
export type NewCloudConfig = Static<typeof NewCloudConfig>;

/**
 * An update: a field left out keeps its value; so does companyPassword sent as ''. The record's read-only
 * fields (ra-data-simple-rest sends the whole record back) are accepted and ignored.
 */
export const CloudConfigChanges = Type.Object(
  {
    ...optional(fields),
    id: Type.Optional(Type.String({ description: 'the id is the one in the path; read-only, ignored' })),
    status: Type.Optional(Type.String({ description: 'changed by activate; read-only, ignored' })),
    companyPasswordSet: Type.Optional(
      Type.Boolean({ description: 'whether a password is stored; read-only, ignored' }),
    ),
    createdDate: ReadOnly('set by the server; read-only, ignored'),
    modifiedDate: ReadOnly('set by the server; read-only, ignored'),
  },
  closed,
);
export type CloudConfigChanges = Static<typeof CloudConfigChanges>;

export const CloudConfigRecord = Type.Object({
  id: Type.String(),
  cloudUrl: Type.String(),
  companyId: Type.String(),
  companyPasswordSet: Type.Boolean(),
  httpAuthMode: Type.Enum([...HTTP_AUTH_MODES]),
  pushPassType: Type.String(),
  notifyMessageFlag: Type.Integer(),
  messageFlag: Type.Integer(),
  callbackUrl: Type.String(),
  certificate: Type.String(),
  gatewayUrl: Type.String(),
  provisioningUrl: Type.String(),
  smartTokenUrl: Type.String(),
  pkiServerUrl: Type.String(),
  status: Type.Enum([...CLOUD_CONFIG_STATUSES]),
  createdDate: Type.String(),
  modifiedDate: Type.String(),
});
export type CloudConfigRecord = Static<typeof CloudConfigRecord>;

export const CLOUD_CONFIG_LISTING = defineListingNames({
  filters: ['q', 'status', 'httpAuthMode', 'id'],
  sort: ['id', 'cloudUrl', 'companyId', 'httpAuthMode', 'status', 'createdDate', 'modifiedDate'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const view = { scope: 'provider', permission: 'vos-cloud-configuration:view' } as const;
const modify = { scope: 'provider', permission: 'vos-cloud-configuration:modify' } as const;

export const cloudConfig = defineResource({
  name: 'vos-cloud-config',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'CloudConfig', name: 'Cloud configuration' },
  base: '/idm-config/vos-cloud-config',
  customerScoped: false,
  permission: 'vos-cloud-configuration',
  list: { by: 'range', summary: 'List the cloud authentication server settings', access: view },
  getOne: {
    by: 'range',
    summary: 'Read a cloud authentication server setting',
    access: view,
    errors: [404],
    schema: { params: UuidParams, response: { 200: CloudConfigRecord } },
  },
  getMany: { by: 'range', summary: 'Read several settings (the list with filter={"id":[…]})', access: view },
  // chosen: simple-rest's POST {base}, answering the record
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}',
    body: 'data',
    summary: 'Create a cloud authentication server setting (INACTIVE)',
    access: { scope: 'provider', permission: 'vos-cloud-configuration:create' },
    schema: { body: NewCloudConfig, response: { 201: CloudConfigRecord } },
  },
  update: {
    by: 'range',
    summary: 'Change a setting; an empty or absent password keeps the stored one',
    access: modify,
    errors: [404],
    schema: { params: UuidParams, body: CloudConfigChanges, response: { 200: CloudConfigRecord } },
  },
  actions: {
    // The gateway's OpenID Connect signing keys (every realm's issuer signs with them): read, and rotated. A
    // rotation makes a new current key; the current one is kept as the previous (published, so that tokens
    // it signed still verify) and the one before it is forgotten.
    oidcSigningKeys: {
      by: 'call',
      method: 'GET',
      path: '{base}/oidc-signing-keys',
      summary: "The gateway's OpenID Connect signing keys: the current and the previous",
      access: view,
      schema: { response: { 200: OidcSigningKeysAnswer } },
    },
    rotateOidcSigningKey: {
      by: 'call',
      method: 'POST',
      path: '{base}/oidc-signing-keys/rotate',
      summary:
        "Rotate the gateway's OpenID Connect signing key (the current one stays published as the previous)",
      access: modify,
      schema: { response: { 200: OidcSigningKeysAnswer } },
    },
    activate: {
      by: 'eachId',
      method: 'POST',
      path: '{base}/active/{id}',
      summary: 'Make a setting the only ACTIVE one',
      access: modify,
      errors: [404, 409],
      schema: { params: UuidParams, response: { 200: CloudConfigRecord } },
    },
  },
});

export const CLOUD_CONFIG_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.cloudConfig.notFound', text: 'Cloud configuration not found' },
  activeConflict: {
    status: 409,
    key: 'error.cloudConfig.activeConflict',
    text: 'Another configuration was activated at the same time. Reload and try again.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  'vos-cloud-configuration': {
    scope: 'provider',
    actions: ['view', 'create', 'modify'],
    asset: { name: 'Cloud Configuration', description: 'Cloud authentication server settings' },
  },
});
