import { type Static, Type } from 'typebox';
import { PlanLeftOut, PlanLeftOutWhenAll } from './billing.ts';
import { closed, NullableString, Uuid } from './fields.ts';
import { defineCalls, defineErrors, defineListingNames, defineResource } from './kit.ts';
import { EMAIL_MAX_LENGTH } from './rules.ts';

/**
 * Activation codes (docs/requirements/portal-routes-and-menus.md /activation-code/{tokenPackId}; docs/requirements/billing-services-screens.md Activation-code list, docs/requirements/billing-services-entities.md
 * Activation code, docs/requirements/billing-services-states.md, docs/requirements/billing-services-validation.md send-by-email, docs/requirements/billing-services-data-calls.md Token packs / Activation codes, docs/requirements/error-messages.md, docs/requirements/constants-and-limits.md): one code per user of a
 * token pack's primary directory, which the user's mobile app activates once; re-generating replaces it.
 * EXPIRED is read from the expiry date (no job writes it). The QR code of a code is its activation link.
 */

export const ACTIVATION_CODE_STATUSES = ['NEW', 'ACTIVATED', 'EXPIRED'] as const;
export type ActivationCodeStatus = (typeof ACTIVATION_CODE_STATUSES)[number];
/** How long a code activates, from when it is made (chosen: 30 days). */
export const ACTIVATION_CODE_TTL_DAYS = 30;
/** A code: 16 characters of Crockford's base32 (80 random bits) in groups of four: `7KQ2-M9XD-…`. */
export const ACTIVATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
/** docs/requirements/constants-and-limits.md: the page sizes of the list. */
export const ACTIVATION_PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
/** docs/requirements/constants-and-limits.md: the QR code of an activation link, in the zip and in the email. */
export const ACTIVATION_QR = { size: 170, quietZone: 24 } as const;
/** The link the QR code holds, which the V-Key app opens (as the seamless sign-in's onboarding link). */
export const activationLink = (server: string, code: string): string =>
  `vkey://onboarding/activate?server=${encodeURIComponent(server)}&code=${encodeURIComponent(code)}`;

export const ActivationCodeRecord = Type.Object({
  id: Type.String(),
  code: Type.String(),
  tokenPackId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  email: NullableString,
  /** The user's entry in its directory (a DN for LDAP). */
  distinguishedName: NullableString,
  status: Type.Enum(ACTIVATION_CODE_STATUSES),
  /** When the code was made (generated or re-generated). */
  lastModifiedDate: Type.String(),
  expireDate: Type.String(),
  activatedDate: NullableString,
});
export type ActivationCodeRecord = Static<typeof ActivationCodeRecord>;

export const ACTIVATION_CODE_LISTING = defineListingNames({
  filters: ['tokenPackId', 'q', 'status', 'emailExist', 'id'],
  sort: ['code', 'username', 'email', 'status', 'lastModifiedDate', 'expireDate', 'id'],
  defaultSort: { field: 'username', order: 'ASC' },
});

const Ids = Type.Array(Uuid, { minItems: 1, maxItems: 100_000 });
const CustomerPath = Type.Object({ customerId: Type.String({ maxLength: 100 }) });
const PackPath = Type.Object({
  customerId: Type.String({ maxLength: 100 }),
  tokenPackId: Type.String({ maxLength: 100 }),
});
/** Generate: how many codes were made, and how many users were left out as over the plan (PlanLeftOut). */
export const GenerateAnswer = Type.Object({ generated: Type.Integer(), ...PlanLeftOut });
/** Re-generate: how many codes were replaced or made; with `all`, also who was left out as over the plan. */
export const RegenerateAnswer = Type.Object({
  regenerated: Type.Integer(),
  ...PlanLeftOutWhenAll,
});

export const RegenerateBody = Type.Object(
  { ids: Type.Optional(Ids), all: Type.Optional(Type.Boolean()) },
  closed,
);
export const SendMailBody = Type.Object(
  {
    ids: Ids,
    /** For one code: the address to send it to instead of the user's own. */
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  },
  closed,
);
export const ZipBody = Type.Object({ ids: Ids }, closed);
/**
 * How a pack's activation is going: its codes pending (not activated, not expired), expired (not activated in
 * time) and activated.
 */
export const ActivationSummary = Type.Object({
  total: Type.Integer(),
  pending: Type.Integer(),
  expired: Type.Integer(),
  activated: Type.Integer(),
});
export type ActivationSummary = Static<typeof ActivationSummary>;
/** Re-issue expired: how many codes were made anew, and how many of them were emailed or had no address. */
export const ReissueAnswer = Type.Object({
  reissued: Type.Integer(),
  queued: Type.Integer(),
  skipped: Type.Integer(),
});
export type ReissueAnswer = Static<typeof ReissueAnswer>;
/** The header of a zip answer that says how many files it holds (the portal shows its progress with it). */
export const ZIP_ENTRIES_HEADER = 'x-zip-entries';

const may = (action: 'view' | 'configure' | 'delete') =>
  ({ permission: `token-pack:${action}`, customer: { from: 'path' } }) as const;

