import { type Static, Type } from 'typebox';
import { CONNECTOR_KINDS, CustomerIdQuery, NAME_MAX_LENGTH } from './connector.ts';
import { closed, NullableString, RequiredText, Uuid } from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource, NO_DELETE } from './kit.ts';
import { WIZARD_STATUSES } from './tokenPack.ts';
import { UserRecord } from './user.ts';

/**
 * Services: launching one from a published template into a token pack (docs/requirements/portal-routes-and-menus.md service-launch,
 * /launch-now; docs/requirements/billing-services-screens.md Service launch, docs/requirements/billing-services-entities.md Service launch request, Service instance, docs/requirements/billing-services-states.md, docs/requirements/billing-services-validation.md, docs/requirements/billing-services-data-calls.md Service
 * launch and service instances), the service instances themselves (start, stop, edit, delete), their 2FA
 * bypass and seamless login lists, and the installer profile.
 *
 * A service uses at most one connector of each type its template names (connectorConfig `connector_{typeId}`
 * → connector id), and a connector serves one service at most: validation reports connectors another
 * service uses, and only `force: 'true'` takes them from it (in the same transaction; the old service then
 * stops working through them). A connector named `NEW` in a launch is made with the service, with its name
 * and what the gateway generates (RADIUS, OIDC, HTTPS, SAML 2.0 and SAML connectors; directories are added
 * on their own page).
 */

export const SERVICE_LIMITS = { instanceName: 200, description: 1200, connectors: 10 } as const;
export const SERVICE_STATUSES = ['STARTED', 'STOPPED'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
/** The id a connector made by the launch is sent with (docs/requirements/billing-services-states.md New connector from the dialog). */
export const NEW_CONNECTOR_ID = 'NEW';
/** The kinds a launch may make from a name alone (a directory needs its connection settings). */
export const LAUNCH_CREATABLE_KINDS = ['radius', 'oidc', 'saml2', 'saml', 'https'] as const;
/** The connectorConfig key of a connector type id (docs/requirements/billing-services-entities.md: connector_{id}). */
export const connectorKey = (typeId: number): string => `connector_${typeId}`;
/** The installer profile needs a started service with an HTTPS connector (docs/requirements/billing-services-screens.md). */
export const INSTALLER_PROFILE = { fileName: 'installer_profile.txt', connectorKey: 'connector_7' } as const;

export const ServiceConnector = Type.Object({
  /** A connector's id, or NEW for one the launch makes. */
  id: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Enum(CONNECTOR_KINDS),
  name: Type.String({ maxLength: NAME_MAX_LENGTH }),
});
export type ServiceConnector = Static<typeof ServiceConnector>;

/** `force` is a string (docs/requirements/billing-services-entities.md), 'false' when left out. */
const Force = Type.Optional(Type.Enum(['true', 'false']));
const Connectors = Type.Array(ServiceConnector, { maxItems: SERVICE_LIMITS.connectors });

/** docs/requirements/billing-services-entities.md Service launch request. */
export const LaunchRequest = Type.Object(
  {
    serviceTemplateId: Uuid,
    customerId: Type.String({ maxLength: 100 }),
    name: RequiredText(SERVICE_LIMITS.instanceName),
    description: Type.Optional(Type.String({ maxLength: SERVICE_LIMITS.description })),
    subscriptionId: Uuid,
    tokenPackId: Uuid,
    connectors: Connectors,
    force: Force,
  },
  closed,
);
export type LaunchRequest = Static<typeof LaunchRequest>;

/** The edit form of a service instance (validate-update and update). */
export const ServiceChanges = Type.Object(
  {
    id: Uuid,
    customerId: Type.String({ maxLength: 100 }),
    instanceName: RequiredText(SERVICE_LIMITS.instanceName),
    description: Type.String({ maxLength: SERVICE_LIMITS.description }),
    connectors: Connectors,
    rememberPassword: Type.Optional(Type.Boolean()),
    force: Force,
    // The record's read-only fields an edit form sends back: accepted and ignored.
    status: Type.Optional(Type.Unknown()),
    tokenPackId: Type.Optional(Type.Unknown()),
    tokenPackName: Type.Optional(Type.Unknown()),
    serviceTemplateId: Type.Optional(Type.Unknown()),
    templateName: Type.Optional(Type.Unknown()),
    protocol: Type.Optional(Type.Unknown()),
    iconUrl: Type.Optional(Type.Unknown()),
    enabled: Type.Optional(Type.Unknown()),
    connectorConfig: Type.Optional(Type.Unknown()),
    connectorIds: Type.Optional(Type.Unknown()),
    bypassCount: Type.Optional(Type.Unknown()),
    seamlessCount: Type.Optional(Type.Unknown()),
    createdDate: Type.Optional(Type.Unknown()),
    lastModifiedDate: Type.Optional(Type.Unknown()),
  },
  closed,
);
export type ServiceChanges = Static<typeof ServiceChanges>;

/**
 * What a launch answers: the new service's id and, when it made an HTTPS connector, that connector's API key,
 * answered this once (the gateway keeps its hash only, as when the connector is made on its own page).
 */
export const LaunchAnswer = Type.Object({
  id: Type.String(),
  apiKey: Type.Optional(Type.String()),
});
export type LaunchAnswer = Static<typeof LaunchAnswer>;

/** A chosen connector that another service uses. */
export const UsedConnector = Type.Object({
  connectorId: Type.String(),
  connectorName: Type.String(),
  serviceInstanceId: Type.String(),
  serviceInstanceName: Type.String(),
});
export type UsedConnector = Static<typeof UsedConnector>;

/** What validation answers: whether it may be saved, and the connectors another service uses. */
export const LaunchValidation = Type.Object({
  success: Type.Boolean(),
  usedConnectors: Type.Array(UsedConnector),
});
export type LaunchValidation = Static<typeof LaunchValidation>;

export const ServiceInstanceRecord = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  instanceName: Type.String(),
  description: Type.String(),
  status: Type.Enum(SERVICE_STATUSES),
  tokenPackId: Type.String(),
  tokenPackName: Type.String(),
  serviceTemplateId: NullableString,
  templateName: NullableString,
  protocol: NullableString,
  iconUrl: NullableString,
  /** Usable in its token pack. */
  enabled: Type.Boolean(),
  rememberPassword: Type.Boolean(),
  /** connector_{typeId} → connector id. */
  connectorConfig: Type.Record(Type.String(), Type.String()),
  connectors: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), type: Type.Enum(CONNECTOR_KINDS) }),
  ),
  /** The connector type ids its template needs. */
  connectorIds: Type.Array(Type.Integer()),
  bypassCount: Type.Integer(),
  seamlessCount: Type.Integer(),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type ServiceInstanceRecord = Static<typeof ServiceInstanceRecord>;

