import { type Static, Type } from 'typebox';
import {
  ACTIVE_STATUSES,
  ActiveStatus,
  activationActions,
  closed,
  IdParams,
  ImageUrl,
  NullableString,
  Password,
  ReadOnly,
  RequiredText,
} from './fields.ts';
import { defineErrors, defineListingNames, definePermissions, defineResource, NO_DELETE } from './kit.ts';
import { EMAIL_MAX_LENGTH } from './rules.ts';
import { Configure2faBody, SecondFactorConfiguration } from './secondFactor.ts';

/**
 * Administrator accounts (docs/requirements/portal-entities.md, docs/requirements/portal-validation.md): the provider's operators and the accounts of each customer, and the
 * signed-in account's own calls (its password, its record). A customer's account acts only on its own
 * customer's accounts (any other id: 404); a provider operator acts on its own accounts and, naming a
 * customer, on that customer's.
 */

export const ACCOUNT_STATUSES = ACTIVE_STATUSES;

/** The bounds of the fields. */
export const ACCOUNT_LIMITS = {
  email: EMAIL_MAX_LENGTH,
  firstName: 100,
  lastName: 100,
  mobilePhone: 40,
  organization: 200,
  address: 500,
  contactNumber: 40,
  otherInfo: 2000,
  /** Roles an account may hold at once. */
  roles: 50,
} as const;

const RoleSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  scope: Type.String(),
});

export const AccountRecord = Type.Object({
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
  enable2fa: Type.Boolean(),
  status: ActiveStatus,
  customerId: NullableString,
  customerName: NullableString,
  isCustomerRoot: Type.Boolean(),
  roleIds: Type.Array(Type.String()),
  roles: Type.Array(RoleSummary),
  createdDate: Type.String(),
});
export type AccountRecord = Static<typeof AccountRecord>;

const OptionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * The create and edit form. email, roleIds, firstName, lastName and mobilePhone are checked by the server's
 * handler, in the spec's order and with its messages. The record's read-only fields may come back with an
 * edit form (react-admin sends the whole record): they are accepted and ignored; any other key is refused.
 */
export const AccountForm = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 1000 })),
    roleIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: ACCOUNT_LIMITS.roles })),
    firstName: Type.Optional(Type.String({ maxLength: ACCOUNT_LIMITS.firstName })),
    lastName: Type.Optional(Type.String({ maxLength: ACCOUNT_LIMITS.lastName })),
    mobilePhone: Type.Optional(Type.String({ maxLength: ACCOUNT_LIMITS.mobilePhone })),
    organization: OptionalText(ACCOUNT_LIMITS.organization),
    address: OptionalText(ACCOUNT_LIMITS.address),
    contactNumber: OptionalText(ACCOUNT_LIMITS.contactNumber),
    otherInfo: OptionalText(ACCOUNT_LIMITS.otherInfo),
    avatar: Type.Optional(ImageUrl),
    enable2fa: Type.Optional(Type.Boolean()),
    /** Create: the customer of the new account (null or absent: the provider). Edit: cannot change. */
    customerId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    id: ReadOnly(),
    status: ReadOnly(),
    customerName: ReadOnly(),
    isCustomerRoot: ReadOnly(),
    roles: ReadOnly(),
    createdDate: ReadOnly(),
  },
  closed,
);
export type AccountForm = Static<typeof AccountForm>;

/** A new account's id and its first password, shown once to the administrator who created it. */
export const CreatedAccount = Type.Object({ id: Type.String(), initialPassword: Type.String() });

export const ChangePasswordBody = Type.Object({
  oldPassword: Password,
  newPassword: Password,
  confirmPassword: Password,
});

/** The signed-in account, as the session keeps it. */
export const SessionAccount = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mobilePhone: Type.String(),
  email: Type.String(),
  roleIds: Type.Array(Type.String()),
  roles: Type.Array(RoleSummary),
  status: Type.String(),
  isCustomerRoot: Type.Boolean(),
  customerId: NullableString,
  customerName: NullableString,
  forceChangePassword: Type.Boolean(),
  /** The language the account keeps (contract/translations.ts LOCALES); null: the browser's choice. */
  locale: NullableString,
});

