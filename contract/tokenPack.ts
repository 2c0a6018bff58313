import { type Static, Type } from 'typebox';
import { TIER_PLAN_TYPES, TOKEN_PACK_NAME_MAX } from './billing.ts';
import { CustomerIdParams, CustomerIdQuery, CustomerRecordParams, recordEcho } from './connector.ts';
import { closed, closedQuery, IdParams, NullableString, optional, PageAnswer, Uuid } from './fields.ts';
import { ACTIONS, defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';
import { isIpv4, isIpv6, UPLOAD_MAX_BYTES } from './rules.ts';

/**
 * Token packs and their trusted networks (docs/requirements/portal-entities.md Token pack, docs/requirements/portal-states.md, docs/requirements/portal-validation.md, docs/requirements/roles-and-permissions.md token-pack; docs/requirements/billing-services-entities.md Token pack,
 * White-list IP, docs/requirements/billing-services-data-calls.md Token packs and white-list IPs). An approved order makes a customer's token pack, named
 * after its tier ('Professional Token Pack'); the customer administrator renames it, gives it an icon and a
 * feature image (multipart: an `info` part and `iconFile` / `featureImageFile` parts of at most
 * UPLOAD_MAX_BYTES), a primary directory, and chooses which of its services are usable (serviceIds, effective
 * on save) and the theme its app shows (a theme assigned to a pack is locked, contract/theme.ts). A service
 * instance belongs to exactly one token pack. `token-pack-v2` is the resource of the
 * screens; `token-pack` answers the same records in the older list shape.
 */

export { TOKEN_PACK_NAME_MAX } from './billing.ts';
export const WIZARD_STATUSES = ['NEW', 'TOUCHED', 'COMPLETED'] as const;
export type WizardStatus = (typeof WIZARD_STATUSES)[number];
export const TOKEN_PACK_IMAGE_PARTS = ['iconFile', 'featureImageFile'] as const;
export const TOKEN_PACK_IMAGE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** The images of a pack as its image URL names them (`…/image/icon`, `…/image/featureImage`). */
export const TOKEN_PACK_IMAGE_KINDS = ['icon', 'featureImage'] as const;
export type TokenPackImageKind = (typeof TOKEN_PACK_IMAGE_KINDS)[number];

/** A name without special characters: letters, digits, spaces and - _ . ( ) (docs/requirements/portal-validation.md 'Name is invalid'). */
export const TOKEN_PACK_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.()-]*$/u;
export const isTokenPackName = (name: string): boolean =>
  name.length <= TOKEN_PACK_NAME_MAX && TOKEN_PACK_NAME_PATTERN.test(name.trim()) && name.trim() === name;

/** A service of the pack, as its Info tab lists it. */
export const PackService = Type.Object({
  id: Type.String(),
  instanceName: Type.String(),
  status: Type.String(),
  /** Usable in the pack (its users may sign in through it). */
  enabled: Type.Boolean(),
});

/** A subscription's plan as a pack shows it: its tier (type and name) and its period's name. */
export const SubscriptionPlan = Type.Object({
  tierPlanType: Type.Enum(TIER_PLAN_TYPES),
  tierName: Type.String(),
  periodName: Type.String(),
});
export type SubscriptionPlan = Static<typeof SubscriptionPlan>;

/** The longest wait between two activation reminders, in days. */
export const ACTIVATION_REMINDER_MAX_DAYS = 90;

export const TokenPackRecord = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  subscriptionId: NullableString,
  /** The plan and period of its subscription, what the pack reads as beside its name (null: none). */
  subscriptionPlan: Type.Union([SubscriptionPlan, Type.Null()]),
  wizardStatus: Type.Enum(WIZARD_STATUSES),
  /** `/api/idm-config/token-pack-v2/{id}/image/icon?v=<file>` or null. */
  iconUrl: NullableString,
  featureImageUrl: NullableString,
  primaryDirectoryId: NullableString,
  /** The theme its app shows (one of the customer's themes, contract/theme.ts) and its name, or null. */
  themeId: NullableString,
  themeName: NullableString,
  /** Users whose activation code is pending are reminded by email every this many days (null: never). */
  activationReminderDays: Type.Union([Type.Integer(), Type.Null()]),
  /** The usable services of the pack (docs/requirements/billing-services-entities.md serviceIds). */
  serviceIds: Type.Array(Type.String()),
  services: Type.Array(PackService),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type TokenPackRecord = Static<typeof TokenPackRecord>;

