import { type Static, Type } from 'typebox';
import { PlanLeftOut, PlanLeftOutWhenAll } from './billing.ts';
import { closed, closedQuery, Uuid } from './fields.ts';
import { defineCalls, defineErrors, defineListingNames, defineResource } from './kit.ts';
import { EMAIL_MAX_LENGTH } from './rules.ts';

/**
 * OTP codes (docs/requirements/portal-routes-and-menus.md /otp; docs/requirements/billing-services-screens.md OTP list, docs/requirements/billing-services-entities.md OTP record, docs/requirements/billing-services-data-calls.md Activation codes and OTP codes, docs/requirements/error-messages.md, docs/requirements/constants-and-limits.md):
 * a user's TOTP seed (RFC 6238) for one service, for the users who cannot use the V-Key app. The users are
 * those of the primary directory of the service's token pack. The administrator hands the seed (its
 * `seedNumber`, base32 as authenticator apps and hardware tokens take it) to the user, shown in the list or
 * emailed; re-generating replaces it, deleting ends it. The spec leaves the paths out; these follow its
 * token pack calls (`{tokenPackId}/v2/generate`, `/v2/re-generate`, `DELETE {tokenPackId}/{customerId}`).
 *
 * A gateway (RADIUS, web sign-in) checks a code with POST /api/otp/verify, naming itself by the API key of
 * the service's HTTPS connector: the code of the user's OTP seed for that service, or of the V-Key app the
 * user activated in its token pack. A code works once; five wrong codes in a row lock the seed for 15
 * minutes.
 */

/** docs/requirements/constants-and-limits.md: the page sizes of the list. */
export const OTP_PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
/** Wrong codes in a row before a seed (or a device) is locked, and for how long. */
export const OTP_LOCK = { attempts: 5, minutes: 15 } as const;

/** The codes a seed makes (RFC 6238): what authenticator apps are told in the otpauth:// link. */
export const OTP_TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/**
 * The Key URI of a seed (`otpauth://totp/Issuer:username?secret=…`), which authenticator apps open or scan
 * to add the key: the label names the issuer (the product) and the user.
 */
