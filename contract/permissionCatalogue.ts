// Made by `npm run registry` (scripts/registry.ts) from the contracts' permissions (definePermissions): edit those, not this file.
import type { PermissionEntry } from './kit.ts';

/** Every permission resource, by name: its scope, its actions and its permission asset (contract/permissions.ts reads it). */
export const CATALOGUE = {
  account: {
    scope: 'both',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: {
      name: 'Administrator Accounts',
      description: 'Administrator accounts of the provider or a customer',
    },
  },
  account_role: {
    scope: 'both',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Account Roles', description: 'Which roles each administrator account holds' },
  },
  asset: {
    scope: 'provider',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: {
      name: 'Permission Assets',
      description: 'Resources and the actions roles may be granted on them',
    },
  },
  audit: {
    scope: 'both',
    actions: ['view'],
    asset: { name: 'Audit Log', description: 'Who changed what, when, for the provider or a customer' },
  },
  customer: {
    scope: 'provider',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Customers', description: 'Customer companies of the provider' },
  },
  directories: {
    scope: 'customer',
    actions: ['view', 'modify', 'create', 'delete', 'configure'],
    asset: { name: 'Directories', description: 'LDAP, Azure and REST user directories of a customer' },
  },
  radius: {
    scope: 'customer',
    actions: ['view', 'modify', 'create', 'delete', 'configure'],
    asset: { name: 'RADIUS Connectors', description: 'RADIUS connectors of a customer' },
  },
  role: {
    scope: 'provider',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Roles', description: 'Roles and the permissions they grant' },
  },
  saml: {
    scope: 'customer',
    actions: ['view', 'modify', 'create', 'delete', 'configure'],
    asset: {
      name: 'SAML, OIDC and HTTPS Connectors',
      description: 'SAML2, OIDC and HTTPS connectors of a customer',
    },
  },
  'saml-configuration': {
    scope: 'provider',
    actions: ['view', 'modify', 'configure'],
    asset: { name: 'SAML Settings', description: 'Provider-wide SAML settings' },
  },
  service_instance: {
    scope: 'customer',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Service Instances', description: 'Services a customer has launched from a template' },
  },
  service_template: {
    scope: 'provider',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Service Templates', description: 'Templates customers launch services from' },
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
  theme: {
    scope: 'customer',
    actions: ['view', 'create', 'modify', 'configure'],
    asset: { name: 'Themes', description: 'Mobile app themes of a customer' },
  },
  'token-pack': {
    scope: 'customer',
    actions: ['view', 'modify', 'create', 'delete', 'configure'],
    asset: { name: 'Token Packs', description: 'Token packs, their services and trusted networks' },
  },
  translations: {
    scope: 'both',
    actions: ['view', 'modify'],
    asset: {
      name: 'Translations',
      description:
        "The portal's messages in each language: the provider's overrides for everyone, a customer's for its own accounts",
    },
  },
  'user-management': {
    scope: 'customer',
    actions: ['view', 'modify', 'create', 'delete', 'configure'],
    asset: { name: 'User Management', description: 'End users of a customer' },
  },
  'vos-cloud-configuration': {
    scope: 'provider',
    actions: ['view', 'create', 'modify'],
    asset: { name: 'Cloud Configuration', description: 'Cloud authentication server settings' },
  },
} as const satisfies Record<string, PermissionEntry>;