export const activationCode = defineResource({
  name: 'activation-code',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'ActivationCode', name: 'Activation code' },
  base: '/idm-config/v2/reactive/activation-code',
  customerScoped: true,
  permission: 'token-pack',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}/{customerId}/search',
    summary: "A token pack's activation codes, a page at a time (filter tokenPackId required)",
    access: may('view'),
    errors: [404],
  },
  deleteMany: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/{customerId}/delete-many',
    body: 'ids',
    summary: 'Delete activation codes (they no longer activate); all or none',
    access: may('delete'),
    errors: [404],
    schema: { params: CustomerPath, body: Type.Object({ ids: Ids }, closed) },
  },
  bulk: {
    regenerate: {
      summary:
        'Re-generate the codes the filters match (tokenPackId required; the picked ones: filter id), as a job',
      permission: 'token-pack:configure',
      audit: 'UPDATE',
    },
    sendMail: {
      summary:
        'Email the codes the filters match to their users (tokenPackId required; the picked ones: filter id), as a job; changed counts the emails queued',
      permission: 'token-pack:configure',
      audit: 'SEND',
    },
    delete: {
      summary:
        'Delete the codes the filters match (tokenPackId required; the picked ones: filter id), as a job',
      permission: 'token-pack:delete',
      audit: 'DELETE',
    },
  },
  actions: {
    generate: {
      by: 'call',
      method: 'PUT',
      path: '{base}/generate/{customerId}/{tokenPackId}',
      summary:
        "Make a code for every user of the token pack's primary directory whom its plan covers and who has none; answers how many, and how many were left out as over the plan",
      access: may('configure'),
      errors: [404, 409],
      schema: { params: PackPath, response: { 200: GenerateAnswer } },
    },
    regenerate: {
      by: 'call',
      method: 'PUT',
      path: '{base}/{customerId}/re-generate/{tokenPackId}',
      body: 'data',
      summary: 'Replace codes (ids, or all of the pack): the old ones stop activating; answers how many',
      access: may('configure'),
      errors: [404],
      schema: { params: PackPath, body: RegenerateBody, response: { 200: RegenerateAnswer } },
    },
    summary: {
      by: 'call',
      method: 'GET',
      path: '{base}/{customerId}/summary/{tokenPackId}',
      summary: "How a token pack's activation is going: its codes pending, expired and activated",
      access: may('view'),
      errors: [404],
      schema: { params: PackPath, response: { 200: ActivationSummary } },
    },
    reissueExpired: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/re-issue-expired/{tokenPackId}',
      summary:
        "Make new codes for the pack's expired ones (not activated in time) and email them to their users; answers how many were made, emailed and skipped for want of an address",
      access: may('configure'),
      errors: [404],
      schema: { params: PackPath, response: { 200: ReissueAnswer } },
    },
    sendMail: {
      by: 'call',
      method: 'POST',
      path: '{base}/{customerId}/send-mail',
      body: 'data',
      summary:
        'Email codes with their QR code (queued; sent in the background); answers how many were queued and skipped',
      access: may('configure'),
      errors: [404],
      schema: {
        params: CustomerPath,
        body: SendMailBody,
        response: { 200: Type.Object({ queued: Type.Integer(), skipped: Type.Integer() }) },
      },
    },
    zip: {
      by: 'download',
      method: 'POST',
      path: '{base}/{customerId}/zip-token-pack-ac/{tokenPackId}',
      body: 'data',
      fileName: 'activation-codes.zip',
      summary: 'A zip of the QR codes (PNG) of the chosen codes, streamed as it is made',
      access: may('view'),
      errors: [404],
      schema: { params: PackPath, body: ZipBody },
    },
    downloadAll: {
      by: 'download',
      method: 'GET',
      path: '{base}/{customerId}/download-token-pack-ac-zip/{tokenPackId}',
      fileName: 'activation-codes.zip',
      summary: "A zip of the QR codes (PNG) of all the token pack's codes, streamed as it is made",
      access: may('view'),
      errors: [404],
      schema: { params: PackPath },
    },
  },
});

export const ActivateBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    /** What the app calls the device (shown in the user's troubleshooting log). */
    deviceName: Type.String({ minLength: 1, maxLength: 200 }),
  },
  closed,
);
export type ActivateBody = Static<typeof ActivateBody>;

/** What the app receives: whom it activated, and the TOTP seed it then makes codes with (RFC 6238). */
export const Activation = Type.Object({
  username: Type.String(),
  tokenPackId: Type.String(),
  totpSeed: Type.String(),
  algorithm: Type.Literal('SHA1'),
  digits: Type.Literal(6),
  period: Type.Literal(30),
  issuer: Type.String(),
});
export type Activation = Static<typeof Activation>;

/** The mobile app's call (no token: the code is the credential), rate-limited like every open call. */
export const appActivation = defineCalls({
  name: 'app-activation',
  calls: {
    activate: {
      method: 'POST',
      path: '/v-key-app/activate',
      summary:
        "Activate the mobile app with an activation code: once; answers the user's TOTP seed (a used, expired or replaced code is refused)",
      access: { public: true },
      limit: 'public',
      errors: [404, 409],
      schema: { body: ActivateBody, response: { 200: Activation } },
    },
  },
});

export const ACTIVATION_ERRORS = defineErrors({
  notFound: {
    status: 404,
    key: 'error.activationCode.notFound',
    text: 'This activation code does not exist.',
  },
  used: {
    status: 409,
    key: 'error.activationCode.used',
    text: 'This activation code has been used already.',
  },
  expired: {
    status: 409,
    key: 'error.activationCode.expired',
    text: 'This activation code has expired. Ask your administrator for a new one.',
  },
  replaced: {
    status: 409,
    key: 'error.activationCode.replaced',
    text: 'This activation code was replaced by a newer one. Use the newest code you received.',
  },
  noDirectory: {
    status: 409,
    key: 'error.activationCode.noDirectory',
    text: "Choose the token pack's primary directory first: its users get the codes.",
  },
  // docs/requirements/billing-services-validation.md: verbatim.
  emailEmpty: { status: 400, key: 'error.activationCode.emailEmpty', text: 'Email must not be empty' },
  emailInvalid: {
    status: 400,
    key: 'error.activationCode.emailInvalid',
    text: 'Please input a valid email.',
  },
});