const CustomerPath = Type.Object({ customerId: Type.String({ maxLength: 100 }) });
const CustomerRecordPath = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
const IdInCustomer = Type.Object({ id: Uuid }, closed);
const inBody = { from: 'body' } as const;
const inPath = { from: 'path' } as const;
const inQuery = { from: 'query' } as const;

export const serviceLaunch = defineResource({
  name: 'service-launch',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Service', name: 'Service' },
  base: '/service-mgmt/service-launch',
  customerScoped: true,
  permission: 'service_instance',
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/{id}',
    summary: 'Read a service instance (the service page)',
    access: { permission: 'service_instance:view', customer: inPath },
    errors: [404],
    schema: { params: CustomerRecordPath, response: { 200: ServiceInstanceRecord } },
  },
  getMany: {
    by: 'record',
    method: 'POST',
    path: '{base}/details',
    body: 'ids',
    query: ['customerId'],
    summary: 'Read several service instances, in the order asked (unknown ids are left out)',
    access: { permission: 'service_instance:view', customer: inQuery },
    errors: [404],
    schema: {
      querystring: CustomerIdQuery,
      body: Type.Object({ ids: Type.Array(Uuid, { maxItems: 1000 }) }, closed),
      response: { 200: Type.Array(ServiceInstanceRecord) },
    },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/create-service',
    body: 'data',
    summary:
      'Launch a service from a published template into a token pack, making its NEW connectors; 409 with usedConnectors when another service uses one and force is not true',
    access: { permission: 'service_instance:create', customer: inBody },
    errors: [404, 409],
    schema: { body: LaunchRequest, response: { 201: LaunchAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{customerId}/{id}',
    body: 'data',
    summary:
      'Change a service instance: name, description and connectors (the force rule of the launch applies)',
    access: { permission: 'service_instance:modify', customer: inPath },
    errors: [404, 409],
    schema: { params: CustomerRecordPath, body: ServiceChanges, response: { 200: ServiceInstanceRecord } },
  },
  actions: {
    validateCreate: {
      by: 'call',
      method: 'POST',
      path: '{base}/validate-create-service',
      body: 'data',
      summary: 'Check a launch before it is made: success, and the connectors another service uses',
      access: { permission: 'service_instance:create', customer: inBody },
      errors: [404, 409],
      schema: { body: LaunchRequest, response: { 200: LaunchValidation } },
    },
    validateUpdate: {
      by: 'call',
      method: 'POST',
      path: '{base}/validate-update',
      body: 'data',
      summary: 'Check a change of a service before it is saved (as validate-create-service)',
      access: { permission: 'service_instance:modify', customer: inBody },
      errors: [404],
      schema: { body: ServiceChanges, response: { 200: LaunchValidation } },
    },
    updateWizardStatus: {
      by: 'call',
      method: 'PUT',
      path: '{base}/update-wizard-status',
      body: { id: '{id}', status: '{status}', customerId: '{customerId}' },
      summary: "Move the setup wizard of a service's token pack on: NEW → TOUCHED → COMPLETED (never back)",
      access: { permission: 'service_instance:configure', customer: inBody },
      errors: [404, 409],
      schema: {
        body: Type.Object(
          { id: Uuid, status: Type.Enum(WIZARD_STATUSES), customerId: Type.String({ maxLength: 100 }) },
          closed,
        ),
        response: { 200: Type.Object({ id: Type.String(), status: Type.Enum(WIZARD_STATUSES) }) },
      },
    },
    downloadInstallerProfile: {
      by: 'download',
      method: 'GET',
      path: '{base}/download/{id}',
      query: ['customerId'],
      fileName: INSTALLER_PROFILE.fileName,
      summary:
        "A started service's installer profile (text): the gateway's address, the service id and its HTTPS connector's key reference",
      access: { permission: 'service_instance:view', customer: inQuery },
      errors: [404, 409],
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        querystring: CustomerIdQuery,
      },
    },
  },
});