export const otpauthLink = (issuer: string, username: string, seedNumber: string): string => {
  const query = new URLSearchParams({
    secret: seedNumber,
    issuer,
    algorithm: OTP_TOTP.algorithm,
    digits: String(OTP_TOTP.digits),
    period: String(OTP_TOTP.period),
  });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(username)}?${query.toString().replaceAll('+', '%20')}`;
};

export const OtpRecord = Type.Object({
  id: Type.String(),
  serviceId: Type.String(),
  tokenPackId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  /** The TOTP secret, base32 (docs/requirements/billing-services-screens.md: "OTP secret (seedNumber)"). */
  seedNumber: Type.String(),
  generatedDate: Type.String(),
});
export type OtpRecord = Static<typeof OtpRecord>;

export const OTP_LISTING = defineListingNames({
  filters: ['serviceId', 'username', 'id'],
  sort: ['username', 'generatedDate', 'id'],
  defaultSort: { field: 'username', order: 'ASC' },
});

const Ids = Type.Array(Uuid, { minItems: 1, maxItems: 100_000 });
const CustomerQuery = Type.Object({ customerId: Type.String({ maxLength: 100 }) }, closedQuery);
const PackParams = Type.Object({ tokenPackId: Type.String({ maxLength: 100 }) });
/** Generate: how many seeds were made, and how many users were left out as over the plan (PlanLeftOut). */
export const OtpGenerateAnswer = Type.Object({ generated: Type.Integer(), ...PlanLeftOut });
/** Re-generate: how many seeds were replaced or made; with `all`, also who was left out as over the plan. */
export const OtpRegenerateAnswer = Type.Object({
  regenerated: Type.Integer(),
  ...PlanLeftOutWhenAll,
});

/** Generate: a seed for every user of the service's token pack who has none for the service. */
export const OtpGenerateBody = Type.Object({ serviceId: Uuid }, closed);
/** Re-generate the seeds of `ids`, or all the service's seeds (`all`, which also makes the missing ones). */
export const OtpRegenerateBody = Type.Object(
  { serviceId: Uuid, ids: Type.Optional(Ids), all: Type.Optional(Type.Boolean()) },
  closed,
);
export const OtpDeleteBody = Type.Object({ serviceId: Uuid, ids: Ids }, closed);
export const OtpSendMailBody = Type.Object(
  {
    serviceId: Uuid,
    ids: Ids,
    /** For one seed: the address to send it to instead of the user's own. */
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  },
  closed,
);

const inQuery = (action: 'view' | 'configure' | 'delete') =>
  ({ permission: `token-pack:${action}`, customer: { from: 'query' } }) as const;
const inPath = (action: 'view' | 'configure' | 'delete') =>
  ({ permission: `token-pack:${action}`, customer: { from: 'path' } }) as const;

export const otp = defineResource({
  name: 'otp',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'OtpCode', name: 'OTP code' },
  base: '/idm-config/reactive/otp',
  customerScoped: true,
  permission: 'token-pack',
  list: {
    by: 'pageSearch',
    path: '{base}',
    pageParam: 'pageNumber',
    query: ['customerId'],
    sorted: true,
    summary: "A service's OTP seeds, a page at a time (filter serviceId required)",
    access: inQuery('view'),
    errors: [404],
  },
  deleteMany: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{tokenPackId}/{customerId}',
    body: { serviceId: '{serviceId}', ids: '{ids}' },
    summary: "Delete users' OTP seeds for a service (their codes stop working); all or none",
    access: inPath('delete'),
    errors: [404],
    schema: {
      params: Type.Object({
        tokenPackId: Type.String({ maxLength: 100 }),
        customerId: Type.String({ maxLength: 100 }),
      }),
      body: OtpDeleteBody,
    },
  },
  bulk: {
    regenerate: {
      summary:
        'Re-generate the OTP seeds the filters match (serviceId required; the picked ones: filter id), as a job',
      permission: 'token-pack:configure',
      audit: 'UPDATE',
    },
    sendMail: {
      summary:
        'Email the OTP seeds the filters match to their users (serviceId required; the picked ones: filter id), as a job; changed counts the emails queued',
      permission: 'token-pack:configure',
      audit: 'SEND',
    },
    delete: {
      summary:
        'Delete the OTP seeds the filters match (serviceId required; the picked ones: filter id), as a job',
      permission: 'token-pack:delete',
      audit: 'DELETE',
    },
  },
  actions: {
    generate: {
      by: 'call',
      method: 'POST',
      path: '{base}/{tokenPackId}/v2/generate',
      body: 'data',
      query: ['customerId'],
      summary:
        "Make an OTP seed for every user of the service's token pack whom its plan covers and who has none; answers how many, and how many were left out as over the plan",
      access: inQuery('configure'),
      errors: [404, 409],
      schema: {
        params: PackParams,
        querystring: CustomerQuery,
        body: OtpGenerateBody,
        response: { 200: OtpGenerateAnswer },
      },
    },
    regenerate: {
      by: 'call',
      method: 'POST',
      path: '{base}/{tokenPackId}/v2/re-generate',
      body: 'data',
      query: ['customerId'],
      summary: 'Replace OTP seeds (ids, or all of the service): the old codes stop working; answers how many',
      access: inQuery('configure'),
      errors: [404, 409],
      schema: {
        params: PackParams,
        querystring: CustomerQuery,
        body: OtpRegenerateBody,
        response: { 200: OtpRegenerateAnswer },
      },
    },
    sendMail: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/send-mail',
      body: 'data',
      summary:
        'Email users their OTP seed (queued; sent in the background); answers how many were queued and skipped',
      access: inPath('configure'),
      errors: [404],
      schema: {
        params: Type.Object({ customerId: Type.String({ maxLength: 100 }) }),
        body: OtpSendMailBody,
        response: { 200: Type.Object({ queued: Type.Integer(), skipped: Type.Integer() }) },
      },
    },
  },
});

/** The header a gateway names itself with: the API key of the service's HTTPS connector. */
export const OTP_API_KEY_HEADER = 'x-api-key';

export const OtpVerifyBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.String({ minLength: 1, maxLength: 20 }),
  },
  closed,
);
export type OtpVerifyBody = Static<typeof OtpVerifyBody>;

export const OtpVerification = Type.Object({
  valid: Type.Boolean(),
  /** What the accepted code came from: the user's OTP seed for the service, or the activated V-Key app. */
  method: Type.Optional(Type.Union([Type.Literal('otp'), Type.Literal('app')])),
});
export type OtpVerification = Static<typeof OtpVerification>;

/** A gateway's call (no portal token: the service's API key in X-Api-Key), rate-limited like every open call. */
export const otpVerification = defineCalls({
  name: 'otp-verification',
  calls: {
    verify: {
      method: 'POST',
      path: '/otp/verify',
      summary:
        "Check a user's one-time code for the service whose HTTPS connector API key is in X-Api-Key: the OTP seed's or the activated V-Key app's code, once each",
      access: { public: true },
      limit: 'gateway',
      errors: [401, 423],
      schema: { body: OtpVerifyBody, response: { 200: OtpVerification } },
    },
  },
});

export const OTP_ERRORS = defineErrors({
  serviceNotFound: {
    status: 404,
    key: 'error.otp.serviceNotFound',
    text: 'This service does not exist in this token pack.',
  },
  noDirectory: {
    status: 409,
    key: 'error.otp.noDirectory',
    text: "Choose the primary directory of the service's token pack first: its users get the OTP codes.",
  },
  apiKey: {
    status: 401,
    key: 'error.otp.apiKey',
    text: "Name the service with its HTTPS connector's API key in the X-Api-Key header.",
  },
  locked: {
    status: 423,
    key: 'error.otp.locked',
    text: 'Too many wrong codes: this user cannot sign in with a code for 15 minutes.',
  },
  // docs/requirements/billing-services-validation.md: verbatim.
  emailEmpty: { status: 400, key: 'error.otp.emailEmpty', text: 'Email must not be empty' },
  emailInvalid: { status: 400, key: 'error.otp.emailInvalid', text: 'Please input a valid email.' },
});
