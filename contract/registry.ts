// Made by `npm run registry` (scripts/registry.ts) from the contract modules: edit those, not this file.
import * as account from './account.ts';
import * as activationCode from './activationCode.ts';
import * as asset from './asset.ts';
import * as audit from './audit.ts';
import * as billing from './billing.ts';
import * as bulk from './bulk.ts';
import * as card from './card.ts';
import * as cloudConfig from './cloudConfig.ts';
import * as connector from './connector.ts';
import * as customer from './customer.ts';
import * as directory from './directory.ts';
import * as errors from './errors.ts';
import * as gateway from './gateway.ts';
import * as https from './https.ts';
import * as mail from './mail.ts';
import * as oidc from './oidc.ts';
import * as otp from './otp.ts';
import * as pending from './pending.ts';
import * as radius from './radius.ts';
import * as report from './report.ts';
import * as role from './role.ts';
import * as saml from './saml.ts';
import * as saml2 from './saml2.ts';
import * as samlSetting from './samlSetting.ts';
import * as secondFactor from './secondFactor.ts';
import * as selfService from './selfService.ts';
import * as service from './service.ts';
import * as serviceTemplate from './serviceTemplate.ts';
import * as session from './session.ts';
import * as theme from './theme.ts';
import * as tokenPack from './tokenPack.ts';
import * as translations from './translations.ts';
import * as user from './user.ts';

/** Every module of contract/ that defines resources, calls or errors, by name (contract/index.ts reads them). */
export const CONTRACT_MODULES = {
  account,
  activationCode,
  asset,
  audit,
  billing,
  bulk,
  card,
  cloudConfig,
  connector,
  customer,
  directory,
  errors,
  gateway,
  https,
  mail,
  oidc,
  otp,
  pending,
  radius,
  report,
  role,
  saml,
  saml2,
  samlSetting,
  secondFactor,
  selfService,
  service,
  serviceTemplate,
  session,
  theme,
  tokenPack,
  translations,
  user,
};