/**
 * The `info` part of a create or an update. An update leaves out what it keeps; `serviceIds` are the usable
 * services, each of them one of this pack's (others: 'Service instance must belong to one token pack');
 * `removeIcon` / `removeFeatureImage` drop an image (a file part replaces it instead).
 */
const writable = {
  name: Type.String({ maxLength: 1000 }),
  primaryDirectoryId: Type.Union([Uuid, Type.Null()]),
  serviceIds: Type.Array(Uuid, { uniqueItems: true, maxItems: 1000 }),
  /** One of the customer's themes that the provider has not rejected; null: none. */
  themeId: Type.Union([Uuid, Type.Null()]),
  activationReminderDays: Type.Union([
    Type.Integer({ minimum: 1, maximum: ACTIVATION_REMINDER_MAX_DAYS }),
    Type.Null(),
  ]),
};
export const NewTokenPack = Type.Object(
  {
    ...optional(writable),
    name: writable.name,
    /** One of the customer's subscriptions; left out: none. */
    subscriptionId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  closed,
);
export type NewTokenPack = Static<typeof NewTokenPack>;

export const TokenPackChanges = Type.Object(
  {
    ...optional(writable),
    removeIcon: Type.Optional(Type.Boolean()),
    removeFeatureImage: Type.Optional(Type.Boolean()),
    ...recordEcho({
      customerId: Type.Optional(Type.Unknown()),
      subscriptionId: Type.Optional(Type.Unknown()),
      subscriptionPlan: Type.Optional(Type.Unknown()),
      wizardStatus: Type.Optional(Type.Unknown()),
      iconUrl: Type.Optional(Type.Unknown()),
      featureImageUrl: Type.Optional(Type.Unknown()),
      services: Type.Optional(Type.Unknown()),
      themeName: Type.Optional(Type.Unknown()),
    }),
  },
  closed,
);
export type TokenPackChanges = Static<typeof TokenPackChanges>;

export const TOKEN_PACK_LISTING = defineListingNames({
  filters: ['q', 'subscriptionId', 'wizardStatus', 'serviceId', 'id'],
  sort: ['name', 'wizardStatus', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const may = (action: 'view' | 'create' | 'modify' | 'delete' | 'configure') =>
  ({ permission: `token-pack:${action}`, customer: { from: 'path' } }) as const;
const mayInQuery = (action: 'view' | 'delete') =>
  ({ permission: `token-pack:${action}`, customer: { from: 'query' } }) as const;

export const tokenPackV2 = defineResource({
  name: 'token-pack-v2',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'TokenPack', name: 'Token pack' },
  base: '/idm-config/token-pack-v2',
  customerScoped: true,
  permission: 'token-pack',
  multipartPart: 'info',
  multipartFiles: TOKEN_PACK_IMAGE_PARTS,
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/search',
    summary: "Search a customer's token packs",
    access: may('view'),
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/{id}',
    summary: 'Read a token pack with its services',
    access: may('view'),
    errors: [404],
    schema: { params: CustomerRecordParams, response: { 200: TokenPackRecord } },
  },
  getMany: { by: 'each' },
  create: {
    by: 'multipart',
    method: 'POST',
    path: '{base}/{customerId}',
    summary: 'Add a token pack (multipart: an info part, optional iconFile and featureImageFile images)',
    access: may('create'),
    multipart: true,
    errors: [404, 413, 415],
    schema: { params: CustomerIdParams, response: { 201: TokenPackRecord } },
  },
  update: {
    by: 'multipart',
    method: 'PUT',
    path: '{base}/{customerId}/{id}',
    summary:
      'Change a token pack: its name, images, primary directory and usable services (multipart, as create)',
    access: may('modify'),
    multipart: true,
    errors: [404, 413, 415],
    schema: { params: CustomerRecordParams, response: { 200: TokenPackRecord } },
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{id}',
    query: ['customerId'],
    summary: 'Delete a token pack that has no service (its trusted networks go with it)',
    access: mayInQuery('delete'),
    errors: [404, 409],
    schema: { params: IdParams, querystring: CustomerIdQuery, response: { 200: TokenPackRecord } },
  },
  deleteMany: { by: 'each' },
  actions: {
    getBySubscription: {
      by: 'call',
      method: 'GET',
      path: '{base}/get-by-subscription/{subscriptionId}',
      query: ['customerId'],
      summary: "The token packs of one of the customer's subscriptions (the service launch's selector)",
      access: mayInQuery('view'),
      errors: [404],
      schema: {
        params: Type.Object({ subscriptionId: Type.String({ maxLength: 100 }) }),
        querystring: CustomerIdQuery,
        response: { 200: Type.Array(TokenPackRecord) },
      },
    },
    getByServiceId: {
      by: 'call',
      method: 'GET',
      path: '{base}/get-tokenpack-by-service-id/{serviceId}',
      query: ['customerId'],
      summary: 'The token pack a service instance belongs to',
      access: mayInQuery('view'),
      errors: [404],
      schema: {
        params: Type.Object({ serviceId: Type.String({ maxLength: 100 }) }),
        querystring: CustomerIdQuery,
        response: { 200: TokenPackRecord },
      },
    },
    image: {
      by: 'call',
      method: 'GET',
      path: '{base}/{id}/image/{kind}',
      summary: "A token pack's icon or feature image, for anyone (an <img> carries no token)",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: {
        params: Type.Object({
          id: Type.String({ maxLength: 100 }),
          kind: Type.Enum(TOKEN_PACK_IMAGE_KINDS),
        }),
        /** `v` is the image's file id: a URL that names the current file may be cached for long. */
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 100 })) }, closedQuery),
      },
    },
  },
});

