import { type Static, Type } from 'typebox';
import { PlanCoverage } from './billing.ts';
import { ACTIVE_STATUSES, ActiveStatus, closed, NullableString, PageAnswer, ReadOnly } from './fields.ts';
import { GatewaySignIn } from './gateway.ts';
import { ACTIONS, defineErrors, defineListingNames, definePermissions, defineResource } from './kit.ts';
import { EMAIL_MAX_LENGTH } from './rules.ts';

/**
 * A customer's users (docs/requirements/portal-entities.md User, docs/requirements/portal-states.md token present at the sign-in page, docs/requirements/roles-and-permissions.md user-management; docs/requirements/billing-services-data-calls.md
 * Users): the people its directories bring in, who sign in with the second factor. Every call acts in one
 * customer: another customer's user id is a 404.
 */

export const USER_STATUSES = ACTIVE_STATUSES;
export const USER_LIMITS = {
  username: 256,
  displayName: 256,
  email: EMAIL_MAX_LENGTH,
  mobilePhone: 40,
} as const;

/** Where a user came from: a directory's type, or a CSV file uploaded into a directory. */
export const USER_SOURCES = ['LDAP', 'AZURE', 'REST', 'CSV'] as const;

export const UserRecord = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: NullableString,
  email: NullableString,
  mobilePhone: NullableString,
  status: ActiveStatus,
  directoryId: NullableString,
  directoryName: NullableString,
  source: Type.Enum(USER_SOURCES),
  /** The user activated the V-Key app (an activation code of a token pack, see the token pack issue). */
  appActivated: Type.Boolean(),
  /** The token packs whose primary directory is the user's (its activation codes, devices and history). */
  tokenPackIds: Type.Optional(Type.Array(Type.String())),
  /**
   * Over the plan: a token pack of the user's directory leaves the user out (its subscription covers fewer
   * users, or it has none in force): synchronised, but never enrolled there (README, _The plan's user count_).
   */
  overPlan: Type.Optional(Type.Boolean()),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type UserRecord = Static<typeof UserRecord>;

/** What an administrator may change of a user in the portal (the directory stays the source of the rest). */
export const UserUpdateForm = Type.Object(
  {
    displayName: Type.Optional(
      Type.Union([Type.String({ maxLength: USER_LIMITS.displayName }), Type.Null()]),
    ),
    email: Type.Optional(Type.Union([Type.String({ maxLength: USER_LIMITS.email }), Type.Null()])),
    mobilePhone: Type.Optional(
      Type.Union([Type.String({ maxLength: USER_LIMITS.mobilePhone }), Type.Null()]),
    ),
    status: Type.Optional(ActiveStatus),
    id: ReadOnly(),
    username: ReadOnly(),
    directoryId: ReadOnly(),
    directoryName: ReadOnly(),
    source: ReadOnly(),
    appActivated: ReadOnly(),
    tokenPackIds: ReadOnly(),
    overPlan: ReadOnly(),
    createdDate: ReadOnly(),
    lastModifiedDate: ReadOnly(),
  },
  closed,
);
export type UserUpdateForm = Static<typeof UserUpdateForm>;

/**
 * A search of the users (`q`) counts its matches up to this many: beyond, the list answers this bound as its
 * total with `totalCapped` and says "more than 1,000" (a count of every match of a broad search at 100,000
 * users would cost more than the page itself).
 */
export const USER_SEARCH_COUNT_UP_TO = 1000;

/** `seamlessServiceId`: the users on that service's seamless login list (docs/requirements/billing-services-data-calls.md Users). */
export const USER_LISTING = defineListingNames({
  filters: ['q', 'status', 'directoryId', 'id', 'seamlessServiceId'],
  sort: ['username', 'displayName', 'email', 'status', 'createdDate', 'id'],
  defaultSort: { field: 'username', order: 'ASC' },
});