/**
 * The signed-in account's own profile: name and mobile phone (required of every administrator account,
 * asked at the first sign-in when the account has none yet, beside the new password), and the rest of My
 * Account > Profile.
 */
export const OwnProfile = Type.Object(
  {
    firstName: RequiredText(ACCOUNT_LIMITS.firstName),
    lastName: RequiredText(ACCOUNT_LIMITS.lastName),
    mobilePhone: RequiredText(ACCOUNT_LIMITS.mobilePhone),
    /** My Account > Profile also sends these; the first sign-in's page sends the three above only. */
    organization: OptionalText(ACCOUNT_LIMITS.organization),
    address: OptionalText(ACCOUNT_LIMITS.address),
    contactNumber: OptionalText(ACCOUNT_LIMITS.contactNumber),
    otherInfo: OptionalText(ACCOUNT_LIMITS.otherInfo),
    avatar: Type.Optional(ImageUrl),
    /**
     * A recovery email (a personal address, for a reset when the sign-in mailbox is lost): a new one is
     * unverified until the link emailed to it is opened (contract/selfService.ts); null or '' removes it.
     */
    recoveryEmail: Type.Optional(Type.Union([Type.String({ maxLength: EMAIL_MAX_LENGTH }), Type.Null()])),
    /** The profile record's read-only fields may come back with the form: accepted and ignored. */
    id: ReadOnly(),
    email: ReadOnly(),
    recoveryEmailVerified: ReadOnly(),
  },
  closed,
);
export type OwnProfile = Static<typeof OwnProfile>;

/** The profile fields every administrator account must have. */
export const REQUIRED_PROFILE_FIELDS = ['firstName', 'lastName', 'mobilePhone'] as const;

/**
 * One permission of the catalogue as an account holds it (an account's _Effective permissions_): allowed
 * when one of its roles grants it, with those roles; the server's guard admits a call by the same rule.
 */
