import { account } from './account.ts';
import { activationCode, appActivation } from './activationCode.ts';
import { asset } from './asset.ts';
import { audit } from './audit.ts';
import { billingCalls, order, paymentPlan, periodPlan, serviceFeature, subscription } from './billing.ts';
import { card, cardCalls } from './card.ts';
import { cloudConfig } from './cloudConfig.ts';
import { connector } from './connector.ts';
import { customer } from './customer.ts';
import { directory, directoryUser } from './directory.ts';
import { https } from './https.ts';
import type { CallFamily, ResourceContract } from './kit.ts';
import { outbox } from './mail.ts';
import { oidc } from './oidc.ts';
import { otp, otpVerification } from './otp.ts';
import type { PermissionResource } from './permissions.ts';
import { radius } from './radius.ts';
import { report } from './report.ts';
import { accountRole, role } from './role.ts';
import { saml } from './saml.ts';
import { saml2 } from './saml2.ts';
import { samlSetting } from './samlSetting.ts';
import { secondFactor } from './secondFactor.ts';
import { denyServiceUsers, seamlessServiceUsers, serviceInstance, serviceLaunch } from './service.ts';
import { serviceTemplate, serviceTemplateFiles } from './serviceTemplate.ts';
import { billing, session } from './session.ts';
import { theme, themeFiles } from './theme.ts';
import { tokenPack, tokenPackV2, whiteListIps } from './tokenPack.ts';
import { user } from './user.ts';

/** Every contract: the resources the server serves and the families of plain calls. */

export const RESOURCE_CONTRACTS: readonly ResourceContract[] = [
  customer,
  account,
  role,
  accountRole,
  asset,
  serviceTemplate,
  cloudConfig,
  samlSetting,
  directory,
  directoryUser,
  user,
  radius,
  saml2,
  saml,
  oidc,
  https,
  connector,
  paymentPlan,
  periodPlan,
  serviceFeature,
  order,
  subscription,
  card,
  tokenPackV2,
  tokenPack,
  whiteListIps,
  serviceLaunch,
  serviceInstance,
  denyServiceUsers,
  seamlessServiceUsers,
  activationCode,
  otp,
  outbox,
  audit,
  report,
  theme,
];

export const CALL_FAMILIES: readonly CallFamily[] = [
  session,
  billing,
  serviceTemplateFiles,
  billingCalls,
  cardCalls,
  appActivation,
  otpVerification,
  secondFactor,
  themeFiles,
];

export type ResourceGuard = PermissionResource | readonly PermissionResource[] | null;

/**
 * The permissions that guard the screens of resources whose server side is still to come (spec 01 §6); each
 * moves into its resource's contract with its issue. A resource named nowhere uses its own name.
 */
const PENDING_GUARDS: Readonly<Record<string, ResourceGuard>> = {
  ldap_2fa: 'directories',
  user: 'user-management',
  'user-details': 'user-management',
  'otp-config': 'soft-token',
};

/** Which catalogue resource guards each react-admin resource (canAccess). */
export const RESOURCE_GUARDS: Readonly<Record<string, ResourceGuard>> = {
  ...Object.fromEntries(RESOURCE_CONTRACTS.map((contract) => [contract.name, contract.permission])),
  ...PENDING_GUARDS,
};

/**
 * The resources whose screens only the provider scope shows, by menu and by URL (spec 01 §6): those whose
 * entry call (the list, or the record of a one-record page) is for operators only.
 */
export const PROVIDER_SCREENS: ReadonlySet<string> = new Set(
  RESOURCE_CONTRACTS.filter((contract) => {
    const entry = contract.list ?? contract.getOne;
    return (
      entry !== undefined && 'access' in entry && 'scope' in entry.access && entry.access.scope === 'provider'
    );
  }).map((contract) => contract.name),
);
