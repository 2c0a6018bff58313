import { billingCalls } from './billing.ts';
import { cardCalls } from './card.ts';
import { type ActionSpec, definePermissions, type ResourceWire } from './kit.ts';
import type { PermissionResource } from './permissions.ts';
import { selfService } from './selfService.ts';
import { billing } from './session.ts';

/**
 * What the portal's data layer reads beside the served contracts: the wire words of the spec's resources
 * whose server side is still to come (docs/requirements/billing-services-data-calls.md), and the actions a
 * served resource's screens reach through another family's call. Each entry moves into its contract when
 * its issue brings the server side; a new resource never needs an entry here.
 */

const EACH = { by: 'each' } as const;

/** The wire words of resources not served yet, by react-admin resource name. */
export const PENDING_RESOURCES = {
  'otp-config': {
    base: '/idm-config/otp-config',
    customerScoped: true,
    multipartPart: 'json',
    list: { by: 'postSearch', path: '{base}/{customerId}/search' },
    // chosen: the edit screen needs one record
    getOne: { by: 'record', method: 'GET', path: '{base}/{id}' },
    create: { by: 'multipart', method: 'POST', path: '{base}/create' },
    update: { by: 'multipart', method: 'POST', path: '{base}/{id}/update' },
  },
  'soft-token': {
    base: '/idm-vos/{customerId}/soft-token',
    customerScoped: true,
    list: { by: 'pageSearch', path: '{base}' },
    create: { by: 'record', method: 'POST', path: '{base}', body: 'data' },
  },
  ldap_2fa: {
    base: '/idm-ldap/ldap_2fa',
    customerScoped: true,
    list: { by: 'pageSearch', path: '{base}/{customerId}/search' },
    getOne: { by: 'record', method: 'GET', path: '{base}/{customerId}/{id}' },
    // chosen: no details call, one get per id
    getMany: EACH,
    create: { by: 'record', method: 'POST', path: '{base}/{customerId}', body: 'data' },
    update: { by: 'record', method: 'PUT', path: '{base}/{customerId}/{id}', body: 'data' },
    delete: { by: 'record', method: 'DELETE', path: '{base}/{id}' },
    deleteMany: EACH,
    actions: {
      testConnection: {
        by: 'call',
        method: 'POST',
        path: '{base}/{customerId}/test-connection',
        body: 'data',
      },
    },
  },
  user: {
    base: '/user-management/user',
    customerScoped: true,
    list: { by: 'pageSearch', path: '{base}/{customerId}/search' },
    getOne: { by: 'record', method: 'GET', path: '{base}/{customerId}/{id}' },
  },
  'user-details': {
    base: '/user-management/user-details',
    customerScoped: true,
    list: { by: 'pageSearch', path: '{base}/{customerId}/search' },
    getOne: { by: 'record', method: 'GET', path: '{base}/{customerId}/{id}' },
  },
} as const satisfies Record<string, ResourceWire>;

/** Actions of served resources whose server side is still to come, by resource. */
export const PENDING_ACTIONS = {
  'token-pack-v2': {
    // a token pack's activation codes are generated from the activation code list meanwhile
    generate: { by: 'call', method: 'PUT', path: '{base}/generate/{customerId}/{id}' },
  },
  subscription: {
    // cancelling a subscription, with the subscription screens
    cancel: { by: 'call', method: 'POST', path: '{base}/{id}/cancel' },
  },
} as const satisfies Record<string, Record<string, ActionSpec>>;

/** Actions a served resource's screens reach through another family's call, by resource. */
export const BORROWED_ACTIONS = {
  subscription: {
    // What a subscription costs: served by its own call family (contract/billing.ts).
    calculate: { by: 'call', ...billingCalls.calls.calculate, body: 'data' },
    // The customer's feature flags (for example theme) (contract/session.ts).
    supportFeatures: { by: 'call', ...billing.calls.supportFeatures },
  },
  card: {
    // Which card payment processor the server uses (the card form follows it): its own call family.
    provider: { by: 'call', ...cardCalls.calls.provider },
  },
  account: {
    // My Account > Profile reads the signed-in account's own profile (contract/selfService.ts).
    getProfile: { by: 'call', ...selfService.calls.getProfile },
  },
} as const satisfies Record<string, Record<string, ActionSpec>>;

/**
 * The permissions that guard the screens of resources whose server side is still to come
 * (docs/requirements/roles-and-permissions.md); a resource named nowhere uses its own name.
 */
export const PENDING_GUARDS: Readonly<Record<string, PermissionResource | null>> = {
  ldap_2fa: 'directories',
  user: 'user-management',
  'user-details': 'user-management',
  'otp-config': 'soft-token',
};

/** The soft tokens' permission resource, held by roles already: it moves with 'soft-token' into its contract. */
export const PERMISSIONS = definePermissions({
  'soft-token': {
    scope: 'customer',
    actions: ['view', 'create'],
    asset: { name: 'Soft Tokens', description: 'Soft tokens of a customer' },
  },
});