/** The same token packs in the older list shape: `GET /idm-config/token-pack?pageNumber&pageSize&customerId`. */
export const tokenPack = defineResource({
  name: 'token-pack',
  base: '/idm-config/token-pack',
  customerScoped: true,
  permission: 'token-pack',
  list: {
    by: 'pageSearch',
    pageParam: 'pageNumber',
    path: '{base}',
    query: ['customerId'],
    summary: "A customer's token packs, a page at a time (the older list; filters serviceId and q)",
    access: mayInQuery('view'),
    errors: [404],
    schema: {
      querystring: Type.Object(
        {
          customerId: Type.String({ maxLength: 100 }),
          pageNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          serviceId: Type.Optional(Type.String({ maxLength: 100 })),
          q: Type.Optional(Type.String({ maxLength: 200 })),
        },
        closedQuery,
      ),
      response: { 200: PageAnswer(TokenPackRecord) },
    },
  },
  /** The token-pack-v2 record call itself (its access rule too): one route serves both resources. */
  getOne: { ...tokenPackV2.getOne, path: '/idm-config/token-pack-v2/{customerId}/{id}' },
  actions: {
    getByWizardStatus: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/get-by-wizard-status/{wizardStatus}',
      summary: "The customer's token packs whose setup wizard is at a status (NEW: never started)",
      access: may('view'),
      errors: [404],
      schema: {
        params: Type.Object({
          customerId: Type.String({ maxLength: 100 }),
          wizardStatus: Type.Enum(WIZARD_STATUSES),
        }),
        response: { 200: Type.Array(TokenPackRecord) },
      },
    },
  },
});

// ——— Trusted networks ———

