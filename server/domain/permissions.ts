/** The permission catalogue of spec section 6: every resource, the actions it knows, and its scope. */

export const ACTIONS = ['view', 'modify', 'create', 'delete', 'configure'] as const;
export type Action = (typeof ACTIONS)[number];

/** 'provider': only the provider's roles; 'customer': a customer's roles; 'both': either. */
export type ResourceScope = 'provider' | 'customer' | 'both';

export interface PermissionResource {
  name: string;
  scope: ResourceScope;
  actions: readonly Action[];
  /** The permission asset shown to operators. */
  asset: { name: string; description: string };
}

const ALL: readonly Action[] = ['view', 'modify', 'create', 'delete', 'configure'];
const NO_DELETE: readonly Action[] = ['view', 'create', 'modify', 'configure'];

export const PERMISSION_RESOURCES: readonly PermissionResource[] = [
  {
    name: 'directories',
    scope: 'customer',
    actions: ALL,
    asset: { name: 'Directories', description: 'LDAP, Azure and REST user directories of a customer' },
  },
  {
    name: 'service_instance',
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Service Instances', description: 'Services a customer has launched from a template' },
  },
  {
    name: 'token-pack',
    scope: 'customer',
    actions: ALL,
    asset: { name: 'Token Packs', description: 'Token packs, their services and trusted networks' },
  },
  {
    name: 'theme',
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Themes', description: 'Mobile app themes of a customer' },
  },
  {
    name: 'user-management',
    scope: 'customer',
    actions: ALL,
    asset: { name: 'User Management', description: 'End users of a customer' },
  },
  {
    name: 'customer',
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Customers', description: 'Customer companies of the provider' },
  },
  {
    name: 'service_template',
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Service Templates', description: 'Templates customers launch services from' },
  },
  {
    name: 'asset',
    scope: 'provider',
    actions: NO_DELETE,
    asset: {
      name: 'Permission Assets',
      description: 'Resources and the actions roles may be granted on them',
    },
  },
  {
    name: 'role',
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Roles', description: 'Roles and the permissions they grant' },
  },
  {
    name: 'account',
    scope: 'both',
    actions: NO_DELETE,
    asset: {
      name: 'Administrator Accounts',
      description: 'Administrator accounts of the provider or a customer',
    },
  },
  {
    name: 'account_role',
    scope: 'both',
    actions: NO_DELETE,
    asset: { name: 'Account Roles', description: 'Which roles each administrator account holds' },
  },
  {
    name: 'vos-cloud-configuration',
    scope: 'provider',
    actions: ['view', 'create', 'modify'],
    asset: { name: 'Cloud Configuration', description: 'Cloud authentication server settings' },
  },
  {
    name: 'radius',
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'RADIUS Connectors', description: 'RADIUS connectors of a customer' },
  },
  {
    name: 'saml',
    scope: 'customer',
    actions: NO_DELETE,
    asset: {
      name: 'SAML, OIDC and HTTPS Connectors',
      description: 'SAML2, OIDC and HTTPS connectors of a customer',
    },
  },
  {
    name: 'soft-token',
    scope: 'customer',
    actions: ['view', 'create'],
    asset: { name: 'Soft Tokens', description: 'Soft tokens of a customer' },
  },
  {
    name: 'subscription',
    scope: 'customer',
    actions: ['view', 'configure'],
    asset: { name: 'Subscriptions', description: 'Subscription plans of a customer' },
  },
  {
    name: 'saml-configuration',
    scope: 'provider',
    actions: ['view', 'modify', 'configure'],
    asset: { name: 'SAML Settings', description: 'Provider-wide SAML settings' },
  },
];

/** Every `resource:action` key of the catalogue. */
export function allPermissionKeys(): string[] {
  return PERMISSION_RESOURCES.flatMap((resource) =>
    resource.actions.map((action) => `${resource.name}:${action}`),
  );
}
