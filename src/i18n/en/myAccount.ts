/**
 * My Account's texts (portal.myAccount): its profile tab and what its tabs share; and the page an
 * installer works from (/ad-config), which came with them.
 * Translators: edit the strings, keep the keys and %{placeholders}.
 */
export const myAccount = {
  title: 'My Account',
  backToDashboard: 'Back to dashboard',
  profile: {
    title: 'Profile',
    loadFailed: 'Your profile could not be loaded.',
    saved: 'Your profile has been saved.',
    emailHelper: 'The address you sign in with. It cannot be changed here.',
    phoneHelper: 'In international format: + and the country code, then the number (+84 90 123 45 67).',
    avatar: {
      choose: 'Upload a picture',
      remove: 'Remove the picture',
      preview: 'Your avatar',
      url: 'Or the address of a picture',
      uploaded: 'The picture you uploaded.',
      notImage: 'This file is not a picture. Choose a PNG, JPEG, GIF or WebP image.',
      tooLarge: 'This picture is too large. Choose one of at most %{size} KB.',
    },
    recoveryEmail: {
      title: 'Recovery email',
      label: 'Recovery email',
      helper:
        'A personal address where you can receive a password reset link if you lose access to the mailbox you sign in with.',
      verified: 'Verified',
      waiting: 'Waiting for verification: open the link we sent to %{email}.',
      willSend: 'When you save, we send a verification link to this address.',
      willRemove: 'When you save, your recovery email is removed.',
    },
  },
  gatewayConfiguration: {
    title: 'Gateway configuration for installers',
    intro:
      'What an installer enters on the other side of each connection of %{name}: in the VPN, the firewall or the application. Open a connector to change it.',
    providerScope:
      "This page shows a customer's gateway configuration. Open a customer first: choose Manage beside it in the customer list.",
    toCustomers: 'Go to customers',
    portal: 'Portal',
    portalAddress: 'Portal address',
    radiusClientIp: 'Client IP address',
    spEntityId: "Service provider's entity ID",
    idpEntityId: "Gateway's entity ID (issuer)",
    notSet: 'Not set',
    edit: 'Edit',
    editOf: 'Edit %{name}',
    create: {
      ldap: 'Add a directory',
      radius: 'Add a RADIUS connector',
      saml2: 'Add a SAML 2.0 connector',
      oidc: 'Add an OIDC client',
    },
    more: 'And %{smart_count} more: see the whole list |||| And %{smart_count} more: see the whole list',
    loadFailed: 'This list could not be loaded.',
    secrets:
      'Shared secrets and client secrets are never shown here: they are shown once, when they are made, on the connector’s page.',
  },
};