/** A user's history (docs/requirements/billing-services-data-calls.md): what happened to them, newest first by default. */
export const HistoryEntry = Type.Object({
  id: Type.String(),
  date: Type.String(),
  /** CREATE, UPDATE, ACTIVATE, DEACTIVATE, SIGN_IN, APPROVE, REJECT… */
  action: Type.String(),
  /** Who did it: an administrator's email, the directory's synchronisation, or the user. */
  actor: NullableString,
  changes: Type.Record(Type.String(), Type.Unknown()),
});

export const HISTORY_SORTS = ['date', 'action'] as const;

const params = {
  record: Type.Object({ customerId: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) }),
  tokenPack: Type.Object({
    tokenPackId: Type.String({ maxLength: 100 }),
    id: Type.String({ maxLength: 100 }),
  }),
  id: Type.Object({ id: Type.String({ maxLength: 100 }) }),
};

const inCustomer = { from: 'path' } as const;
const view = { permission: 'user-management:view', customer: inCustomer } as const;
const modify = { permission: 'user-management:modify', customer: inCustomer } as const;

/** The user's token pack does not exist (token packs come with their own issue; until then every id is unknown). */
/**
 * A device the user activated the V-Key app on in a token pack (the troubleshooting log): when, and the
 * last time a code of it was accepted (a sign-in) or it approved a QR sign-in.
 */
export const UserDevice = Type.Object({
  deviceId: Type.String(),
  name: Type.String(),
  activatedDate: Type.String(),
  lastSignIn: Type.Union([Type.String(), Type.Null()]),
  lastApproval: Type.Union([Type.String(), Type.Null()]),
});
export type UserDevice = Static<typeof UserDevice>;

