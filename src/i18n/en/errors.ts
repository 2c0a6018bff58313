/** Error catalogue (spec 01 §8, 02 §8). Keys are the server's `messageKey`s. */
export const error = {
  default: {
    internal: {
      server: {
        error: 'The server encountered an internal error and was unable to complete your request',
      },
    },
  },
  network: 'The server cannot be reached. Check your connection and try again.',
  /** A server error (5xx) with its request id, which the server's log lines carry too. */
  withReference: '%{message}. If it happens again, give your administrator this reference: %{requestId}',
  oauth2: {
    invalidClient: 'The client is not registered with the portal.',
    invalidRedirectUri: 'The redirect URI is not registered for this client.',
    stateInUse: 'The state is already used by another authorization request.',
    invalidCode: 'The authorization code is invalid or has expired.',
    authorizeFailed: 'The sign-in service cannot be reached right now. Try again in a moment.',
  },
  customer: {
    notFound: 'Customer not found',
    companyNameExisted: 'A customer with this company name already exists.',
  },
  asset: { notFound: 'Permission asset not found' },
  permission: {
    noEditorLeft:
      'This change would leave no active operator able to edit permissions. Keep the view and configure actions of Permission Assets on a role of at least one active operator.',
  },
  template: {
    notFound: 'Service template not found',
    unameExisted: 'A service template with this URL name already exists.',
    iconNotFound: 'This service template has no icon.',
  },
  cloudConfig: {
    notFound: 'Cloud configuration not found',
    activeConflict: 'Another configuration was activated at the same time. Reload and try again.',
  },
  record: {
    notFound: 'Some of the selected records were not found.',
    inUse: 'Some of the selected records are still in use and cannot be deleted.',
  },
  upload: {
    tooLarge: 'The file is larger than %{maxBytes} bytes.',
    tooManyParts: 'The request carries more parts than allowed.',
    missingPart: 'The %{part} part is missing.',
    unexpectedPart: 'The %{part} part is not expected here.',
    duplicatePart: 'The %{part} part is sent more than once.',
    unsupportedType: 'Only image files (PNG, JPEG, GIF, WebP, SVG) can be uploaded.',
  },
  seamless: {
    invalidRealm: 'The realm does not match the client.',
    tooMany: 'Too many QR sign-in requests. Please wait a minute and try again.',
    notFound: 'The QR sign-in session was not found.',
    alreadyDecided: 'The authentication request has already been answered.',
    invalidSignature: 'The QR sign-in session could not be verified.',
    notApproved: 'The authentication request has not been approved yet.',
    alreadyUsed: 'The authentication request has already been used.',
  },
  route: { notFound: 'No API call matches %{method} %{path}.' },
  rateLimit: {
    exceeded:
      'Too many requests from your network. Try again in %{smart_count} second. |||| Too many requests from your network. Try again in %{smart_count} seconds.',
  },
  validation: {
    invalid: "The field '%{field}' %{reason}.",
    invalidText:
      "The field '%{field}' contains a character that is not allowed (NUL or an unpaired surrogate).",
  },
  request: {
    invalidJson: 'The request body is not valid JSON.',
    bodyTooLarge: 'The request body is too large.',
    unsupportedMediaType: 'The request body must be sent as %{mediaType}.',
    invalid: 'The request could not be understood.',
  },
  action: { notallow: 'Action does not allow.' },
  email: {
    existed: 'Email already existed',
    invalid: 'Invalid Email',
  },
  auth: {
    unauthorized: 'Your session has ended. Please sign in again.',
    tooManyAttempts:
      'Too many failed sign-in attempts. Try again in %{smart_count} second, or sign in with the QR code. |||| Too many failed sign-in attempts. Try again in %{smart_count} seconds, or sign in with the QR code.',
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
    rolesDuplicated: 'Selected roles are duplicated',
    roleScope: 'The selected roles cannot be given to this account.',
    selfDeactivate: 'You cannot deactivate your own account.',
  },
  role: {
    nameExisted: 'Role name already existed.',
    builtIn: 'This role is part of the product and cannot be deleted.',
    notFound: 'Role not found',
  },
  password: {
    policy:
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
    confirmMismatch: 'Password and Confirm New Password does not match',
    sameAsOld: 'The new password must be different from the old password.',
    tooManyChecks:
      'Too many attempts to change the password. Try again in %{smart_count} second. |||| Too many attempts to change the password. Try again in %{smart_count} seconds.',
  },
  secondFactor: {
    timeout: 'The authentication request has been expired, please try again!',
    rejected: 'The authentication request has been rejected.',
    oidcFailed: 'Authentication failed.',
    notFound: 'This sign-in request does not exist. Sign in again.',
    pending: 'Approve the sign-in in the V-Key app, or enter the code it shows.',
    wrongCode: 'This is not the code the V-Key app shows. Enter its current code.',
    locked: 'Too many wrong codes: the V-Key app cannot be used to sign in for 15 minutes.',
  },
  user: {
    notFound: 'User not found',
    noPinToSend:
      "The V-Key app keeps its PIN on the user's phone, where the user sets it: the gateway has no PIN to send. A user who forgot it activates the app again with a new activation code.",
    noFaceToReset:
      "The V-Key app keeps the enrolled face on the user's phone: the gateway holds none to reset. A user whose face is no longer recognised activates the app again with a new activation code.",
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
  directory: {
    notFound: 'Directory not found',
    nameExisted: 'A directory with this name already exists.',
    mandatoryFields: 'Please input all mandatory fields before testing the connection',
    missingField: "The field '%{field}' is required for a %{type} directory.",
    typeChanged: 'The type of a directory cannot be changed. Add a new directory of the other type instead.',
    syncRunning: 'This directory is being synchronised. Wait until it has finished.',
    notAzure: 'This directory is not an Azure AD directory.',
    passwordElsewhere: 'The password of this user is kept by its %{type} directory: change it there.',
    passwordRefused:
      "The directory does not let the configured account change passwords. Ask the directory's administrator for that right, or change the password in the directory.",
    unreachable: "Can't connect to LDAP server! %{detail}",
    syncFailed: 'The users could not be read from the directory. %{detail}',
  },
  csv: {
    unreadable: 'The file could not be read as CSV text: %{detail} Nothing was imported.',
    header:
      'The first line must name the columns, starting with username (known columns: username, email, displayName, mobilePhone, status). Nothing was imported.',
    tooLarge: 'The file is larger than %{maxBytes} bytes. Split it and upload the parts one after the other.',
    tooManyRows: 'The file has more than %{maxRows} rows. Split it and upload the parts one after the other.',
  },
  radius: {
    notFound: 'RADIUS connector not found',
    ipExisted: 'There is one existing connector with this IP already. Please check your IP again!',
  },
  saml2: {
    notFound: 'SAML 2.0 connector not found',
    nameExisted: 'SAML2 connector name already existed',
    certificate:
      'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    unknownType: 'There are no defaults for this kind of service provider.',
  },
  saml: {
    notFound: 'SAML connector not found',
    certificate:
      'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
  },
  oidc: { notFound: 'OIDC client not found' },
  https: { notFound: 'HTTPS connector not found' },
  mail: { notFound: 'Message not found' },
  tokenPack: {
    notFound: 'Token pack not found. The user is in no token pack yet.',
    serviceInstanceOnePack: 'Service instance must belong to one token pack',
    nameInvalid: 'Name is invalid',
    nameRequired: 'Name is required',
    hasServices: 'This token pack has services: delete them or move them to another token pack first.',
    directoryNotFound: 'This directory does not exist.',
    imageNotFound: 'This token pack has no such image.',
  },
  whiteListIp: {
    notFound: 'Trusted network not found',
    invalid: 'Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.',
    duplicate: 'This network is already trusted for this token pack.',
    tooMany: 'A token pack trusts at most %{max} networks.',
  },
  theme: {
    notFound: 'Theme not found',
    locked:
      'This theme is assigned to a token pack and cannot be edited until another theme replaces it there.',
    inUse:
      'This theme is assigned to a token pack: assign another theme to the token pack before deleting it.',
    rejected: 'This theme was rejected by the provider: change it before assigning it to a token pack.',
    imageType: 'Upload a PNG, JPEG, SVG, WebP or GIF image.',
    imageUnsafe: 'This SVG image carries scripts or event handlers: remove them, or upload a PNG.',
    imageTooLarge: 'The image is larger than 1 MB: upload a smaller one.',
    imageUnknown: 'An image of the theme was not uploaded for this customer.',
    imageNotFound: 'Image not found',
  },
  report: {
    range: 'The reporting range must end after it starts and span at most 366 days.',
    dashboardUnknown: 'There is no such dashboard.',
    panelUnknown: 'This dashboard has no such panel.',
  },
  activationCode: {
    notFound: 'This activation code does not exist.',
    used: 'This activation code has been used already.',
    expired: 'This activation code has expired. Ask your administrator for a new one.',
    replaced: 'This activation code was replaced by a newer one. Use the newest code you received.',
    noDirectory: "Choose the token pack's primary directory first: its users get the codes.",
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
  },
  otp: {
    serviceNotFound: 'This service does not exist in this token pack.',
    noDirectory:
      "Choose the primary directory of the service's token pack first: its users get the OTP codes.",
    apiKey: "Name the service with its HTTPS connector's API key in the X-Api-Key header.",
    locked: 'Too many wrong codes: this user cannot sign in with a code for 15 minutes.',
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
  },
  supportFeatures: { failed: 'Error: Get Support Service Features Failed' },
  card: {
    notFound: 'Card not found',
    invalidToken: 'The card could not be read. Enter it again.',
    duplicate: 'This card is already saved.',
    oneSource: 'Choose one card to pay with: a saved card or a new one.',
    declined: 'The card was declined (%{reason}). Use another card or contact your bank.',
    notPayable: 'Orders of the %{plan} plan are not paid by card.',
    alreadyPaid: 'This order is already paid.',
    providerUnavailable:
      'The card payment provider could not be reached. Nothing was charged; try again in a few minutes.',
    orderNotSubmitted: 'Only a submitted order can be paid; this one is %{status}.',
    invalidNumber: 'The card number is not valid.',
    unsupportedBrand: 'This card brand is not supported.',
    invalidExpiry: 'The expiry date is not valid.',
    expired: 'The card has expired.',
    invalidCvc: 'The security code is not valid: 4 digits for American Express, 3 for other cards.',
    invalidName: 'Enter the name on the card (at most 100 characters).',
  },
  service: {
    notFound: 'Service not found',
    templateNotFound: 'This service template does not exist or is not published.',
    noSubscription: 'You must subscribe at least one TokenPack at Home page.',
    tokenPackNotInSubscription: 'This token pack does not belong to the chosen subscription.',
    connectorNotFound: 'A chosen connector does not exist: choose it again.',
    connectorTypeNotNeeded: 'This service does not use %{type} connectors.',
    connectorTypeTwice: 'Choose one %{type} connector for a service.',
    cannotCreateConnector:
      'A %{type} connector cannot be made from its name alone: add it on its own page first.',
    connectorInUse: 'A chosen connector is used by another service. Confirm to move it to this service.',
    installerNotReady: 'The installer profile needs a started service with an HTTPS connector.',
    wizardBackwards: 'The setup wizard moves forward only: NEW, TOUCHED, then COMPLETED.',
    userNotFound: 'A chosen user does not exist.',
  },
  billing: {
    tierNotFound: 'This plan does not exist.',
    periodNotFound: 'This billing period does not exist for the chosen plan.',
    subscriptionNotFound: 'Subscription not found',
    orderNotFound: 'Order not found',
    orderNotSubmitted: 'Only a submitted order can be cancelled or approved; this one is %{status}.',
    notHigherPlan: 'Choose a plan above the current one to upgrade.',
    extendOtherTier: 'An extension keeps the plan of the subscription; to change the plan, upgrade it.',
    removeUsers:
      'Choose %{count} users to remove: the new number of users is below the %{active} active users.',
    subscriptionNotActive: 'This subscription is not active.',
    freePlanSubscribed: 'You already subscribed to the Free Plan',
    order: {
      minNumberOfUser: 'Minimum %{minUser} users required',
      lessThanCurrentNumberOfUser:
        'Only support to change the value greater than current subscription users. Current users is %{currUser}.',
    },
  },
};