export const SERVICE_LISTING = defineListingNames({
  filters: ['q', 'tokenPackId', 'status', 'id'],
  sort: ['instanceName', 'status', 'createdDate', 'id'],
  defaultSort: { field: 'instanceName', order: 'ASC' },
});

export const serviceInstance = defineResource({
  name: 'service-instance',
  base: '/service-mgmt/service-instance',
  customerScoped: true,
  permission: 'service_instance',
  list: {
    by: 'array',
    path: '{base}/{customerId}/list',
    summary: "A customer's services, by name (filters tokenPackId, status, q)",
    access: { permission: 'service_instance:view', customer: inPath },
    errors: [404],
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{customerId}/delete',
    body: 'id',
    summary: 'Delete a service: its connectors are freed, its bypass and seamless lists go with it',
    access: { permission: 'service_instance:configure', customer: inPath },
    errors: [404],
    schema: { params: CustomerPath, body: IdInCustomer, response: { 200: ServiceInstanceRecord } },
  },
  deleteMany: { by: 'each' },
  actions: {
    start: {
      by: 'eachId',
      method: 'POST',
      path: '{base}/{customerId}/start',
      body: 'id',
      summary: 'Start a service: its users may sign in through it',
      access: { permission: 'service_instance:configure', customer: inPath },
      errors: [404],
      schema: { params: CustomerPath, body: IdInCustomer, response: { 200: ServiceInstanceRecord } },
    },
    stop: {
      by: 'eachId',
      method: 'POST',
      path: '{base}/{customerId}/stop',
      body: 'id',
      summary: "Stop a service: every user's sign-in through it is refused",
      access: { permission: 'service_instance:configure', customer: inPath },
      errors: [404],
      schema: { params: CustomerPath, body: IdInCustomer, response: { 200: ServiceInstanceRecord } },
    },
    unusedList: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/unused_list',
      query: ['tokenPackId'],
      summary: "A token pack's services that are not usable in it (disabled)",
      access: { permission: 'service_instance:view', customer: inPath },
      errors: [404],
      schema: {
        params: CustomerPath,
        querystring: Type.Object({ tokenPackId: Type.String({ maxLength: 100 }) }, closed),
        response: { 200: Type.Array(ServiceInstanceRecord) },
      },
    },
  },
});

