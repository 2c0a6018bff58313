import { type Static, Type } from 'typebox';
import { closed } from './fields.ts';
import { defineCalls, defineErrors } from './kit.ts';
import { EMAIL_MAX_LENGTH } from './rules.ts';
import { SigninAnswer } from './session.ts';
import { USER_ERRORS } from './user.ts';

export { SecondFactorPending, SigninOutcome } from './session.ts';

/**
 * The second factor of an account (docs/requirements/portal-routes-and-menus.md My Account Security, docs/requirements/error-messages.md "Second factor"), with the V-Key app
 * its owner activated with an activation code:
 * - the app belongs to the account through its user: a user of the account's customer with the account's
 *   email address, who activated the app in a token pack (user_devices);
 * - My Account → Security turns the second factor on (only once the app is activated: docs/requirements/error-messages.md "You have
 *   not activated account on V-Key app yet…") or off;
 * - with it on, a correct password opens a sign-in request instead of a session: the portal waits for the
 *   app to approve or reject it (polled every 2000 ms, as QR sign-in), or takes the app's current code
 *   typed in; the request expires after SECOND_FACTOR_TTL_SEC;
 * - the app answers a sign-in request, and a QR sign-in too, proving itself with its current TOTP code
 *   (no password): the code works once, and five wrong codes lock the device for 15 minutes (OTP_LOCK).
 */

/** How long a sign-in request waits for the app. */
export const SECOND_FACTOR_TTL_SEC = 120;
export const SECOND_FACTOR_STATUSES = ['INITIAL', 'APPROVE', 'REJECT', 'TIMEOUT'] as const;
export type SecondFactorStatus = (typeof SECOND_FACTOR_STATUSES)[number];

const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });
const Decision = Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]);
const RequestId = Type.String({ minLength: 1, maxLength: 100 });

export const SecondFactorCompleteBody = Type.Object(
  {
    requestId: RequestId,
    requestSecret: Type.String({ minLength: 1, maxLength: 200 }),
    /** The app's current code, typed in instead of approving in the app. */
    code: Type.Optional(TotpCode),
  },
  closed,
);

export const AppSigninDecisionBody = Type.Object(
  { requestId: RequestId, decision: Decision, code: TotpCode },
  closed,
);

export const AppSeamlessDecisionBody = Type.Object(
  {
    sessionId: Type.String({ minLength: 1, maxLength: 100 }),
    decision: Decision,
    /** The account's email address: whose app answers. */
    login: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
    code: TotpCode,
  },
  closed,
);

export const secondFactor = defineCalls({
  name: 'second-factor',
  calls: {
    status: {
      method: 'GET',
      path: '/auth/2fa/{requestId}/status',
      summary: "A sign-in request's status, polled every 2000 ms while the app is asked",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: {
        params: Type.Object({ requestId: Type.String() }),
        response: { 200: Type.Object({ status: Type.Enum([...SECOND_FACTOR_STATUSES]) }) },
      },
    },
    complete: {
      method: 'POST',
      path: '/auth/2fa/complete',
      summary:
        "Complete a sign-in request the app approved, or with the app's current code: answers the session",
      access: { public: true },
      limit: 'signin',
      errors: [401, 404, 409, 423],
      schema: { body: SecondFactorCompleteBody, response: { 200: SigninAnswer } },
    },
    appDecision: {
      method: 'POST',
      path: '/v-key-app/2fa/decision',
      summary: "The app's answer to a sign-in request, proved with its current code",
      access: { public: true },
      limit: 'public',
      errors: [401, 404, 409, 423],
      schema: {
        body: AppSigninDecisionBody,
        response: { 200: Type.Object({ status: Type.Enum([...SECOND_FACTOR_STATUSES]) }) },
      },
    },
    appSeamlessDecision: {
      method: 'POST',
      path: '/v-key-app/seamless/decision',
      summary: "The activated app's answer to a QR sign-in, proved with its current code (no password)",
      access: { public: true },
      limit: 'public',
      errors: [401, 404, 409, 410, 423],
      schema: { body: AppSeamlessDecisionBody },
    },
  },
});

/** My Account → Security: the second factor's setting and the devices it can use. */
export const SecondFactorConfiguration = Type.Object({
  enable2fa: Type.Boolean(),
  /** The account's user activated the V-Key app: the second factor can be turned on. */
  appActivated: Type.Boolean(),
  devices: Type.Array(
    Type.Object({ name: Type.String(), tokenPackName: Type.String(), activatedDate: Type.String() }),
  ),
});
export type SecondFactorConfiguration = Static<typeof SecondFactorConfiguration>;

export const Configure2faBody = Type.Object({ enable2fa: Type.Boolean() }, closed);

export const SECOND_FACTOR_ERRORS = defineErrors({
  // docs/requirements/error-messages.md: verbatim.
  timeout: {
    status: 401,
    key: 'error.secondFactor.timeout',
    text: 'The authentication request has been expired, please try again!',
  },
  rejected: {
    status: 401,
    key: 'error.secondFactor.rejected',
    text: 'The authentication request has been rejected.',
  },
  notFound: {
    status: 404,
    key: 'error.secondFactor.notFound',
    text: 'This sign-in request does not exist. Sign in again.',
  },
  pending: {
    status: 409,
    key: 'error.secondFactor.pending',
    text: 'Approve the sign-in in the V-Key app, or enter the code it shows.',
  },
  wrongCode: {
    status: 401,
    key: 'error.secondFactor.wrongCode',
    text: 'This is not the code the V-Key app shows. Enter its current code.',
  },
  locked: {
    status: 423,
    key: 'error.secondFactor.locked',
    text: 'Too many wrong codes: the V-Key app cannot be used to sign in for 15 minutes.',
  },
  /** Turning the second factor on before the account's V-Key app is activated (docs/requirements/error-messages.md). */
  appNotActivated: { ...USER_ERRORS.appNotActivated, status: 409 },
});

/**
 * The same refusals as a QR sign-in answers them (contract/session.ts): its session timed out is gone (410),
 * a rejected one is refused (403).
 */
export const QR_SIGNIN_ERRORS = defineErrors({
  timeout: { ...SECOND_FACTOR_ERRORS.timeout, status: 410 },
  rejected: { ...SECOND_FACTOR_ERRORS.rejected, status: 403 },
});
