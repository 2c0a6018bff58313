/**
 * The permission catalogue of docs/requirements/roles-and-permissions.md: every resource, the actions it knows, and the roles that may hold
 * it. A permission is a typed `resource:action`: a key the catalogue does not have does not compile.
 * Read by the server (seed, guard, permission assets) and by the portal (canAccess).
 */

export const ACTIONS = ['view', 'modify', 'create', 'delete', 'configure'] as const;
export type Action = (typeof ACTIONS)[number];

/** 'provider': only the provider's roles; 'customer': a customer's roles; 'both': either. */
export type ResourceScope = 'provider' | 'customer' | 'both';

const ALL = ['view', 'modify', 'create', 'delete', 'configure'] as const;
const NO_DELETE = ['view', 'create', 'modify', 'configure'] as const;

interface CatalogueEntry {
  readonly scope: ResourceScope;
  readonly actions: readonly Action[];
  /** The permission asset shown to operators. */
  readonly asset: { readonly name: string; readonly description: string };
}

export const CATALOGUE = {
  directories: {
    scope: 'customer',
    actions: ALL,
    asset: { name: 'Directories', description: 'LDAP, Azure and REST user directories of a customer' },
  },
  service_instance: {
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Service Instances', description: 'Services a customer has launched from a template' },
  },
  'token-pack': {
    scope: 'customer',
    actions: ALL,
    asset: { name: 'Token Packs', description: 'Token packs, their services and trusted networks' },
  },
  theme: {
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Themes', description: 'Mobile app themes of a customer' },
  },
  'user-management': {
    scope: 'customer',
    actions: ALL,
    asset: { name: 'User Management', description: 'End users of a customer' },
  },
  customer: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Customers', description: 'Customer companies of the provider' },
  },
  service_template: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Service Templates', description: 'Templates customers launch services from' },
  },
  asset: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: {
      name: 'Permission Assets',
      description: 'Resources and the actions roles may be granted on them',
    },
  },
  role: {
    scope: 'provider',
    actions: NO_DELETE,
    asset: { name: 'Roles', description: 'Roles and the permissions they grant' },
  },
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
  'vos-cloud-configuration': {
    scope: 'provider',
    actions: ['view', 'create', 'modify'],
    asset: { name: 'Cloud Configuration', description: 'Cloud authentication server settings' },
  },
  radius: {
    scope: 'customer',
    actions: ALL,
    asset: { name: 'RADIUS Connectors', description: 'RADIUS connectors of a customer' },
  },
  saml: {
    scope: 'customer',
    actions: ALL,
    asset: {
      name: 'SAML, OIDC and HTTPS Connectors',
      description: 'SAML2, OIDC and HTTPS connectors of a customer',
    },
  },
  'soft-token': {
    scope: 'customer',
    actions: ['view', 'create'],
    asset: { name: 'Soft Tokens', description: 'Soft tokens of a customer' },
  },
  subscription: {
    scope: 'customer',
    actions: ['view', 'configure'],
    asset: { name: 'Subscriptions', description: 'Subscription plans of a customer' },
  },
  'saml-configuration': {
    scope: 'provider',
    actions: ['view', 'modify', 'configure'],
    asset: { name: 'SAML Settings', description: 'Provider-wide SAML settings' },
  },
  audit: {
    scope: 'both',
    actions: ['view'],
    asset: { name: 'Audit Log', description: 'Who changed what, when, for the provider or a customer' },
  },
} as const satisfies Record<string, CatalogueEntry>;

export type PermissionResource = keyof typeof CATALOGUE;

/** The actions the catalogue knows for a resource. */
export type ActionOf<R extends PermissionResource> = (typeof CATALOGUE)[R]['actions'][number];

/** `resource:action`, for the pairs the catalogue has only. */
export type Permission = { [R in PermissionResource]: `${R}:${ActionOf<R>}` }[PermissionResource];

export interface PermissionResourceInfo {
  name: PermissionResource;
  scope: ResourceScope;
  actions: readonly Action[];
  asset: { name: string; description: string };
}

/** The catalogue as a list, in its order. */
export const PERMISSION_RESOURCES: readonly PermissionResourceInfo[] = Object.entries(CATALOGUE).map(
  ([name, entry]) => ({ name: name as PermissionResource, ...entry }),
);

/** Every `resource:action` key of the catalogue. */
export const allPermissionKeys = (): Permission[] =>
  PERMISSION_RESOURCES.flatMap((resource) =>
    resource.actions.map((action) => `${resource.name}:${action}` as Permission),
  );

/** Whether a text is a key of the catalogue. */
export const isPermission = (key: string): key is Permission => {
  const [resource, action, ...rest] = key.split(':');
  if (rest.length > 0 || resource === undefined || action === undefined) return false;
  const entry = (CATALOGUE as Record<string, CatalogueEntry>)[resource];
  return entry !== undefined && (entry.actions as readonly string[]).includes(action);
};
