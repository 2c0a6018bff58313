// Made by `npm run registry` (scripts/registry.ts) from the contracts' errors (defineErrors): edit those, not this file.

/**
 * The English texts of the errors: the server's answers (their keys are its messageKey values) and the
 * portal's own. Each text is written once, in its contract; translators translate this file's values.
 */
export const error = {
  account: {
    idNotFound: 'Account ID not found',
    idRequired: 'Account ID is required',
    inactive: 'Account is inactive',
    invalidCredential: 'Invalid Account Credential',
    invalidResetToken: 'Invalid Reset Token',
    ldapExisted: 'LDAP account already exists',
    notActive: 'Account is not active',
    notFound: 'Account with the email not found',
    oldPasswordIncorrect: 'Old Password is Incorrect',
    ouRequired: 'ou is required for LDAP',
    passwordChangeRequired: 'Change your password before you continue.',
    passwordRequired: 'Password is required',
    roleRequired: 'Account Role is required',
    roleScope: 'The selected roles cannot be given to this account.',
    rolesDuplicated: 'Selected roles are duplicated',
    rootCustomerNotFound: 'Root Account Customer not found',
    selfDeactivate: 'You cannot deactivate your own account.',
    tooManyCreated:
      'Too many accounts created in a short time. Try again in %{smart_count} second. |||| Too many accounts created in a short time. Try again in %{smart_count} seconds.',
  },
  action: { notallow: 'Action does not allow.' },
  activationCode: {
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
    expired: 'This activation code has expired. Ask your administrator for a new one.',
    noDirectory: "Choose the token pack's primary directory first: its users get the codes.",
    notFound: 'This activation code does not exist.',
    replaced: 'This activation code was replaced by a newer one. Use the newest code you received.',
    used: 'This activation code has been used already.',
  },
  asset: { notFound: 'Permission asset not found' },
  auth: {
    tooManyAttempts:
      'Too many failed sign-in attempts. Try again in %{smart_count} second, or sign in with the QR code. |||| Too many failed sign-in attempts. Try again in %{smart_count} seconds, or sign in with the QR code.',
    unauthorized: 'Your session has ended. Please sign in again.',
  },
  billing: {
    extendOtherTier: 'An extension keeps the plan of the subscription; to change the plan, upgrade it.',
    freePlanSubscribed: 'You already subscribed to the Free Plan',
    notHigherPlan: 'Choose a plan above the current one to upgrade.',
    order: {
      lessThanCurrentNumberOfUser:
        'Only support to change the value greater than current subscription users. Current users is %{currUser}.',
      minNumberOfUser: 'Minimum %{minUser} users required',
    },
    orderNotFound: 'Order not found',
    orderNotSubmitted: 'Only a submitted order can be cancelled or approved; this one is %{status}.',
    periodNotFound: 'This billing period does not exist for the chosen plan.',
    removeUsers:
      'Choose %{count} users to remove: the new number of users is below the %{active} active users.',
    subscriptionNotActive: 'This subscription is not active.',
    subscriptionNotFound: 'Subscription not found',
    tierNotFound: 'This plan does not exist.',
  },
  bulk: { jobNotFound: 'This bulk action was not found. It may have been started by someone else.' },
  card: {
    alreadyPaid: 'This order is already paid.',
    authenticationRequired:
      'Your bank asks to confirm this payment, which cannot be done here. Use another card or contact your bank.',
    declined: 'Your card was declined. Use another card or contact your bank.',
    duplicate: 'This card is already saved.',
    expired: 'The card has expired.',
    expiredCard: 'Your card has expired. Use another card.',
    incorrectCvc: "Your card's security code is incorrect.",
    insufficientFunds: 'Your card has insufficient funds. Use another card or contact your bank.',
    invalidCvc: 'The security code is not valid: 4 digits for American Express, 3 for other cards.',
    invalidExpiry: 'The expiry date is not valid.',
    invalidName: 'Enter the name on the card (at most 100 characters).',
    invalidNumber: 'The card number is not valid.',
    invalidToken: 'The card could not be read. Enter it again.',
    notFound: 'Card not found',
    notPayable: 'Orders of the %{plan} plan are not paid by card.',
    oneSource: 'Choose one card to pay with: a saved card or a new one.',
    orderNotSubmitted: 'Only a submitted order can be paid; this one is %{status}.',
    processingError:
      'An error occurred while processing your card. Nothing was charged; try again in a few minutes.',
    providerUnavailable:
      'The card payment provider could not be reached. Nothing was charged; try again in a few minutes.',
    unsupportedBrand: 'This card brand is not supported.',
  },
  cloudConfig: {
    activeConflict: 'Another configuration was activated at the same time. Reload and try again.',
    notFound: 'Cloud configuration not found',
  },
  csv: {
    header:
      'The first line must name the columns, one of them the username (such as username, email, displayName, firstName, lastName, mobilePhone, status), or the columns must be mapped. Nothing was imported.',
    importRunning:
      'A CSV import into this directory is under way. Wait until it has ended (its users appear in the list as they are written), then import again.',
    mapping: 'The column mapping cannot be used: %{detail} Nothing was imported.',
    mobilePhoneInvalid:
      "the mobile phone '%{mobilePhone}' is not a phone number in international format: + and the country code, then the number (+84 90 123 45 67).",
    notHybrid:
      'This directory is not hybrid: each synchronisation deactivates the users it does not list, so imported users would be deactivated. Turn Hybrid on in its settings, or import the users into a hybrid directory. Nothing was imported.',
    tooLarge: 'The file is larger than %{maxBytes} bytes. Split it and upload the parts one after the other.',
    tooManyRows: 'The file has more than %{maxRows} rows. Split it and upload the parts one after the other.',
    unreadable: 'The file could not be read as CSV text: %{detail} Nothing was imported.',
    usernameFormula:
      "the username '%{username}' begins with %{character}, which a spreadsheet reads as a formula: a username may not begin with =, +, - or @.",
    usernamePath: "the username '%{username}' holds %{sequence}: a username may not hold ../ or ..\\.",
  },
  customer: {
    companyNameExisted: 'A customer with this company name already exists.',
    notFound: 'Customer not found',
  },
  default: {
    internal: {
      server: { error: 'The server encountered an internal error and was unable to complete your request' },
    },
  },
  directory: {
    mandatoryFields: 'Please input all mandatory fields before testing the connection',
    missingField: "The field '%{field}' is required for a %{type} directory.",
    nameExisted: 'A directory with this name already exists.',
    notAzure: 'This directory is not an Azure AD directory.',
    notFound: 'Directory not found',
    passwordElsewhere: 'The password of this user is kept by its %{type} directory: change it there.',
    passwordRefused:
      "The directory does not let the configured account change passwords. Ask the directory's administrator for that right, or change the password in the directory.",
    syncFailed: 'The users could not be read from the directory. %{detail}',
    syncRunning: 'This directory is being synchronised. Wait until it has finished.',
    typeChanged: 'The type of a directory cannot be changed. Add a new directory of the other type instead.',
    unreachable: "Can't connect to LDAP server! %{detail}",
  },
  email: { existed: 'Email already existed', invalid: 'Invalid Email' },
  fetch: {
    missingContentRange: 'The Content-Range header is missing from the response',
    missingParameter: 'A required parameter of the call is missing',
    missingTotal: 'The numberOfElements property must be present in the Json response',
    unsupportedAction: 'Unsupported fetch action type',
  },
  gateway: {
    locked: 'Too many wrong codes: try again in 15 minutes.',
    nothingWaiting: 'No sign-in is waiting for your approval.',
    wrongCode: 'The code is not right. Check the time on your phone and try again.',
  },
  host: {
    notAllowed:
      'This server does not answer to the name %{host}. Its administrator lists the names it answers to in ALLOWED_HOSTS.',
  },
  https: {
    nameExisted: 'There is already an HTTPS connector with this name. Choose another name.',
    notFound: 'HTTPS connector not found',
  },
  ldap: {
    connected: 'Connection is successful!',
    connectionFailed: "Can't connect to LDAP server!",
    mandatoryFields: 'Please input all mandatory fields before testing the connection',
  },
  mail: { notFound: 'Message not found' },
  network: 'The server cannot be reached. Check your connection and try again.',
  oauth2: {
    authorizeFailed: 'The sign-in service cannot be reached right now. Try again in a moment.',
    invalidClient: 'The client is not registered with the portal.',
    invalidCode: 'The authorization code is invalid or has expired.',
    invalidRedirectUri: 'The redirect URI is not registered for this client.',
    stateInUse: 'The state is already used by another authorization request.',
  },
  oidc: { notFound: 'OIDC client not found' },
  otp: {
    apiKey: "Name the service with its HTTPS connector's API key in the X-Api-Key header.",
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
    locked: 'Too many wrong codes: this user cannot sign in with a code for 15 minutes.',
    noDirectory:
      "Choose the primary directory of the service's token pack first: its users get the OTP codes.",
    serviceNotFound: 'This service does not exist in this token pack.',
  },
  password: {
    common: 'This password is one of the most common passwords. Choose one that is harder to guess.',
    confirmMismatch: 'Password and Confirm New Password does not match',
    containsEmail: 'Password must not contain the part of the email address before the @.',
    policy:
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
    reused: 'The new password must be different from your last %{count} passwords.',
    sameAsOld: 'The new password must be different from the old password.',
    tooLong: 'Password must be at most %{maxLength} characters.',
    tooManyChecks:
      'Too many attempts to change the password. Try again in %{smart_count} second. |||| Too many attempts to change the password. Try again in %{smart_count} seconds.',
  },
  permission: {
    noEditorLeft:
      'This change would leave no active operator able to edit permissions. Keep the view and configure actions of Permission Assets on a role of at least one active operator.',
  },
  phone: {
    invalid:
      'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).',
  },
  radius: {
    ipExisted: 'There is one existing connector with this IP already. Please check your IP again!',
    ipHeldBy:
      "There is one existing connector with this IP already. Please check your IP again! It is the connector '%{name}'.",
    notFound: 'RADIUS connector not found',
  },
  rateLimit: {
    exceeded:
      'Too many requests from your network. Try again in %{smart_count} second. |||| Too many requests from your network. Try again in %{smart_count} seconds.',
  },
  record: {
    inUse: 'Some of the selected records are still in use and cannot be deleted.',
    notFound: 'Some of the selected records were not found.',
  },
  recoveryEmail: {
    expired:
      'This verification link has expired. Set your recovery email again in My Account to get a new one.',
    invalidLink:
      'This verification link is invalid. Set your recovery email again in My Account to get a new one.',
    sameAsEmail: 'The recovery email must be another address than the one you sign in with.',
    used: 'This verification link has already been used.',
  },
  report: {
    dashboardUnknown: 'There is no such dashboard.',
    panelUnknown: 'This dashboard has no such panel.',
    range: 'The reporting range must end after it starts and span at most 366 days.',
  },
  request: {
    bodyTooLarge: 'The request body is too large.',
    invalid: 'The request could not be understood.',
    invalidJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'The request body must be sent as %{mediaType}.',
  },
  resetToken: {
    expired: 'This reset link has expired. Ask for a new one on the Forgot password page.',
    used: 'This reset link has already been used. Ask for a new one on the Forgot password page if you still need it.',
  },
  role: {
    builtIn: 'This role is part of the product and cannot be deleted.',
    nameExisted: 'Role name already existed.',
    notFound: 'Role not found',
  },
  route: { notFound: 'No API call matches %{method} %{path}.' },
  saml: {
    certificate:
      'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    notFound: 'SAML connector not found',
  },
  saml2: {
    certificate:
      'The certificate is not a PEM X.509 certificate. Paste the whole certificate, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    nameExisted: 'SAML2 connector name already existed',
    notFound: 'SAML 2.0 connector not found',
    unknownType: 'There are no defaults for this kind of service provider.',
  },
  seamless: {
    alreadyDecided: 'The authentication request has already been answered.',
    alreadyUsed: 'The authentication request has already been used.',
    invalidRealm: 'The realm does not match the client.',
    invalidSignature: 'The QR sign-in session could not be verified.',
    notApproved: 'The authentication request has not been approved yet.',
    notFound: 'The QR sign-in session was not found.',
    tooMany: 'Too many QR sign-in requests. Please wait a minute and try again.',
  },
  secondFactor: {
    locked: 'Too many wrong codes: the V-Key app cannot be used to sign in for 15 minutes.',
    notFound: 'This sign-in request does not exist. Sign in again.',
    oidcFailed: 'Authentication failed.',
    pending: 'Approve the sign-in in the V-Key app, or enter the code it shows.',
    rejected: 'The authentication request has been rejected.',
    timeout: 'The authentication request has been expired, please try again!',
    wrongCode: 'This is not the code the V-Key app shows. Enter its current code.',
  },
  service: {
    cannotCreateConnector:
      'A %{type} connector cannot be made from its name alone: add it on its own page first.',
    connectorInUse: 'A chosen connector is used by another service. Confirm to move it to this service.',
    connectorNotFound: 'A chosen connector does not exist: choose it again.',
    connectorTypeNotNeeded: 'This service does not use %{type} connectors.',
    connectorTypeTwice: 'Choose one %{type} connector for a service.',
    installerNotReady: 'The installer profile needs a started service with an HTTPS connector.',
    noSubscription: 'You must subscribe at least one TokenPack at Home page.',
    notFound: 'Service not found',
    templateNotFound: 'This service template does not exist or is not published.',
    tokenPackNotInSubscription: 'This token pack does not belong to the chosen subscription.',
    userNotFound: 'A chosen user does not exist.',
    wizardBackwards: 'The setup wizard moves forward only: NEW, TOUCHED, then COMPLETED.',
  },
  session: {
    atItsEnd:
      'This session has lasted as long as a session may since its sign-in: sign in again with your password.',
  },
  signup: {
    agreementRequired: 'Please agree to the terms of use and the privacy policy.',
    confirmMismatch: 'Password and confirm password do not match.',
    tooMany:
      'Too many requests of this kind from your network or for this email. Try again in %{smart_count} second. |||| Too many requests of this kind from your network or for this email. Try again in %{smart_count} seconds.',
  },
  signupActivation: {
    expired: 'This activation link has expired. Please contact your administrator.',
    invalid: 'This activation link is invalid. Please contact your administrator.',
    processed: 'This activation request has already been processed. Please contact your administrator.',
  },
  supportFeatures: { failed: 'Error: Get Support Service Features Failed' },
  template: {
    iconNotFound: 'This service template has no icon.',
    notFound: 'Service template not found',
    unameExisted: 'A service template with this URL name already exists.',
  },
  theme: {
    imageNotFound: 'Image not found',
    imageTooLarge: 'The image is larger than 1 MB: upload a smaller one.',
    imageType: 'Upload a PNG, JPEG, SVG, WebP or GIF image.',
    imageUnknown: 'An image of the theme was not uploaded for this customer.',
    imageUnsafe: 'This SVG image carries scripts or event handlers: remove them, or upload a PNG.',
    inUse:
      'This theme is assigned to a token pack: assign another theme to the token pack before deleting it.',
    locked:
      'This theme is assigned to a token pack and cannot be edited until another theme replaces it there.',
    notFound: 'Theme not found',
    rejected: 'This theme was rejected by the provider: change it before assigning it to a token pack.',
  },
  tokenPack: {
    directoryNotFound: 'This directory does not exist.',
    hasServices: 'This token pack has services: delete them or move them to another token pack first.',
    imageNotFound: 'This token pack has no such image.',
    nameInvalid: 'Name is invalid',
    nameRequired: 'Name is required',
    notFound: 'Token pack not found. The user is in no token pack yet.',
    serviceInstanceOnePack: 'Service instance must belong to one token pack',
  },
  translation: {
    keyNotFound: 'There is no message with this key in the catalogue.',
    localeNotFound: 'The portal has no catalogue in this language.',
    placeholders: 'The text must keep the placeholders of the message: %{placeholders}.',
    pluralForms:
      'In this language the message has %{smart_count} form: write one text, without vertical bars. |||| In this language the message has %{smart_count} forms: for a count of 1, then for any other count, separated by four vertical bars.',
  },
  upload: {
    duplicatePart: 'The %{part} part is sent more than once.',
    missingPart: 'The %{part} part is missing.',
    tooLarge: 'The file is larger than %{maxBytes} bytes.',
    tooManyParts: 'The request carries more parts than allowed.',
    unexpectedPart: 'The %{part} part is not expected here.',
    unsafeSvg:
      'This SVG image holds scripts, event handlers or links to other files: save it as plain shapes and text, or upload a PNG.',
    unsupportedType: 'Only image files (PNG, JPEG, GIF, WebP, SVG) can be uploaded.',
  },
  user: {
    appNotActivated:
      'You have not activated account on V-Key app yet. Please download and activate V-Key app before turning on this feature.',
    noFaceToReset:
      "The V-Key app keeps the enrolled face on the user's phone: the gateway holds none to reset. A user whose face is no longer recognised activates the app again with a new activation code.",
    noPinToSend:
      "The V-Key app keeps its PIN on the user's phone, where the user sets it: the gateway has no PIN to send. A user who forgot it activates the app again with a new activation code.",
    notFound: 'User not found',
  },
  validation: {
    invalid: "The field '%{field}' %{reason}.",
    invalidText:
      "The field '%{field}' contains a character that is not allowed (NUL or an unpaired surrogate).",
  },
  whiteListIp: {
    duplicate: 'This network is already trusted for this token pack.',
    invalid: 'Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.',
    notFound: 'Trusted network not found',
    tooMany: 'A token pack trusts at most %{max} networks.',
  },
  withReference: '%{message}. If it happens again, give your administrator this reference: %{requestId}',
};
