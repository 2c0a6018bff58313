/**
 * Resource texts, react-admin style: `resources.<resource>.name` ('One |||| Many'), `.fields.<field>`,
 * `.notifications.<event>`. A resource's screens add their fields in a file of its own beside this one.
 */
import { account } from './account';
import { activationCode } from './activation-code';
import { asset } from './asset';
import { audit } from './audit';
import { customer } from './customer';
import { https } from './https';
import { ldap } from './ldap';
import { oidc } from './oidc';
import { order } from './order';
import { otp } from './otp';
import { outbox } from './outbox';
import { radius } from './radius';
import { role } from './role';
import { saml } from './saml';
import { samlSettings } from './saml-settings';
import { saml2 } from './saml2';
import { serviceLaunch } from './service-launch';
import { serviceTemplate } from './service-template';
import { subscription } from './subscription';
import { theme } from './theme';
import { tokenPack } from './token-pack';
import { users } from './users';
import { vosCloudConfig } from './vos-cloud-config';

export const resources = {
  audit,
  account,
  ldap,
  subscription,
  radius,
  saml2,
  saml,
  oidc,
  https,
  order,
  'service-launch': serviceLaunch,
  'token-pack-v2': tokenPack,
  'activation-code': activationCode,
  otp,
  'service-instance': {
    name: 'Service |||| Services',
    notifications: { deleted: 'Service deleted', updated: 'Service updated' },
  },
  'white-list-ips': {
    name: 'Trusted network |||| Trusted networks',
    notifications: {
      created: 'Trusted network added',
      updated: 'Trusted network updated',
      deleted: 'Trusted network removed',
    },
  },
  theme,
  users,
  'users/keycloak': {
    name: 'Directory user |||| Directory users',
    notifications: { updated: 'User updated' },
  },
  customer,
  'service-template': serviceTemplate,
  asset,
  role,
  'vos-cloud-config': vosCloudConfig,
  'saml-settings': samlSettings,
  outbox,
};
