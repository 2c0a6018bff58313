import englishMessages from 'ra-language-english';

/**
 * The English catalogue: every text the portal shows. Translators: edit the strings, keep the keys
 * and the %{placeholders}. The spec's own keys (error.*) and texts stand here verbatim.
 */
const portal = {
  productName: 'Gateway Portal',
  pageTitle: '%{title} | %{productName}',
  scope: {
    PROVIDER: 'Provider',
    CUSTOMER: 'Customer',
    VKEY: 'Vendor',
    MY_ACC_DASHBOARD: 'My account',
  },
  login: {
    title: 'Sign In',
    subtitle: 'Sign in to manage your authentication services',
    tabs: {
      qr: 'QR Code Login',
      credentials: 'Credentials Login',
    },
    fields: {
      username: 'Email',
      password: 'Password',
    },
    signIn: 'Sign In',
    signingIn: 'Signing in…',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account?",
    createAccount: 'Create a new account',
    qr: {
      mobile: 'Tab QR code to log in with V-Key app',
      desktop: 'Scan with V-Key app to log in',
      download: "Don't have V-Key app? Download here",
      expired: 'QR code expired',
      refresh: 'Refresh QR Code',
      unavailable: 'QR code sign-in is not available yet. Use the Credentials Login tab.',
    },
  },
  validation: {
    emailInvalid: 'The email address is invalid.',
    required: '%{field_name} is required.',
    passwordRules:
      'The password must be at least 8 characters long and contain at least 1 uppercase letter, 1 lowercase letter and 1 number.',
    passwordMismatch: 'Password and Confirm New Password does not match',
  },
  changePassword: {
    title: 'Change Password',
    forced: 'For your security, choose a new password before you continue.',
    fields: {
      oldPassword: 'Old Password',
      newPassword: 'New Password',
      confirmPassword: 'Confirm New Password',
    },
    rulesHint: 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
    submit: 'Change Password',
    success: 'Your password has been changed.',
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}',
    signedInAs: 'Signed in as %{email}',
    scope: 'Scope',
    customer: 'Customer',
    noCustomer: 'None (provider)',
    roles: 'Roles',
    permissions: 'Permissions',
    permissionCount: '%{smart_count} permission |||| %{smart_count} permissions',
  },
  menu: {
    dashboard: 'Dashboard',
    myAccount: 'My Account',
    changePassword: 'Change Password',
    signOut: 'Sign Out',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist.',
    back: 'Go to the dashboard',
  },
};

/** Error catalogue (spec 01 §8, 02 §8). Keys are the server's `messageKey`s. */
const error = {
  default: {
    internal: {
      server: {
        error: 'The server encountered an internal error and was unable to complete your request',
      },
    },
  },
  network: 'The server cannot be reached. Check your connection and try again.',
  route: { notFound: 'No API call matches %{method} %{path}.' },
  validation: { invalid: "The field '%{field}' %{reason}." },
  request: {
    invalidJson: 'The request body is not valid JSON.',
    bodyTooLarge: 'The request body is too large.',
    unsupportedMediaType: 'The request body must be sent as application/json.',
    invalid: 'The request could not be understood.',
  },
  action: { notallow: 'Action does not allow.' },
  email: {
    existed: 'Email already existed',
    invalid: 'Invalid Email',
  },
  auth: {
    unauthorized: 'Your session has ended. Please sign in again.',
    tooManyAttempts: 'Too many failed sign-in attempts. Try again in %{minutes} minutes.',
  },
  account: {
    oldPasswordIncorrect: 'Old Password is Incorrect',
    invalidCredential: 'Invalid Account Credential',
    notFound: 'Account with the email not found',
    passwordRequired: 'Password is required',
    inactive: 'Account is inactive',
    notActive: 'Account is not active',
    idRequired: 'Account ID is required',
    idNotFound: 'Account ID not found',
    ouRequired: 'ou is required for LDAP',
    ldapExisted: 'LDAP account already exists',
    roleRequired: 'Account Role is required',
    rootCustomerNotFound: 'Root Account Customer not found',
    invalidResetToken: 'Invalid Reset Token',
  },
  role: { nameExisted: 'Role name already existed.' },
  password: {
    policy:
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
    confirmMismatch: 'Password and Confirm New Password does not match',
    sameAsOld: 'The new password must be different from the old password.',
  },
  secondFactor: {
    timeout: 'The authentication request has been expired, please try again!',
    rejected: 'The authentication request has been rejected.',
    oidcFailed: 'Authentication failed.',
  },
  user: {
    appNotActivated:
      'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
  },
  signupActivation: {
    invalid: 'This activation link is invalid. Please contact your administrator.',
    expired: 'This activation link has expired. Please contact your administrator.',
    processed: 'This activation request has already been processed. Please contact your administrator.',
  },
  fetch: {
    unsupportedAction: 'Unsupported fetch action type',
    missingTotal: 'The numberOfElements property must be present in the Json response',
    missingContentRange: 'The Content-Range header is missing from the response',
    missingParameter: 'A required parameter of the call is missing',
  },
  ldap: {
    mandatoryFields: 'Please input all mandatory fields before testing the connection',
    connected: 'Connection is successful!',
    connectionFailed: "Can't connect to LDAP server!",
  },
  radius: { ipExisted: 'There is one existing connector with this IP already. Please check your IP again!' },
  saml2: { nameExisted: 'SAML2 connector name already existed' },
  tokenPack: {
    serviceInstanceOnePack: 'Service instance must belong to one token pack',
    nameInvalid: 'Name is invalid',
    nameRequired: 'Name is required',
  },
  supportFeatures: { failed: 'Error: Get Support Service Features Failed' },
  billing: {
    freePlanSubscribed: 'You already subscribed to the Free Plan',
    order: {
      minNumberOfUser: 'Minimum %{minUser} users required',
      lessThanCurrentNumberOfUser:
        'Only support to change the value greater than current subscription users. Current users is %{currUser}.',
    },
  },
};

export const en = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: 'Sign Out', sign_in: 'Sign In' },
  },
  portal,
  error,
};

export type Catalogue = typeof en;
