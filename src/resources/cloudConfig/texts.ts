/** Cloud authentication server settings (`/vos-cloud-config`): exactly one is ACTIVE. */
export const cloudConfig = {
  name: 'Cloud Authentication Server |||| Cloud Authentication Servers',
  fields: {
    q: 'Search',
    cloudUrl: 'Cloud URL',
    companyId: 'Company ID',
    companyPassword: 'Company password',
    companyPasswordSet: 'Company password',
    newCompanyPassword: 'New company password',
    httpAuthMode: 'HTTP authentication mode',
    pushPassType: 'Push pass type',
    notifyMessageFlag: 'Notify message flag',
    messageFlag: 'Message flag',
    callbackUrl: 'Callback URL',
    certificate: 'Certificate',
    gatewayUrl: 'Gateway URL',
    provisioningUrl: 'Provisioning URL',
    smartTokenUrl: 'Smart token URL',
    pkiServerUrl: 'PKI server URL',
    status: 'Status',
    createdDate: 'Created',
    modifiedDate: 'Modified',
  },
  sections: {
    connection: 'Connection',
    messages: 'Messages',
    endpoints: 'Endpoints',
  },
  helpers: {
    url: 'An http:// or https:// URL of at most 2048 characters.',
    certificate: 'The PEM certificate, -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    newCompanyPassword: 'Leave empty to keep the stored password.',
  },
  httpAuthModes: {
    DIGEST: 'Digest',
    BASIC: 'Basic',
    CLIENT_CERTIFICATE: 'Client certificate',
  },
  notifyMessageFlags: {
    plain: 'Plain (0)',
    encrypted: 'Encrypted (1)',
  },
  messageFlags: {
    off: '0',
    on: '1',
  },
  password: {
    set: 'Set',
    notSet: 'Not set',
  },
  validation: {
    url: 'Enter an http:// or https:// URL of at most 2048 characters.',
  },
  confirm: {
    activateTitle: 'Activate',
    activate: 'Activate this configuration? The active one becomes inactive.',
  },
  notifications: {
    created: 'Cloud authentication server created',
    updated: 'Cloud authentication server updated',
    activated: 'Configuration activated',
  },
  empty: {
    title: 'No cloud authentication servers yet',
    body: 'Add the cloud authentication server the gateway checks second factors with, then activate it.',
  },
  noMatch: 'No cloud authentication servers match these filters.',
  oidcSigningKey: {
    title: 'OpenID Connect signing key',
    explanation:
      "Every customer's OpenID Connect sign-ins are signed with this key. Rotating it makes a new one; the current key stays published as the previous, so tokens it signed still verify. Applications read the new key by themselves.",
    current: 'Current key',
    previous: 'Previous key',
    keyMade: '%{kid}, made %{date}',
    none: 'None yet',
    rotate: 'Rotate key',
    confirmTitle: 'Rotate the signing key?',
    confirm:
      'A new key signs from now on (every instance within %{seconds} seconds). Tokens signed with the key before the current one will no longer verify.',
    rotated: 'Signing key rotated',
  },
};
