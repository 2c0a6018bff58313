import { type Static, Type } from 'typebox';
import { COMMON_ERRORS } from './errors.ts';
import { NullableString } from './fields.ts';
import { defineCalls, defineErrors } from './kit.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './rules.ts';

/**
 * Sign-in, the session and the OAuth2 authorization code round trip (docs/requirements/portal-entities.md, docs/requirements/portal-states.md, docs/requirements/sign-in-and-session-calls.md), and QR sign-in
 * with the mobile app ("seamless login", docs/requirements/portal-states.md, docs/requirements/sign-in-and-session-calls.md).
 */

export const SigninBody = Type.Object({
  login: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  state: Type.Optional(Type.String({ maxLength: 2048 })),
});

const SessionOpened = {
  token: Type.String(),
  tokenExpireInSec: Type.Integer(),
  /**
   * Seconds until the session ends whatever is renewed (SESSION_MAX_SEC after the password sign-in): the
   * token may be renewed (`renew`) until then.
   */
  sessionExpireInSec: Type.Integer(),
  account: Type.Object({ customerId: NullableString, forceChangePassword: Type.Boolean() }),
};

export const SigninAnswer = Type.Object({
  ...SessionOpened,
  /** Only for a sign-in that completes another client's authorization request (named by `state`). */
  redirectUrl: Type.Optional(Type.String()),
});

/**
 * What a correct password answers when the account's second factor is on (contract/secondFactor.ts): a
 * sign-in request that the V-Key app approves.
 */
export const SecondFactorPending = Type.Object({
  secondFactor: Type.Object({
    requestId: Type.String(),
    /** Only the browser that signed in holds it: completing the request takes it. */
    requestSecret: Type.String(),
    expiresInSec: Type.Integer(),
  }),
});
export type SecondFactorPending = Static<typeof SecondFactorPending>;

/** The sign-in's answer: a session, or a sign-in request waiting for the app. */
export const SigninOutcome = Type.Union([SigninAnswer, SecondFactorPending]);

const ResponseMode = Type.Union([Type.Literal('form_post'), Type.Literal('query')]);

export const SEAMLESS_STATUSES = ['INITIAL', 'APPROVE', 'REJECT', 'TIMEOUT'] as const;

