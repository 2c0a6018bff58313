// Made by `npm run registry` (scripts/registry.ts) from the portal features' names and texts (named() in src/resources/<feature>/index.tsx): edit those, not this file.

/** Each resource's English texts, by resource name: the catalogue's `resources`. */
import { account } from '../../resources/account/texts';
import { activationCode } from '../../resources/activationCode/texts';
import { asset } from '../../resources/asset/texts';
import { audit } from '../../resources/audit/texts';
import { cloudConfig } from '../../resources/cloudConfig/texts';
import { customer } from '../../resources/customer/texts';
import { directory, directoryUser } from '../../resources/directory/texts';
import { https } from '../../resources/https/texts';
import { oidc } from '../../resources/oidc/texts';
import { order } from '../../resources/order/texts';
import { otp } from '../../resources/otp/texts';
import { outbox } from '../../resources/outbox/texts';
import { radius } from '../../resources/radius/texts';
import { role } from '../../resources/role/texts';
import { saml } from '../../resources/saml/texts';
import { saml2 } from '../../resources/saml2/texts';
import { samlSetting } from '../../resources/samlSetting/texts';
import { service, serviceInstance } from '../../resources/service/texts';
import { serviceTemplate } from '../../resources/serviceTemplate/texts';
import { subscription } from '../../resources/subscription/texts';
import { theme } from '../../resources/theme/texts';
import { tokenPack, trustedNetwork } from '../../resources/tokenPack/texts';
import { translations } from '../../resources/translations/texts';
import { user } from '../../resources/user/texts';

export const resources = {
  account: account,
  'activation-code': activationCode,
  asset: asset,
  audit: audit,
  'vos-cloud-config': cloudConfig,
  customer: customer,
  ldap: directory,
  'users/keycloak': directoryUser,
  https: https,
  oidc: oidc,
  order: order,
  otp: otp,
  outbox: outbox,
  radius: radius,
  role: role,
  saml: saml,
  saml2: saml2,
  'saml-settings': samlSetting,
  'service-launch': service,
  'service-instance': serviceInstance,
  'service-template': serviceTemplate,
  subscription: subscription,
  theme: theme,
  'token-pack-v2': tokenPack,
  'white-list-ips': trustedNetwork,
  translations: translations,
  users: user,
};
