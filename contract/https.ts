import { type Static, Type } from 'typebox';
import { CustomerRecordParams, connectorCrud, NAME_MAX_LENGTH, recordEcho } from './connector.ts';
import { closed, NullableString, ReadOnly, RequiredText } from './fields.ts';
import { defineErrors, defineListingNames, defineResource } from './kit.ts';

/**
 * HTTPS connectors (docs/requirements/portal-entities.md HTTPS connector): an API that asks the gateway for a second factor, known by
 * its API key. The gateway generates the key and keeps only its SHA-256 hash: the key is answered once, when
 * made; a lost key is replaced, not read back. The service it serves (serviceId) is set by the service
 * launch.
 */

/** The start of every API key, so that a leaked one is recognised by secret scanners and people. */
export const API_KEY_PREFIX = 'gwk_';
/** The characters shown of a key (its prefix and the next ones), to tell keys apart. */
export const API_KEY_HINT_LENGTH = 12;

export const HttpsRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The first characters of the key, to tell keys apart (`gwk_AbCd1234…`). */
  apiKeyHint: Type.String(),
  /** The service instance this connector serves, once a service is launched with it. */
  serviceId: NullableString,
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type HttpsRecord = Static<typeof HttpsRecord>;

export const HttpsForm = Type.Object(
  {
    name: RequiredText(NAME_MAX_LENGTH),
    ...recordEcho({ apiKeyHint: ReadOnly(), serviceId: ReadOnly('set by the service launch; ignored') }),
  },
  closed,
);

/** A new API key, answered once (create and regenerate). */
export const ApiKeyAnswer = Type.Object({ id: Type.String(), apiKey: Type.String() });
export type ApiKeyAnswer = Static<typeof ApiKeyAnswer>;

export const HTTPS_LISTING = defineListingNames({
  filters: ['q', 'id'],
  sort: ['name', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const inCustomer = { from: 'path' } as const;

export const https = defineResource({
  name: 'https',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'HTTPS', name: 'HTTPS' },
  base: '/idm-config/connectors/https',
  customerScoped: true,
  // docs/requirements/roles-and-permissions.md: the radius and saml permissions are also used for oidc and https; https takes saml's.
  permission: 'saml',
  ...connectorCrud({
    permission: 'saml',
    record: HttpsRecord,
    form: HttpsForm,
    created: ApiKeyAnswer,
    summaries: {
      list: "Search a customer's HTTPS connectors (never their API keys)",
      getOne: 'Read an HTTPS connector (its API key is never sent back)',
      create: 'Add an HTTPS connector; answers its generated API key, once',
      update: 'Rename an HTTPS connector (the API key is kept)',
      delete: 'Delete an HTTPS connector (its API key stops working)',
    },
  }),
  actions: {
    regenerateApiKey: {
      by: 'call',
      method: 'PUT',
      path: '{base}/{customerId}/{id}/api-key',
      summary:
        'Replace the API key of an HTTPS connector with a new one, answered once (the old one stops working)',
      access: { permission: 'saml:configure', customer: inCustomer },
      errors: [404],
      schema: { params: CustomerRecordParams, response: { 200: ApiKeyAnswer } },
    },
  },
});

export const HTTPS_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.https.notFound', text: 'HTTPS connector not found' },
  nameExisted: {
    status: 409,
    key: 'error.https.nameExisted',
    text: 'There is already an HTTPS connector with this name. Choose another name.',
  },
});