export const session = defineCalls({
  name: 'session',
  calls: {
    signin: {
      method: 'POST',
      path: '/auth/signin',
      summary:
        "Sign in with email and password; answers a session token, or, when the account's second factor is on, a sign-in request for the V-Key app (contract/secondFactor.ts)",
      access: { public: true },
      limit: 'signin',
      errors: [401, 429],
      schema: { body: SigninBody, response: { 200: SigninOutcome } },
    },
    signout: {
      method: 'POST',
      path: '/auth/signout',
      summary: 'Sign out: the token is revoked',
      access: { duringPasswordChange: true },
    },
    token: {
      method: 'POST',
      path: '/auth/token',
      summary: 'Trade a one-time authorization code for a session token',
      access: { public: true },
      limit: 'public',
      errors: [401],
      schema: {
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 200 }),
          client_id: Type.String({ minLength: 1, maxLength: 200 }),
          redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
        }),
        response: { 200: Type.Object(SessionOpened) },
      },
    },
    renew: {
      method: 'POST',
      path: '/auth/renew',
      summary:
        "Stay signed in: a new token for the caller's session, without the password, up to SESSION_MAX_SEC after its password sign-in (the caller's token stays valid until its own expiry)",
      access: { duringPasswordChange: true },
      errors: [401, 409],
      schema: { response: { 200: Type.Object(SessionOpened) } },
    },
    permission: {
      method: 'GET',
      path: '/account/permission',
      summary: "The signed-in account's permissions, as a flat list of resource:action keys",
      access: { duringPasswordChange: true },
      schema: {
        querystring: Type.Object({ flattern: Type.Literal('1') }),
        response: { 200: Type.Array(Type.String()) },
      },
    },
    authorizeCustom: {
      method: 'GET',
      path: '/authentication/oauth2/authorize/custom',
      summary:
        "The portal's own authorization request: redirects to /login with its client_id, redirect_uri and state",
      access: { public: true },
      limit: 'public',
    },
    authorize: {
      method: 'GET',
      path: '/authentication/oauth2/authorize',
      summary: "An application's authorization request: redirects to /login, which answers it with a code",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: {
        querystring: Type.Object({
          client_id: Type.String({ minLength: 1, maxLength: 200 }),
          redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
          state: Type.String({ minLength: 1, maxLength: 512 }),
          response_type: Type.Literal('code'),
          response_mode: Type.Optional(ResponseMode),
        }),
      },
    },
    seamlessInit: {
      method: 'GET',
      path: '/v-key-seamless/init-session',
      summary: 'Open a QR sign-in session for a client; answers its id and signature',
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: {
        querystring: Type.Object({
          realm: Type.String({ minLength: 1, maxLength: 200 }),
          client_id: Type.String({ minLength: 1, maxLength: 200 }),
          redirect_url: Type.String({ minLength: 1, maxLength: 2048 }),
          response_type: Type.Optional(Type.Literal('code')),
          response_mode: Type.Optional(ResponseMode),
          state: Type.String({ minLength: 1, maxLength: 512 }),
        }),
        response: {
          200: Type.Object({
            sessionId: Type.String(),
            idSignature: Type.String(),
            expiresInSec: Type.Integer(),
          }),
        },
      },
    },
    seamlessStatus: {
      method: 'GET',
      path: '/service-mgmt/seamless/get-request-status-by-id/{sessionId}',
      summary: "A QR sign-in session's status, polled every 2000 ms",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: {
        /** Any text: an id that is not a session's is answered 404, as an unknown one. */
        params: Type.Object({ sessionId: Type.String() }),
        response: { 200: Type.Object({ status: Type.Enum([...SEAMLESS_STATUSES]) }) },
      },
    },
    seamlessDecision: {
      method: 'POST',
      path: '/v-key-seamless/app/decision',
      summary: "The mobile app's answer to a QR sign-in, with its user's token",
      access: {},
      errors: [404, 409],
      schema: {
        body: Type.Object({
          sessionId: Type.String({ minLength: 1, maxLength: 100 }),
          decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
        }),
      },
    },
    seamlessAuthenticate: {
      method: 'POST',
      path: '/v-key-seamless/authenticate',
      summary: 'Complete an approved QR sign-in: answers the code to post to the redirect URL',
      access: { public: true },
      limit: 'public',
      errors: [401, 404],
      schema: {
        body: Type.Object({
          sessionId: Type.String({ minLength: 1, maxLength: 100 }),
          idSignature: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          200: Type.Object({
            redirectUrl: Type.String(),
            responseMode: ResponseMode,
            fields: Type.Object({ code: Type.String(), state: Type.String() }),
          }),
        },
      },
    },
  },
});

export const SUPPORT_FEATURES = ['theme'] as const;

export const billing = defineCalls({
  name: 'billing',
  calls: {
    supportFeatures: {
      method: 'GET',
      path: '/billing/{customerId}/check/support_features',
      summary: "The support features of a customer's plan (for example theme)",
      // What it tells decides whether themes show: asked by those who may see them.
      access: { permission: 'theme:view', customer: { from: 'path' } },
      errors: [404],
      schema: {
        params: Type.Object({ customerId: Type.String() }),
        response: { 200: Type.Object({ theme: Type.Boolean() }) },
      },
    },
  },
});

/** The portal's own OAuth 2.0 authorization. */
export const OAUTH2_ERRORS = defineErrors({
  invalidClient: {
    status: 400,
    key: 'error.oauth2.invalidClient',
    text: 'The client is not registered with the portal.',
  },
  invalidRedirectUri: {
    status: 400,
    key: 'error.oauth2.invalidRedirectUri',
    text: 'The redirect URI is not registered for this client.',
  },
  stateInUse: {
    status: 400,
    key: 'error.oauth2.stateInUse',
    text: 'The state is already used by another authorization request.',
  },
  invalidCode: {
    status: 400,
    key: 'error.oauth2.invalidCode',
    text: 'The authorization code is invalid or has expired.',
  },
  /** The authorization request came with a Host that is no origin. */
  malformedHost: { ...COMMON_ERRORS.requestInvalid, status: 400 },
  /** A sign-in to a client bound to another customer: refused as the guard refuses a call. */
  clientOfAnotherCustomer: { ...COMMON_ERRORS.actionNotallow, status: 403 },
  authorizeFailed: {
    key: 'error.oauth2.authorizeFailed',
    text: 'The sign-in service cannot be reached right now. Try again in a moment.',
  },
});