// ——— The 2FA bypass and seamless login lists ———

export const SERVICE_USER_LISTS = {
  deny_service_users: 'BYPASS',
  seamless_service_users: 'SEAMLESS',
} as const;
/** How many users one manage call adds or removes at most. */
export const MANAGE_USERS_MAX = 1000;

export const ManageServiceUsers = Type.Object(
  {
    serviceId: Uuid,
    addUserIds: Type.Array(Uuid, { uniqueItems: true, maxItems: MANAGE_USERS_MAX }),
    removeUserIds: Type.Array(Uuid, { uniqueItems: true, maxItems: MANAGE_USERS_MAX }),
  },
  closed,
);
export type ManageServiceUsers = Static<typeof ManageServiceUsers>;

export const SERVICE_USER_LISTING = defineListingNames({
  filters: ['serviceId', 'q'],
  sort: ['username', 'displayName', 'email', 'id'],
  defaultSort: { field: 'username', order: 'ASC' },
});

const serviceUserList = <const Name extends keyof typeof SERVICE_USER_LISTS, const Manage extends string>(
  name: Name,
  manage: Manage,
  what: string,
) =>
  defineResource({
    name,
    base: `/user-management/${name}`,
    customerScoped: true,
    permission: 'service_instance',
    list: {
      by: 'pageSearch',
      sorted: true,
      path: '{base}/{customerId}/search',
      summary: `The users on a service's ${what} (filter serviceId, required)`,
      access: { permission: 'service_instance:view', customer: inPath },
      errors: [404],
    },
    actions: {
      manage: {
        by: 'call',
        method: 'POST',
        path: `/user-management/users/{customerId}/${manage}`,
        body: 'data',
        summary: `Add users to and remove users from a service's ${what} (the customer's users only)`,
        access: { permission: 'service_instance:configure', customer: inPath },
        errors: [404],
        schema: {
          params: CustomerPath,
          body: ManageServiceUsers,
          response: { 200: Type.Object({ serviceId: Type.String(), total: Type.Integer() }) },
        },
      },
    },
  });

export const denyServiceUsers = serviceUserList(
  'deny_service_users',
  'manage_service_users',
  '2FA bypass list',
);
export const seamlessServiceUsers = serviceUserList(
  'seamless_service_users',
  'manage_seamless_service_users',
  'seamless login list',
);
/** A row of those lists: the user. */
export const ServiceUserRecord = UserRecord;

export const SERVICE_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.service.notFound', text: 'Service not found' },
  templateNotFound: {
    status: 404,
    key: 'error.service.templateNotFound',
    text: 'This service template does not exist or is not published.',
  },
  noSubscription: {
    status: 400,
    key: 'error.service.noSubscription',
    text: 'You must subscribe at least one TokenPack at Home page.',
  },
  tokenPackNotInSubscription: {
    status: 400,
    key: 'error.service.tokenPackNotInSubscription',
    text: 'This token pack does not belong to the chosen subscription.',
  },
  connectorNotFound: {
    status: 404,
    key: 'error.service.connectorNotFound',
    text: 'A chosen connector does not exist: choose it again.',
  },
  connectorTypeNotNeeded: {
    status: 400,
    key: 'error.service.connectorTypeNotNeeded',
    text: 'This service does not use %{type} connectors.',
  },
  connectorTypeTwice: {
    status: 400,
    key: 'error.service.connectorTypeTwice',
    text: 'Choose one %{type} connector for a service.',
  },
  cannotCreateConnector: {
    status: 400,
    key: 'error.service.cannotCreateConnector',
    text: 'A %{type} connector cannot be made from its name alone: add it on its own page first.',
  },
  connectorInUse: {
    status: 409,
    key: 'error.service.connectorInUse',
    text: 'A chosen connector is used by another service. Confirm to move it to this service.',
  },
  installerNotReady: {
    status: 409,
    key: 'error.service.installerNotReady',
    text: 'The installer profile needs a started service with an HTTPS connector.',
  },
  wizardBackwards: {
    status: 409,
    key: 'error.service.wizardBackwards',
    text: 'The setup wizard moves forward only: NEW, TOUCHED, then COMPLETED.',
  },
  userNotFound: { status: 404, key: 'error.service.userNotFound', text: 'A chosen user does not exist.' },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  service_instance: {
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Service Instances', description: 'Services a customer has launched from a template' },
  },
});