export const user = defineResource({
  name: 'users',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'User', name: 'User' },
  base: '/user-management/users',
  customerScoped: true,
  permission: 'user-management',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/search',
    summary:
      "Search a customer's users (page minus one, pageSize, q, status, directoryId, seamlessServiceId: on that service's seamless login list)",
    access: view,
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/{id}',
    summary: 'Read a user',
    access: view,
    errors: [404],
    schema: { params: params.record, response: { 200: UserRecord } },
  },
  getMany: {
    by: 'record',
    method: 'GET',
    path: '{base}/{customerId}/details',
    query: ['ids'],
    summary: 'Read several users, in the order asked (unknown ids are left out)',
    access: view,
    errors: [404],
    schema: {
      params: Type.Object({ customerId: Type.String({ maxLength: 100 }) }),
      querystring: Type.Object({ ids: Type.String({ minLength: 1, maxLength: 40_000 }) }, closed),
      response: { 200: Type.Array(UserRecord) },
    },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{customerId}/{id}',
    body: 'data',
    summary: "Change a user's display name, email, mobile phone or status",
    access: modify,
    errors: [404],
    schema: { params: params.record, body: UserUpdateForm, response: { 200: UserRecord } },
  },
  updateMany: { by: 'each' },
  bulk: {
    activate: {
      summary: 'Activate the users the filters match (the picked ones: filter id), as a job',
      permission: 'user-management:modify',
      audit: 'ACTIVATE',
    },
    deactivate: {
      summary: 'Deactivate the users the filters match (the picked ones: filter id), as a job',
      permission: 'user-management:modify',
      audit: 'DEACTIVATE',
    },
  },
  actions: {
    countActiveUsers: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/count-active-users',
      query: ['subscriptionId'],
      summary:
        "The number of the customer's ACTIVE users (what a subscription's user count is checked against)",
      access: view,
      errors: [404],
      schema: {
        params: Type.Object({ customerId: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({ subscriptionId: Type.Optional(Type.String({ maxLength: 100 })) }, closed),
        response: { 200: Type.Integer() },
      },
    },
    planCoverage: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/plan-coverage',
      summary:
        "The customer's users against its plans: how many users, how many its subscriptions in force cover, how many are over the plan",
      access: view,
      errors: [404],
      schema: {
        params: Type.Object({ customerId: Type.String({ maxLength: 100 }) }),
        response: { 200: PlanCoverage },
      },
    },
    sendTsApin: {
      by: 'call',
      method: 'PUT',
      path: '{base}/send-ts-apin/{id}',
      query: ['customerId'],
      summary: "Send the user the app's PIN (the user must have activated the V-Key app)",
      access: { permission: 'user-management:modify', customer: { from: 'query' } },
      errors: [404, 409],
      schema: {
        params: params.id,
        querystring: Type.Object({ customerId: Type.String({ maxLength: 100 }) }, closed),
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
    history: {
      by: 'call',
      method: 'GET',
      path: '{base}/{tokenPackId}/history/{id}',
      query: ['customerId', 'page', 'pageSize', 'sort', 'order'],
      summary: 'What happened to a user in a token pack, a page at a time',
      access: { permission: 'user-management:view', customer: { from: 'query' } },
      errors: [404],
      schema: {
        params: params.tokenPack,
        querystring: Type.Object(
          {
            customerId: Type.String({ maxLength: 100 }),
            page: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$' })),
            pageSize: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
            sort: Type.Optional(Type.Enum(HISTORY_SORTS)),
            order: Type.Optional(Type.Enum(['ASC', 'DESC'])),
          },
          closed,
        ),
        response: { 200: PageAnswer(HistoryEntry) },
      },
    },
    deviceId: {
      by: 'call',
      method: 'GET',
      path: '{base}/{tokenPackId}/get-device-id/{id}',
      query: ['customerId'],
      summary:
        "The troubleshooting log: a user's devices in a token pack, and their last sign-in and approval events",
      access: { permission: 'user-management:view', customer: { from: 'query' } },
      errors: [404],
      schema: {
        params: params.tokenPack,
        querystring: Type.Object({ customerId: Type.String({ maxLength: 100 }) }, closed),
        response: { 200: Type.Array(UserDevice) },
      },
    },
    gatewaySignIns: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/{id}/gateway-sign-ins',
      summary:
        "The troubleshooting log's sign-ins: the gateway's last 50 decisions for the user, newest first (time, service, client address, result, reason)",
      access: view,
      errors: [404],
      schema: {
        params: params.record,
        response: { 200: Type.Array(GatewaySignIn) },
      },
    },
    resetFaceId: {
      by: 'call',
      method: 'DELETE',
      path: '{base}/reset-face-id',
      body: { userId: '{userId}', tokenPackId: '{tokenPackId}', customerId: '{customerId}' },
      summary:
        'Forget the face a user enrolled in the app for a token pack (they enrol again at the next sign-in)',
      access: { permission: 'user-management:modify', customer: { from: 'body' } },
      errors: [404, 409],
      schema: {
        body: Type.Object(
          {
            userId: Type.String({ maxLength: 100 }),
            tokenPackId: Type.String({ maxLength: 100 }),
            customerId: Type.String({ maxLength: 100 }),
          },
          closed,
        ),
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
  },
});

export const UserPageAnswer = PageAnswer(UserRecord);

export const USER_ERRORS = defineErrors({
  /** An activated user whose PIN cannot be sent: the app keeps it on the phone. */
  noPinToSend: {
    status: 409,
    key: 'error.user.noPinToSend',
    text: "The V-Key app keeps its PIN on the user's phone, where the user sets it: the gateway has no PIN to send. A user who forgot it activates the app again with a new activation code.",
  },
  noFaceToReset: {
    status: 409,
    key: 'error.user.noFaceToReset',
    text: "The V-Key app keeps the enrolled face on the user's phone: the gateway holds none to reset. A user whose face is no longer recognised activates the app again with a new activation code.",
  },
  /** docs/requirements/error-messages.md (User): the PIN and face id need the app. */
  appNotActivated: {
    status: 409,
    key: 'error.user.appNotActivated',
    text: 'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
  },
});

/** The same errors by the names the second factor's contract and the tests read. */
export const APP_NOT_ACTIVATED = USER_ERRORS.appNotActivated;
export const NO_PIN_TO_SEND = USER_ERRORS.noPinToSend;
export const NO_FACE_TO_RESET = USER_ERRORS.noFaceToReset;

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  'user-management': {
    scope: 'customer',
    actions: ACTIONS,
    asset: { name: 'User Management', description: 'End users of a customer' },
  },
});
