import { type Static, Type } from 'typebox';
import { ACCOUNT_LIMITS } from './account.ts';
import { CUSTOMER_LIMITS } from './customer.ts';
import { closed, closedQuery, Email, NullableString, Password, RequiredText } from './fields.ts';
import { defineCalls, defineErrors } from './kit.ts';

/**
 * Self-service (spec 01 §1 prospects and self-service users, §2 public routes, §3 and §5 sign-up, §6 calls
 * allowed without a token, §8 account messages and sign-up activation tokens): a prospect signs up and
 * activates the new customer by the emailed link; a person who forgot the password resets it by an
 * emailed link (to the account's email, or to its verified recovery email); a signed-in person verifies a
 * recovery email; a visitor writes to the operator. Every link holds a random token, stored hashed,
 * single-use and expiring (SELF_SERVICE_LIMITS).
 */

export const SELF_SERVICE_LIMITS = {
  /** Hours an activation link of a sign-up stays valid. */
  activationHours: 72,
  /** Minutes a password reset link stays valid. */
  resetMinutes: 60,
  /** Hours a recovery email's verification link stays valid. */
  recoveryEmailHours: 24,
  contactName: 200,
  contactSubject: 200,
  contactMessage: 5000,
  /** The length of the tokens links carry (random, base64url). */
  tokenMaxLength: 200,
} as const;

/** The sign-up form (spec 01 §3): all required, the agreement checked, the password twice. */
export const SignupBody = Type.Object(
  {
    email: Email,
    password: Password,
    confirmPassword: Password,
    firstName: RequiredText(ACCOUNT_LIMITS.firstName),
    lastName: RequiredText(ACCOUNT_LIMITS.lastName),
    companyName: RequiredText(CUSTOMER_LIMITS.companyName),
    companyPhone: RequiredText(CUSTOMER_LIMITS.contactPhone),
    /** The terms of use and the privacy policy are agreed to: must be true. */
    agreement: Type.Boolean(),
    /** A plan chosen before signing up (/home?tierId=): kept, and answered by the activation. */
    tierId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  closed,
);
export type SignupBody = Static<typeof SignupBody>;

const TokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: SELF_SERVICE_LIMITS.tokenMaxLength }) },
  closed,
);

/** Where a forgotten password's reset link goes: the account's email, or its verified recovery email. */
export const RESET_DESTINATIONS = ['email', 'recoveryEmail'] as const;
export type ResetDestination = (typeof RESET_DESTINATIONS)[number];

export const ForgotPasswordBody = Type.Object(
  {
    email: Email,
    /** Default 'email'. 'recoveryEmail': to the account's verified recovery email (nothing is sent without one). */
    to: Type.Optional(Type.Enum([...RESET_DESTINATIONS])),
  },
  closed,
);

export const ResetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: SELF_SERVICE_LIMITS.tokenMaxLength }),
    newPassword: Password,
    confirmPassword: Password,
  },
  closed,
);

export const ContactBody = Type.Object(
  {
    name: RequiredText(SELF_SERVICE_LIMITS.contactName),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: CUSTOMER_LIMITS.companyName })),
    phone: Type.Optional(Type.String({ maxLength: ACCOUNT_LIMITS.contactNumber })),
    subject: RequiredText(SELF_SERVICE_LIMITS.contactSubject),
    message: RequiredText(SELF_SERVICE_LIMITS.contactMessage),
  },
  closed,
);
export type ContactBody = Static<typeof ContactBody>;

const EmailQuery = Type.Object({ email: Email }, closedQuery);
const Done = Type.Object({ success: Type.Boolean() });

/**
 * The signed-in account's own profile (My Account > Profile): what it may change, and its recovery email
 * with whether that is verified. Its email (the login) is shown, not changed here.
 */
export const OwnProfileRecord = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mobilePhone: Type.String(),
  organization: NullableString,
  address: NullableString,
  contactNumber: NullableString,
  otherInfo: NullableString,
  avatar: NullableString,
  recoveryEmail: NullableString,
  recoveryEmailVerified: Type.Boolean(),
});
export type OwnProfileRecord = Static<typeof OwnProfileRecord>;