/** Whether a value is an IPv4 or IPv6 address, or a CIDR range of one (203.0.113.0/24, 2001:db8::/32). */
export function isNetwork(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const v4 = isIpv4(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

export const WHITE_LIST_LIMITS = { perTokenPack: 1000, description: 500, ip: 60 } as const;

export const WhiteListIpRecord = Type.Object({
  id: Type.String(),
  tokenPackId: Type.String(),
  /** Canonical: an address, or the network address of a range with its prefix (203.0.113.0/24). */
  ip: Type.String(),
  description: Type.String(),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type WhiteListIpRecord = Static<typeof WhiteListIpRecord>;

export const WhiteListIpForm = Type.Object(
  {
    ip: Type.String({ minLength: 1, maxLength: WHITE_LIST_LIMITS.ip }),
    description: Type.Optional(Type.String({ maxLength: WHITE_LIST_LIMITS.description })),
    ...recordEcho({ tokenPackId: Type.Optional(Type.Unknown()) }),
  },
  closed,
);
export type WhiteListIpForm = Static<typeof WhiteListIpForm>;

export const WHITE_LIST_LISTING = defineListingNames({
  filters: ['q'],
  sort: ['ip', 'description', 'createdDate', 'id'],
  defaultSort: { field: 'createdDate', order: 'ASC' },
});

const PackParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  tokenPackId: Type.String({ maxLength: 100 }),
});
const PackRecordParams = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  tokenPackId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

export const whiteListIps = defineResource({
  name: 'white-list-ips',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'WhiteListIp', name: 'Trusted network' },
  base: '/idm-config/white-list-ips',
  customerScoped: true,
  permission: 'token-pack',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/{tokenPackId}/search',
    summary: "A token pack's trusted networks, a page at a time",
    access: may('view'),
    errors: [404],
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/{customerId}/{tokenPackId}',
    body: 'data',
    summary: 'Trust a network (an IPv4 or IPv6 address or CIDR range) for a token pack',
    access: may('configure'),
    errors: [404, 409],
    schema: { params: PackParams, body: WhiteListIpForm, response: { 201: WhiteListIpRecord } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{customerId}/{tokenPackId}/{id}',
    body: 'data',
    summary: 'Change a trusted network',
    access: may('configure'),
    errors: [404, 409],
    schema: { params: PackRecordParams, body: WhiteListIpForm, response: { 200: WhiteListIpRecord } },
  },
  deleteMany: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{customerId}/{tokenPackId}/delete-many',
    body: 'ids',
    summary: 'Stop trusting networks of a token pack (all or none)',
    access: may('configure'),
    errors: [404],
    schema: {
      params: PackParams,
      body: Type.Object({ ids: Type.Array(Uuid, { minItems: 1, maxItems: 1000 }) }, closed),
    },
  },
});

export const TOKEN_PACK_ERRORS = defineErrors({
  // docs/requirements/error-messages.md: these three texts stand verbatim.
  notFound: {
    status: 404,
    key: 'error.tokenPack.notFound',
    text: 'Token pack not found. The user is in no token pack yet.',
  },
  serviceInstanceOnePack: {
    status: 400,
    key: 'error.tokenPack.serviceInstanceOnePack',
    text: 'Service instance must belong to one token pack',
  },
  nameInvalid: { status: 400, key: 'error.tokenPack.nameInvalid', text: 'Name is invalid' },
  nameRequired: { status: 400, key: 'error.tokenPack.nameRequired', text: 'Name is required' },
  hasServices: {
    status: 409,
    key: 'error.tokenPack.hasServices',
    text: 'This token pack has services: delete them or move them to another token pack first.',
  },
  subscriptionNotFound: {
    status: 404,
    key: 'error.billing.subscriptionNotFound',
    text: 'Subscription not found',
  },
  directoryNotFound: {
    status: 400,
    key: 'error.tokenPack.directoryNotFound',
    text: 'This directory does not exist.',
  },
  imageNotFound: {
    status: 404,
    key: 'error.tokenPack.imageNotFound',
    text: 'This token pack has no such image.',
  },
});

export const WHITE_LIST_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.whiteListIp.notFound', text: 'Trusted network not found' },
  invalid: {
    status: 400,
    key: 'error.whiteListIp.invalid',
    text: 'Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.',
  },
  duplicate: {
    status: 409,
    key: 'error.whiteListIp.duplicate',
    text: 'This network is already trusted for this token pack.',
  },
  tooMany: {
    status: 409,
    key: 'error.whiteListIp.tooMany',
    text: 'A token pack trusts at most %{max} networks.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  'token-pack': {
    scope: 'customer',
    actions: ACTIONS,
    asset: { name: 'Token Packs', description: 'Token packs, their services and trusted networks' },
  },
});
