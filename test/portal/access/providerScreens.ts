/** The provider's own screens (resources), which a customer's scope never shows, whatever the permissions. */
export const PROVIDER_SCREENS = [
  'customer',
  'service-template',
  'asset',
  'role',
  'vos-cloud-config',
  'saml-settings',
];