export const EffectivePermission = Type.Object({
  resource: Type.String(),
  /** The resource's permission asset, by the name operators gave it. */
  assetName: Type.String(),
  action: Type.String(),
  allowed: Type.Boolean(),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type EffectivePermission = Static<typeof EffectivePermission>;

export const ACCOUNT_LISTING = defineListingNames({
  filters: ['q', 'status', 'customerId'],
  sort: ['email', 'firstName', 'lastName', 'mobilePhone', 'status', 'createdDate', 'id'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const view = { permission: 'account:view' } as const;
const modify = { permission: 'account:modify' } as const;

export const account = defineResource({
  name: 'account',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Account', name: 'Account' },
  base: '/account',
  customerScoped: false,
  permission: 'account',
  list: {
    by: 'postSearch',
    path: '{base}/search',
    summary:
      "Search administrator accounts: a customer's (filters.customerId; a customer's account: its own) or the provider's",
    access: { ...view, customer: { from: 'body', name: 'filters.customerId', optional: true } },
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'Read an administrator account',
    access: view,
    errors: [404],
    schema: { params: IdParams, response: { 200: AccountRecord } },
  },
  getMany: { by: 'each' },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/create_account_organization',
    body: 'data',
    summary: 'Create an administrator account with a random first password, to change at the first sign-in',
    access: { permission: 'account:create', customer: { from: 'body', optional: true } },
    // Logins are global: an email taken in another customer answers 409 too, so creations are limited.
    limit: 'accountCreation',
    errors: [404, 409, 429],
    schema: { body: AccountForm, response: { 201: CreatedAccount } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/{id}',
    body: 'data',
    summary: 'Change an administrator account and its roles',
    access: modify,
    errors: [404, 409],
    schema: { params: IdParams, body: AccountForm, response: { 200: AccountRecord } },
  },
  actions: {
    ...activationActions(modify, {
      activate: 'Activate an administrator account',
      deactivate: "Deactivate an administrator account (never one's own)",
    }),
    changePassword: {
      by: 'call',
      method: 'POST',
      path: '{base}/change-password',
      body: 'data',
      summary: "Change the signed-in account's password (its other sessions end)",
      access: { duringPasswordChange: true },
      limit: 'passwordCheck',
      errors: [429],
      schema: { body: ChangePasswordBody, response: { 200: Type.Object({ success: Type.Boolean() }) } },
    },
    updateProfile: {
      by: 'call',
      method: 'PUT',
      path: '{base}/profile',
      body: 'data',
      summary:
        "Change the signed-in account's name and mobile phone (allowed during the first password change)",
      access: { duringPasswordChange: true },
      schema: { body: OwnProfile, response: { 200: SessionAccount } },
    },
    get2faConfiguration: {
      by: 'call',
      method: 'GET',
      path: '{base}/security/configuration/2fa',
      summary: "The signed-in account's second factor: on or off, and the V-Key app devices it can use",
      access: {},
      schema: { response: { 200: SecondFactorConfiguration } },
    },
    configure2fa: {
      by: 'call',
      method: 'POST',
      path: '{base}/{accountId}/security/configure/2fa',
      body: 'data',
      summary:
        "Turn the signed-in account's second factor on (once its V-Key app is activated) or off; its own id only",
      access: {},
      limit: 'passwordCheck',
      errors: [404, 409, 429],
      schema: {
        params: Type.Object({ accountId: Type.String({ maxLength: 100 }) }),
        body: Configure2faBody,
        response: { 200: SecondFactorConfiguration },
      },
    },
    effectivePermissions: {
      by: 'call',
      method: 'GET',
      path: '{base}/{id}/effective-permissions',
      summary:
        "Every permission of the catalogue, whether the account's roles grant it and which do: the rule the server's guard enforces",
      access: view,
      errors: [404],
      schema: { params: IdParams, response: { 200: Type.Array(EffectivePermission) } },
    },
    loadAccountByToken: {
      by: 'call',
      method: 'POST',
      path: '{base}/load_account_by_token',
      summary: 'The signed-in account, with its roles and customer',
      access: { duringPasswordChange: true },
      schema: { response: { 200: SessionAccount } },
    },
  },
});

export const ACCOUNT_ERRORS = defineErrors({
  emailExisted: { status: 409, key: 'error.email.existed', text: 'Email already existed' },
  tooManyCreated: {
    status: 429,
    key: 'error.account.tooManyCreated',
    text: 'Too many accounts created in a short time. Try again in %{smart_count} second. |||| Too many accounts created in a short time. Try again in %{smart_count} seconds.',
  },
  emailInvalid: { status: 400, key: 'error.email.invalid', text: 'Invalid Email' },
  accountNotFound: { key: 'error.account.notFound', text: 'Account with the email not found' },
  accountIdRequired: { key: 'error.account.idRequired', text: 'Account ID is required' },
  accountIdNotFound: { status: 404, key: 'error.account.idNotFound', text: 'Account ID not found' },
  accountOuRequired: { key: 'error.account.ouRequired', text: 'ou is required for LDAP' },
  accountLdapExisted: { key: 'error.account.ldapExisted', text: 'LDAP account already exists' },
  accountRoleRequired: { status: 400, key: 'error.account.roleRequired', text: 'Account Role is required' },
  accountRootCustomerNotFound: {
    key: 'error.account.rootCustomerNotFound',
    text: 'Root Account Customer not found',
  },
  accountRolesDuplicated: {
    status: 400,
    key: 'error.account.rolesDuplicated',
    text: 'Selected roles are duplicated',
  },
  accountRoleScope: {
    status: 400,
    key: 'error.account.roleScope',
    text: 'The selected roles cannot be given to this account.',
  },
  accountSelfDeactivate: {
    status: 400,
    key: 'error.account.selfDeactivate',
    text: 'You cannot deactivate your own account.',
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entries). */
export const PERMISSIONS = definePermissions({
  account: {
    scope: 'both',
    actions: NO_DELETE,
    asset: {
      name: 'Administrator Accounts',
      description: 'Administrator accounts of the provider or a customer',
    },
  },
  account_role: {
    scope: 'both',
    actions: NO_DELETE,
    asset: { name: 'Account Roles', description: 'Which roles each administrator account holds' },
  },
});
