import { type Static, Type } from 'typebox';
import {
  CreatedAnswer,
  closed,
  closedQuery,
  IdBody,
  IdsBody,
  optional,
  RequiredText,
  Slug,
  StatusAnswer,
  UuidParams,
} from './fields.ts';
import {
  defineCalls,
  defineErrors,
  defineListingNames,
  definePermissions,
  defineResource,
  NO_DELETE,
} from './kit.ts';

/**
 * Service templates (docs/requirements/portal-entities.md, docs/requirements/portal-states.md; docs/requirements/billing-services-entities.md, docs/requirements/billing-services-data-calls.md "Templates"): the provider's catalogue of services that
 * customers launch. Operators search, create and edit them (multipart: a `json` part and an optional
 * `iconFile` image), publish and unpublish them; every signed-in account reads the published ones (the
 * gallery), and anyone reads their icons (an <img> carries no token; icons are not secret).
 */

export const TEMPLATE_PROTOCOLS = ['RADIUS', 'SAML', 'SAML2', 'OIDC', 'HTTPS', 'LDAP'] as const;
export type TemplateProtocol = (typeof TEMPLATE_PROTOCOLS)[number];
export const TEMPLATE_STATUSES = ['PUBLISHED', 'UNPUBLISHED'] as const;

/** Connector type ids (docs/requirements/billing-services-entities.md): 1 ldap, 2 radius, 3 saml, 4 oidc, 5 saml2, 7 https. */
export const CONNECTOR_TYPES = [
  { id: 1, key: 'ldap' },
  { id: 2, key: 'radius' },
  { id: 3, key: 'saml' },
  { id: 4, key: 'oidc' },
  { id: 5, key: 'saml2' },
  { id: 7, key: 'https' },
] as const;
export const CONNECTOR_TYPE_IDS = CONNECTOR_TYPES.map((type) => type.id);

export const TEMPLATE_LIMITS = {
  uname: 100,
  templateName: 200,
  shortDescription: 300,
  description: 5000,
} as const;

const writable = {
  uname: Slug(TEMPLATE_LIMITS.uname),
  templateName: RequiredText(TEMPLATE_LIMITS.templateName),
  shortDescription: Type.String({ maxLength: TEMPLATE_LIMITS.shortDescription }),
  description: Type.String({ maxLength: TEMPLATE_LIMITS.description }),
  protocol: Type.Enum([...TEMPLATE_PROTOCOLS]),
  connectorIds: Type.Array(Type.Enum([...CONNECTOR_TYPE_IDS]), {
    uniqueItems: true,
    maxItems: CONNECTOR_TYPE_IDS.length,
  }),
};

/** The `json` part of a create: descriptions default to '' and connectors to none. */
export const NewTemplate = Type.Object(
  {
    ...optional(writable),
    uname: writable.uname,
    templateName: writable.templateName,
    protocol: writable.protocol,
  },
  closed,
);
export type NewTemplate = Static<typeof NewTemplate>;

const ignored = (description: string) => ({ description: `${description}; read-only, ignored` });

/**
 * The `json` part of an update: a field left out keeps its value; `removeIcon: true` removes the icon (an
 * `iconFile` part, when sent, replaces it instead). The record's read-only fields are accepted and ignored.
 */
export const TemplateChanges = Type.Object(
  {
    ...optional(writable),
    removeIcon: Type.Optional(Type.Boolean()),
    id: Type.Optional(Type.String(ignored('the id is the one in the path'))),
    status: Type.Optional(Type.String(ignored('changed by publish and unpublish'))),
    iconUrl: Type.Optional(Type.Union([Type.String(), Type.Null()], ignored('the icon URL'))),
    createdDate: Type.Optional(Type.String(ignored('set by the server'))),
    modifiedDate: Type.Optional(Type.String(ignored('set by the server'))),
  },
  closed,
);
export type TemplateChanges = Static<typeof TemplateChanges>;

export const TemplateRecord = Type.Object({
  id: Type.String(),
  uname: Type.String(),
  templateName: Type.String(),
  shortDescription: Type.String(),
  description: Type.String(),
  status: Type.Enum([...TEMPLATE_STATUSES]),
  protocol: Type.Enum([...TEMPLATE_PROTOCOLS]),
  connectorIds: Type.Array(Type.Integer()),
  iconUrl: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
  modifiedDate: Type.String(),
});
export type TemplateRecord = Static<typeof TemplateRecord>;

