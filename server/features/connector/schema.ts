import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_RADIUS_MODE, RADIUS_MODES } from '../../../contract/gateway.ts';
import { timestamptz } from '../../db/columns.ts';
import { customerScope } from '../../db/reach.ts';
import { customers } from '../customer/schema.ts';

/**
 * A customer's connectors (contract/radius.ts, saml2.ts, saml.ts, oidc.ts, https.ts) and the gateway's own
 * signing key. Secrets the gateway must present again (a RADIUS shared secret, an OIDC client secret, a
 * private key) are sealed with the secrets key (server/domain/secrets.ts); an API key is kept as its hash.
 */
const customerColumn = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });
const dates = () => ({
  createdDate: timestamptz('created_date').notNull().defaultNow(),
  lastModifiedDate: timestamptz('last_modified_date').notNull().defaultNow(),
});

export const radiusConnectors = pgTable(
  'radius_connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerColumn(),
    name: text('name').notNull(),
    /**
     * IPv4, or IPv6 in its canonical form: unique in the customer. Null until it is set, for a connector made
     * by a service launch from its name alone.
     */
    ipAddress: text('ip_address'),
    /** Sealed. */
    sharedSecret: text('shared_secret').notNull(),
    /** How the gateway asks for the second factor (contract/gateway.ts RADIUS_MODES). */
    mode: text('mode', { enum: RADIUS_MODES }).notNull().default(DEFAULT_RADIUS_MODE),
    ...dates(),
  },
  (t) => [
    uniqueIndex('radius_connectors_ip_idx').on(t.customerId, t.ipAddress),
    /** The gateway finds a packet's connectors by its source address, across customers. */
    index('radius_connectors_address_idx').on(t.ipAddress),
    check('radius_connectors_mode_check', sql`${t.mode} in ('challenge', 'push', 'append')`),
    index('radius_connectors_name_idx').on(t.customerId, t.name),
    customerScope(t.customerId),
  ],
);

export const saml2Connectors = pgTable(
  'saml2_connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerColumn(),
    /** The URL suffix: unique among all customers (it is part of the gateway's URLs). */
    uname: text('uname').notNull(),
    providerName: text('provider_name').notNull(),
    domainName: text('domain_name').notNull().default(''),
    entityId: text('entity_id').notNull(),
    acsUrl: text('acs_url').notNull(),
    logoutUrl: text('logout_url').notNull().default(''),
    loginUrl: text('login_url').notNull().default(''),
    defaultRelayState: text('default_relay_state').notNull().default(''),
    certificate: text('certificate').notNull().default(''),
    nameIdFormat: text('name_id_format').notNull(),
    nameIdAttribute: text('name_id_attribute').notNull(),
    sendAttribute: text('send_attribute').notNull(),
    signatureAlgorithm: text('signature_algorithm').notNull(),
    signResponse: boolean('sign_response').notNull(),
    signAssertion: boolean('sign_assertion').notNull(),
    attributeMapping: jsonb('attribute_mapping').notNull().default([]),
    createdAttributes: jsonb('created_attributes').notNull().default([]),
    ...dates(),
  },
  (t) => [
    uniqueIndex('saml2_connectors_uname_idx').on(t.uname),
    index('saml2_connectors_name_idx').on(t.customerId, t.providerName),
    customerScope(t.customerId),
  ],
);

export const samlConnectors = pgTable(
  'saml_connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerColumn(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    protocol: text('protocol', { enum: ['saml', 'wsFed'] }).notNull(),
    signInPath: text('sign_in_path').notNull(),
    signOutPath: text('sign_out_path').notNull(),
    metaPath: text('meta_path').notNull(),
    cert: text('cert').notNull(),
    ...dates(),
  },
  (t) => [
    index('saml_connectors_name_idx').on(t.customerId, t.name),
    check('saml_connectors_protocol_check', sql`${t.protocol} in ('saml', 'wsFed')`),
    customerScope(t.customerId),
  ],
);

export const oidcClients = pgTable(
  'oidc_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerColumn(),
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    redirectUrls: jsonb('redirect_urls').$type<string[]>().notNull(),
    /** Sealed. */
    clientSecret: text('client_secret').notNull(),
    ...dates(),
  },
  (t) => [
    uniqueIndex('oidc_clients_client_id_idx').on(t.clientId),
    index('oidc_clients_name_idx').on(t.customerId, t.clientName),
    customerScope(t.customerId),
  ],
);

export const httpsConnectors = pgTable(
  'https_connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerColumn(),
    name: text('name').notNull(),
    /** SHA-256 of the API key, hex: the key itself is never stored. */
    apiKeyHash: text('api_key_hash').notNull(),
    apiKeyHint: text('api_key_hint').notNull(),
    /** The service instance this connector serves (set by the service launch). */
    serviceId: uuid('service_id'),
    ...dates(),
  },
  (t) => [
    uniqueIndex('https_connectors_key_idx').on(t.apiKeyHash),
    index('https_connectors_name_idx').on(t.customerId, t.name),
    // A name is unique in its customer, ignoring case (contract/https.ts nameExisted; migration 0027).
    uniqueIndex('https_connectors_customer_name_unique').on(t.customerId, sql`lower(${t.name})`),
    customerScope(t.customerId),
  ],
);

/** The gateway's own keys, by use ('saml-signing'): a self-signed certificate and its sealed private key. */
export const gatewayKeys = pgTable('gateway_keys', {
  name: text('name').primaryKey(),
  certificate: text('certificate').notNull(),
  privateKey: text('private_key').notNull(),
  createdDate: timestamptz('created_date').notNull().defaultNow(),
});