export const selfService = defineCalls({
  name: 'selfService',
  calls: {
    emailExisted: {
      method: 'GET',
      path: '/account/email/existed',
      summary: 'Whether an account has this email (the sign-up form asks; limited as sign-ups are)',
      access: { public: true },
      limit: 'signup',
      errors: [429],
      schema: { querystring: EmailQuery, response: { 200: Type.Object({ existed: Type.Boolean() }) } },
    },
    emailNotExisted: {
      method: 'GET',
      path: '/account/email/not-existed',
      summary: 'Whether no account has this email (limited as sign-ups are)',
      access: { public: true },
      limit: 'signup',
      errors: [429],
      schema: { querystring: EmailQuery, response: { 200: Type.Object({ notExisted: Type.Boolean() }) } },
    },
    signup: {
      method: 'POST',
      path: '/customer/signup',
      summary:
        'Sign up: an inactive customer and its root administrator, and an activation link emailed to the address',
      access: { public: true },
      limit: 'signup',
      errors: [409, 429],
      schema: { body: SignupBody, response: { 201: Type.Object({ email: Type.String() }) } },
    },
    activate: {
      method: 'POST',
      path: '/customer/signup/activate',
      summary: "Activate a sign-up's customer and administrator with the emailed link's token (once)",
      access: { public: true },
      limit: 'public',
      errors: [404, 409, 410],
      schema: {
        body: TokenBody,
        response: { 200: Type.Object({ email: Type.String(), tierId: NullableString }) },
      },
    },
    forgotPassword: {
      method: 'POST',
      path: '/account/forgot-password',
      summary:
        'Email a password reset link; answers the same whether or not an account has the email (limited as sign-ups are)',
      access: { public: true },
      limit: 'signup',
      errors: [429],
      schema: { body: ForgotPasswordBody, response: { 202: Done } },
    },
    resetPassword: {
      method: 'POST',
      path: '/account/reset-password',
      summary: "Set a new password with a reset link's token (once); the account's sessions end",
      access: { public: true },
      limit: 'public',
      errors: [410],
      schema: { body: ResetPasswordBody, response: { 200: Done } },
    },
    verifyRecoveryEmail: {
      method: 'POST',
      path: '/account/verify-personal-email',
      summary: "Verify an account's recovery email with the emailed link's token (once)",
      access: { public: true },
      limit: 'public',
      errors: [404, 409, 410],
      schema: { body: TokenBody, response: { 200: Type.Object({ recoveryEmail: Type.String() }) } },
    },
    getProfile: {
      method: 'GET',
      path: '/account/profile',
      summary: "The signed-in account's own profile, with its recovery email",
      access: { duringPasswordChange: true },
      schema: { response: { 200: OwnProfileRecord } },
    },
    contactUs: {
      method: 'POST',
      path: '/contact-us',
      summary:
        "A visitor's message to the operator, sent through the outbox or SMTP (limited as sign-ups are)",
      access: { public: true },
      limit: 'signup',
      errors: [429],
      schema: { body: ContactBody, response: { 202: Done } },
    },
  },
});

export const SELF_SERVICE_ERRORS = defineErrors({
  agreementRequired: {
    status: 400,
    key: 'error.signup.agreementRequired',
    field: 'agreement',
    text: 'Please agree to the terms of use and the privacy policy.',
  },
  confirmMismatch: {
    status: 400,
    key: 'error.signup.confirmMismatch',
    field: 'confirmPassword',
    text: 'Password and confirm password do not match.',
  },
  tooMany: {
    status: 429,
    key: 'error.signup.tooMany',
    text: 'Too many requests of this kind from your network or for this email. Try again in %{smart_count} second. |||| Too many requests of this kind from your network or for this email. Try again in %{smart_count} seconds.',
  },
  resetTokenExpired: {
    status: 410,
    key: 'error.resetToken.expired',
    text: 'This reset link has expired. Ask for a new one on the Forgot password page.',
  },
  resetTokenUsed: {
    status: 410,
    key: 'error.resetToken.used',
    text: 'This reset link has already been used. Ask for a new one on the Forgot password page if you still need it.',
  },
  recoveryEmailInvalid: {
    status: 404,
    key: 'error.recoveryEmail.invalidLink',
    text: 'This verification link is invalid. Set your recovery email again in My Account to get a new one.',
  },
  recoveryEmailExpired: {
    status: 410,
    key: 'error.recoveryEmail.expired',
    text: 'This verification link has expired. Set your recovery email again in My Account to get a new one.',
  },
  recoveryEmailUsed: {
    status: 409,
    key: 'error.recoveryEmail.used',
    text: 'This verification link has already been used.',
  },
  recoveryEmailSameAsEmail: {
    status: 400,
    key: 'error.recoveryEmail.sameAsEmail',
    field: 'recoveryEmail',
    text: 'The recovery email must be another address than the one you sign in with.',
  },
});
