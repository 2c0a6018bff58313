import { account } from '../../contract/account';
import { activationCode } from '../../contract/activationCode';
import { asset } from '../../contract/asset';
import { audit } from '../../contract/audit';
import {
  billingCalls,
  order,
  paymentPlan,
  periodPlan,
  serviceFeature,
  subscription,
} from '../../contract/billing';
import { card, cardCalls } from '../../contract/card';
import { cloudConfig } from '../../contract/cloudConfig';
import { connector } from '../../contract/connector';
import { customer } from '../../contract/customer';
import { directory, directoryUser } from '../../contract/directory';
import { https } from '../../contract/https';
import { outbox } from '../../contract/mail';
import { oidc } from '../../contract/oidc';
import { otp } from '../../contract/otp';
import { radius } from '../../contract/radius';
import { report } from '../../contract/report';
import { accountRole, role } from '../../contract/role';
import { saml } from '../../contract/saml';
import { saml2 } from '../../contract/saml2';
import { samlSetting } from '../../contract/samlSetting';
import {
  denyServiceUsers,
  seamlessServiceUsers,
  serviceInstance,
  serviceLaunch,
} from '../../contract/service';
import { serviceTemplate } from '../../contract/serviceTemplate';
import { billing } from '../../contract/session';
import { theme } from '../../contract/theme';
import { tokenPack, tokenPackV2, whiteListIps } from '../../contract/tokenPack';
import { user } from '../../contract/user';
import type {
  ActionSpec,
  BodySpec,
  EachCall,
  HttpMethod,
  ListSpec,
  RecordCall,
  ResourceEntry,
} from './types';

/**
 * THE table: for each resource, its base path, whether it is customer-scoped, the convention of each method,
 * and its named actions. Paths are templates (see `types.ts`): `{base}` is the entry's base, `{customerId}`
 * the session's customer, `{name}` a value of the call's params.
 *
 * A resource the server serves is its contract (contract/<resource>.ts), read here and by the server: a new
 * resource starts there. The entries written out below are the spec's calls of resources still to come;
 * each moves into its contract when its issue brings its server side. Where spec 02 §7 fixes a path it is
 * used as written; other choices say `// chosen:`.
 */

// The words of the table.
const EACH: EachCall = { by: 'each' };
const pageSearch = (path: string, extra?: Omit<Extract<ListSpec, { by: 'pageSearch' }>, 'by' | 'path'>) =>
  ({ by: 'pageSearch', path, ...extra }) satisfies ListSpec;
const postSearch = (path: string) => ({ by: 'postSearch', path }) satisfies ListSpec;
const record = (
  method: HttpMethod,
  path: string,
  body?: BodySpec,
  query?: readonly string[],
): RecordCall => ({
  by: 'record',
  method,
  path,
  ...(body ? { body } : {}),
  ...(query ? { query } : {}),
});
const multipart = (method: 'POST' | 'PUT', path: string) => ({ by: 'multipart', method, path }) as const;
const call = (method: HttpMethod, path: string, body?: BodySpec, query?: readonly string[]): ActionSpec => ({
  by: 'call',
  method,
  path,
  ...(body ? { body } : {}),
  ...(query ? { query } : {}),
});
/** Customer-scoped REST of the directories and connectors (ldap, radius, saml…). */
const customerRest = <A extends Record<string, ActionSpec>>(path: string, actions: A) =>
  ({
    base: path,
    customerScoped: true,
    list: pageSearch('{base}/{customerId}/search'),
    getOne: record('GET', '{base}/{customerId}/{id}'),
    getMany: EACH, // chosen: no details call, one get per id
    create: record('POST', '{base}/{customerId}', 'data'),
    update: record('PUT', '{base}/{customerId}/{id}', 'data'),
    delete: record('DELETE', '{base}/{id}'),
    deleteMany: EACH,
    actions,
  }) satisfies ResourceEntry;

/** A customer's user lists under /user-management: GET search and get one. */
const userList = (path: string) =>
  ({
    base: path,
    customerScoped: true,
    list: pageSearch('{base}/{customerId}/search'),
    getOne: record('GET', '{base}/{customerId}/{id}'),
  }) satisfies ResourceEntry;

export const RESOURCES = {
  // ——— /idm-config ———
  'token-pack': tokenPack,
  'token-pack-v2': {
    ...tokenPackV2,
    actions: {
      ...tokenPackV2.actions,
      // pending: activation codes, served with the enrollment issue
      generate: call('PUT', '{base}/generate/{customerId}/{id}'),
    },
  },
  'otp-config': {
    base: '/idm-config/otp-config',
    customerScoped: true,
    multipartPart: 'json',
    list: postSearch('{base}/{customerId}/search'),
    getOne: record('GET', '{base}/{id}'), // chosen: the edit screen needs one record
    create: multipart('POST', '{base}/create'),
    update: multipart('POST', '{base}/{id}/update'),
  },
  'white-list-ips': whiteListIps,
  'vos-cloud-config': cloudConfig,
  'saml-settings': samlSetting,
  // ——— /idm-config/reactive, /idm-config/v2/reactive ———
  otp,
  'activation-code': activationCode,
  // ——— /idm-config/connectors ———
  radius,
  saml,
  saml2,
  oidc,
  https,
  connectors: connector,
  // ——— /idm-vos/{customerId} ———
  'soft-token': {
    base: '/idm-vos/{customerId}/soft-token',
    customerScoped: true,
    list: pageSearch('{base}'),
    create: record('POST', '{base}', 'data'),
  },
  // ——— /idm-ldap ———
  ldap: directory,
  ldap_2fa: customerRest('/idm-ldap/ldap_2fa', {
    testConnection: call('POST', '{base}/{customerId}/test-connection', 'data'),
  }),
  'users/keycloak': directoryUser,
  // ——— /user-management ———
  users: user,
  user: userList('/user-management/user'),
  'user-details': userList('/user-management/user-details'),
  deny_service_users: denyServiceUsers,
  seamless_service_users: seamlessServiceUsers,
  // ——— /billing ———
  subscription: {
    ...subscription,
    actions: {
      ...subscription.actions,
      // What a subscription costs: served by its own call family (contract/billing.ts).
      calculate: { by: 'call', ...billingCalls.calls.calculate, body: 'data' },
      // pending: cancelling a subscription, served with the subscription screens
      cancel: call('POST', '{base}/{id}/cancel'),
      // The customer's feature flags (for example theme), spec 01 §7 (contract/session.ts).
      supportFeatures: { by: 'call', ...billing.calls.supportFeatures },
    },
  },
  order,
  payment_plan: paymentPlan,
  period_plan: periodPlan,
  service_feature: serviceFeature,
  card: {
    ...card,
    actions: {
      ...card.actions,
      // Which card payment processor the server uses (the card form follows it): its own call family.
      provider: { by: 'call', ...cardCalls.calls.provider },
    },
  },
  // ——— /mail ———
  outbox,
  // ——— /customer, /account ———
  customer,
  account,
  role,
  account_role: accountRole,
  asset,
  // ——— /whitelabelapp ———
  theme,
  // ——— /service-mgmt ———
  'service-template': serviceTemplate,
  'service-launch': serviceLaunch,
  'service-instance': serviceInstance,

  // ——— /grafana, /audit ———
  report,
  audit,
} satisfies Record<string, ResourceEntry>;

export type ResourceName = keyof typeof RESOURCES;

type ActionsOf<E> = E extends { actions: infer A } ? keyof A & string : never;

/** Every named action of the table. */
export type ActionName = { [R in ResourceName]: ActionsOf<(typeof RESOURCES)[R]> }[ResourceName];