export const TEMPLATE_LISTING = defineListingNames({
  filters: ['q', 'status', 'protocol', 'id'],
  sort: ['id', 'templateName', 'uname', 'protocol', 'status', 'createdDate', 'modifiedDate'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const view = { scope: 'provider', permission: 'service_template:view' } as const;
const configure = { scope: 'provider', permission: 'service_template:configure' } as const;
const TemplateStatus = Type.Enum([...TEMPLATE_STATUSES]);

export const serviceTemplate = defineResource({
  name: 'service-template',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'ServiceTemplate', name: 'Service template' },
  base: '/service-mgmt/template',
  customerScoped: false,
  permission: 'service_template',
  multipartPart: 'json',
  preferMessage: true, // docs/requirements/error-messages.md: a template upload failure shows the server's message
  list: { by: 'postSearch', path: '{base}/search', summary: 'Search the service templates', access: view },
  getOne: {
    by: 'record',
    method: 'POST',
    path: '{base}/detail',
    body: 'id',
    summary: 'Read a service template',
    access: view,
    errors: [404],
    schema: { body: IdBody, response: { 200: TemplateRecord } },
  },
  getMany: {
    by: 'record',
    method: 'POST',
    path: '{base}/details',
    body: 'ids',
    summary: 'Read several service templates, in the order asked (unknown ids are left out)',
    access: view,
    schema: { body: IdsBody({ maxItems: 1000 }) },
  },
  create: {
    by: 'multipart',
    method: 'POST',
    path: '{base}/create',
    summary: 'Create a service template (multipart: a json part and an optional iconFile image)',
    access: { scope: 'provider', permission: 'service_template:create' },
    multipart: true,
    errors: [409, 413, 415],
    schema: { response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'multipart',
    method: 'POST',
    path: '{base}/{id}/update',
    summary: 'Change a service template (multipart: a json part and an optional iconFile image)',
    access: { scope: 'provider', permission: 'service_template:modify' },
    multipart: true,
    errors: [404, 409, 413, 415],
    schema: { params: UuidParams },
  },
  actions: {
    publish: {
      by: 'eachId',
      method: 'POST',
      path: '{base}/publish',
      body: 'id',
      summary: 'Publish a template: customers see it in the service gallery',
      access: configure,
      errors: [404],
      schema: { body: IdBody, response: { 200: StatusAnswer(TemplateStatus) } },
    },
    unpublish: {
      by: 'eachId',
      method: 'POST',
      path: '{base}/unpublish',
      body: 'id',
      summary: 'Unpublish a template: it is no longer offered to customers',
      access: configure,
      errors: [404],
      schema: { body: IdBody, response: { 200: StatusAnswer(TemplateStatus) } },
    },
    gallery: {
      by: 'call',
      method: 'GET',
      path: '{base}',
      summary: 'The published templates (the service gallery), for any signed-in account',
      access: { scope: 'any' },
      schema: { response: { 200: Type.Array(TemplateRecord) } },
    },
  },
});

export const serviceTemplateFiles = defineCalls({
  name: 'service-template',
  calls: {
    icon: {
      method: 'GET',
      path: '/service-mgmt/template/{id}/icon',
      summary: "A template's icon, for anyone (an <img> carries no token; icons are not secret)",
      access: { public: true },
      errors: [404],
      schema: {
        params: UuidParams,
        /** `v` only busts caches: the current icon is answered whatever it says. */
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 100 })) }, closedQuery),
      },
    },
  },
});

/** Where the portal finds a template's icon; `v` changes with every new icon, so a cached one is never stale. */
export const templateIconUrl = (id: string, fileId: string): string =>
  `/api/service-mgmt/template/${id}/icon?v=${fileId}`;

export const TEMPLATE_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.template.notFound', text: 'Service template not found' },
  unameExisted: {
    status: 409,
    key: 'error.template.unameExisted',
    text: 'A service template with this URL name already exists.',
  },
  iconNotFound: {
    status: 404,
    key: 'error.template.iconNotFound',
    text: 'This service template has no icon.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  service_template: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Service Templates', description: 'Templates customers launch services from' },
  },
});