/** QR sign-in. */
export const SEAMLESS_ERRORS = defineErrors({
  invalidRealm: {
    status: 400,
    key: 'error.seamless.invalidRealm',
    text: 'The realm does not match the client.',
  },
  tooMany: {
    status: 429,
    key: 'error.seamless.tooMany',
    text: 'Too many QR sign-in requests. Please wait a minute and try again.',
  },
  notFound: { status: 404, key: 'error.seamless.notFound', text: 'The QR sign-in session was not found.' },
  alreadyDecided: {
    status: 409,
    key: 'error.seamless.alreadyDecided',
    text: 'The authentication request has already been answered.',
  },
  invalidSignature: {
    status: 401,
    key: 'error.seamless.invalidSignature',
    text: 'The QR sign-in session could not be verified.',
  },
  notApproved: {
    status: 409,
    key: 'error.seamless.notApproved',
    text: 'The authentication request has not been approved yet.',
  },
  alreadyUsed: {
    status: 409,
    key: 'error.seamless.alreadyUsed',
    text: 'The authentication request has already been used.',
  },
});

export const SESSION_ERRORS = defineErrors({
  /** A call made while the account must first change its password (the guard's refusal). */
  passwordChangeRequired: {
    status: 403,
    key: 'error.account.passwordChangeRequired',
    text: 'Change your password before you continue.',
  },
  authTooManyAttempts: {
    status: 429,
    key: 'error.auth.tooManyAttempts',
    text: 'Too many failed sign-in attempts. Try again in %{smart_count} second, or sign in with the QR code. |||| Too many failed sign-in attempts. Try again in %{smart_count} seconds, or sign in with the QR code.',
  },
  accountOldPasswordIncorrect: {
    status: 400,
    key: 'error.account.oldPasswordIncorrect',
    text: 'Old Password is Incorrect',
    field: 'oldPassword',
  },
  accountInvalidCredential: {
    status: 401,
    key: 'error.account.invalidCredential',
    text: 'Invalid Account Credential',
  },
  accountPasswordRequired: { key: 'error.account.passwordRequired', text: 'Password is required' },
  accountInactive: { status: 403, key: 'error.account.inactive', text: 'Account is inactive' },
  accountNotActive: { key: 'error.account.notActive', text: 'Account is not active' },
  accountInvalidResetToken: {
    status: 400,
    key: 'error.account.invalidResetToken',
    text: 'Invalid Reset Token',
  },
  secondFactorOidcFailed: { key: 'error.secondFactor.oidcFailed', text: 'Authentication failed.' },
  /** Stay signed in, once the session has lasted SESSION_MAX_SEC since its password sign-in. */
  sessionAtItsEnd: {
    status: 409,
    key: 'error.session.atItsEnd',
    text: 'This session has lasted as long as a session may since its sign-in: sign in again with your password.',
  },
  supportFeaturesFailed: {
    key: 'error.supportFeatures.failed',
    text: 'Error: Get Support Service Features Failed',
  },
});

/** A new password and its checks. */
export const PASSWORD_ERRORS = defineErrors({
  policy: {
    status: 400,
    key: 'error.password.policy',
    field: 'newPassword',
    text: 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
  },
  confirmMismatch: {
    status: 400,
    key: 'error.password.confirmMismatch',
    field: 'confirmPassword',
    text: 'Password and Confirm New Password does not match',
  },
  sameAsOld: {
    status: 400,
    key: 'error.password.sameAsOld',
    field: 'newPassword',
    text: 'The new password must be different from the old password.',
  },
  tooLong: {
    status: 400,
    key: 'error.password.tooLong',
    field: 'newPassword',
    text: 'Password must be at most %{maxLength} characters.',
  },
  common: {
    status: 400,
    key: 'error.password.common',
    field: 'newPassword',
    text: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  },
  containsEmail: {
    status: 400,
    key: 'error.password.containsEmail',
    field: 'newPassword',
    text: 'Password must not contain the part of the email address before the @.',
  },
  reused: {
    status: 400,
    key: 'error.password.reused',
    field: 'newPassword',
    text: 'The new password must be different from your last %{count} passwords.',
  },
  tooManyChecks: {
    key: 'error.password.tooManyChecks',
    text: 'Too many attempts to change the password. Try again in %{smart_count} second. |||| Too many attempts to change the password. Try again in %{smart_count} seconds.',
  },
});

/** A sign-up's activation link. */
export const SIGNUP_ACTIVATION_ERRORS = defineErrors({
  invalid: {
    status: 404,
    key: 'error.signupActivation.invalid',
    text: 'This activation link is invalid. Please contact your administrator.',
  },
  expired: {
    status: 410,
    key: 'error.signupActivation.expired',
    text: 'This activation link has expired. Please contact your administrator.',
  },
  processed: {
    status: 409,
    key: 'error.signupActivation.processed',
    text: 'This activation request has already been processed. Please contact your administrator.',
  },
});
