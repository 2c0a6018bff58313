import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { closedQuery, IdParams, ReadOnly } from './fields.ts';
import { ACTIONS, definePermissions, defineResource } from './kit.ts';
import type { Permission } from './permissions.ts';

/**
 * What the connectors share (docs/requirements/portal-entities.md RADIUS, SAML2, SAML, OIDC, HTTPS; docs/requirements/billing-services-entities.md Connector type ids, docs/requirements/billing-services-data-calls.md
 * Connectors): the type ids, the lookups the service launch uses, the customer path parameters, and the
 * secrets rule. Each connector has its own contract (radius.ts, saml2.ts, saml.ts, oidc.ts, https.ts).
 */

/** docs/requirements/billing-services-entities.md: 1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https; ldap_2fa is a kind of its own. */
export const CONNECTOR_TYPE_IDS = { ldap: 1, radius: 2, saml: 3, oidc: 4, saml2: 5, https: 7 } as const;
export type ConnectorType = keyof typeof CONNECTOR_TYPE_IDS;
/** The kinds `idm-config/connectors/{type}` answers: the types and ldap_2fa (the LDAP directories). */
export const CONNECTOR_KINDS = ['ldap', 'ldap_2fa', 'radius', 'saml', 'oidc', 'saml2', 'https'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

/** A connector as the service launch lists it: its id, name (clientName for oidc) and type. */
export const ConnectorSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Enum(CONNECTOR_KINDS),
  typeId: Type.Integer(),
});
export type ConnectorSummary = Static<typeof ConnectorSummary>;

export const ConnectorTypeAnswer = Type.Array(
  Type.Object({ id: Type.Integer(), name: Type.Enum(CONNECTOR_KINDS) }),
);

/** How many connectors a lookup answers at most (sorted by name): a selector, not a list screen. */
export const CONNECTOR_LOOKUP_LIMIT = 500;

export const NAME_MAX_LENGTH = 100;

export const CustomerIdParams = Type.Object({ customerId: Type.String({ maxLength: 100 }) });
export const CustomerRecordParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
export const CustomerIdQuery = Type.Object({ customerId: Type.String({ maxLength: 100 }) }, closedQuery);

// In rules.ts, which has no schema code: the sign-in page's validators use them.
export { isDomainName, isIpAddress } from './rules.ts';

/**
 * A redirect URL of an OIDC client: https, or http on the local machine only (localhost, 127.0.0.1, [::1]),
 * without a fragment (RFC 6749 §3.1.2).
 */
export function isRedirectUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The bookkeeping fields a record has and an edit form may send back: accepted and ignored. */
export const recordEcho = <P extends TProperties>(fields: P) => ({
  id: ReadOnly(),
  createdDate: ReadOnly(),
  lastModifiedDate: ReadOnly(),
  ...fields,
});

/** What a connector's CRUD calls say of it (the rest is the same for every connector). */
export interface ConnectorCrud<Rec extends TSchema, Form extends TSchema, Created extends TSchema> {
  /** Whose actions guard the calls: `<permission>:view`, `:create`, `:modify`, `:delete`. */
  permission: 'radius' | 'saml';
  record: Rec;
  form: Form;
  /** The create answer (201). */
  created: Created;
  /** A create or an update may be refused as taken (409). */
  unique?: true;
  summaries: { list: string; getOne: string; create: string; update: string; delete: string };
}

/**
 * The ordinary calls of a connector, in the customer of the path (docs/requirements/billing-services-data-calls.md generic conventions): a page
 * search with sort, get one, create, update, and delete with the customer in the query.
 */
export function connectorCrud<Rec extends TSchema, Form extends TSchema, Created extends TSchema>(
  crud: ConnectorCrud<Rec, Form, Created>,
) {
  const may = (action: 'view' | 'create' | 'modify' | 'delete') =>
    `${crud.permission}:${action}` as Permission;
  const inPath = { from: 'path' } as const;
  const errors = crud.unique ? [404, 409] : [404];
  return {
    list: {
      by: 'pageSearch',
      sorted: true,
      path: '{base}/{customerId}/search',
      summary: crud.summaries.list,
      access: { permission: may('view'), customer: inPath },
      errors: [404],
    },
    getOne: {
      by: 'record',
      method: 'GET',
      path: '{base}/{customerId}/{id}',
      summary: crud.summaries.getOne,
      access: { permission: may('view'), customer: inPath },
      errors: [404],
      schema: { params: CustomerRecordParams, response: { 200: crud.record } },
    },
    getMany: { by: 'each' },
    create: {
      by: 'record',
      method: 'POST',
      path: '{base}/{customerId}',
      body: 'data',
      summary: crud.summaries.create,
      access: { permission: may('create'), customer: inPath },
      errors,
      schema: { params: CustomerIdParams, body: crud.form, response: { 201: crud.created } },
    },
    update: {
      by: 'record',
      method: 'PUT',
      path: '{base}/{customerId}/{id}',
      body: 'data',
      summary: crud.summaries.update,
      access: { permission: may('modify'), customer: inPath },
      errors,
      schema: { params: CustomerRecordParams, body: crud.form, response: { 200: crud.record } },
    },
    delete: {
      by: 'record',
      method: 'DELETE',
      path: '{base}/{id}',
      query: ['customerId'],
      summary: crud.summaries.delete,
      access: { permission: may('delete'), customer: { from: 'query' } },
      errors: [404],
      schema: { params: IdParams, querystring: CustomerIdQuery },
    },
    deleteMany: { by: 'each' },
    bulk: {
      delete: {
        summary: `${crud.summaries.delete}: those the filters match (the picked ones: filter id), as a job`,
        permission: may('delete'),
        audit: 'DELETE',
      },
    },
  } as const;
}

/** A filter of the lookups: a JSON object with `q` (a part of the name) and `ids`. */
export const ConnectorLookupQuery = Type.Object(
  {
    customerId: Type.String({ maxLength: 100 }),
    filter: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  closedQuery,
);

/** The connector lookups of the service launch (docs/requirements/billing-services-data-calls.md `idm-config/connectors/{type}`, `list-type`). */
export const connector = defineResource({
  name: 'connectors',
  base: '/idm-config/connectors',
  customerScoped: true,
  permission: 'service_instance',
  actions: {
    ofType: {
      by: 'call',
      method: 'GET',
      path: '{base}/{type}',
      query: ['customerId', 'filter'],
      summary:
        "A customer's connectors of one kind (ldap, ldap_2fa, radius, saml, oidc, saml2, https), by name; filter is JSON {q, ids}",
      access: { permission: 'service_instance:view', customer: { from: 'query' } },
      errors: [404],
      schema: {
        params: Type.Object({ type: Type.Enum(CONNECTOR_KINDS) }),
        querystring: ConnectorLookupQuery,
        response: { 200: Type.Array(ConnectorSummary) },
      },
    },
    listTypes: {
      by: 'call',
      method: 'GET',
      path: '{base}/list-type',
      summary: 'The connector type ids (1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https)',
      access: { permission: 'service_instance:view' },
      schema: { response: { 200: ConnectorTypeAnswer } },
    },
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  saml: {
    scope: 'customer',
    actions: ACTIONS,
    asset: {
      name: 'SAML, OIDC and HTTPS Connectors',
      description: 'SAML2, OIDC and HTTPS connectors of a customer',
    },
  },
});
