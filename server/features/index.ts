// Made by `npm run registry` (scripts/registry.ts) from the folders of server/features: edit those, not this file.
import type { ServerFeature } from '../kit/feature.ts';
import account from './account/index.ts';
import activationCode from './activationCode/index.ts';
import asset from './asset/index.ts';
import audit from './audit/index.ts';
import card from './card/index.ts';
import cloudConfig from './cloudConfig/index.ts';
import connector from './connector/index.ts';
import customer from './customer/index.ts';
import directory from './directory/index.ts';
import gateway from './gateway/index.ts';
import https from './https/index.ts';
import oauth2 from './oauth2/index.ts';
import oidc from './oidc/index.ts';
import oidcProvider from './oidcProvider/index.ts';
import order from './order/index.ts';
import otp from './otp/index.ts';
import outbox from './outbox/index.ts';
import plan from './plan/index.ts';
import radius from './radius/index.ts';
import report from './report/index.ts';
import role from './role/index.ts';
import saml from './saml/index.ts';
import saml2 from './saml2/index.ts';
import samlIdp from './samlIdp/index.ts';
import samlSetting from './samlSetting/index.ts';
import seamless from './seamless/index.ts';
import secondFactor from './secondFactor/index.ts';
import selfService from './selfService/index.ts';
import service from './service/index.ts';
import serviceTemplate from './serviceTemplate/index.ts';
import session from './session/index.ts';
import subscription from './subscription/index.ts';
import theme from './theme/index.ts';
import tokenPack from './tokenPack/index.ts';
import translations from './translations/index.ts';
import user from './user/index.ts';
import webSignIn from './webSignIn/index.ts';

/** Every feature of the server, by name; server/app.ts registers them under /api. */
export const FEATURES: readonly ServerFeature[] = [
  account,
  activationCode,
  asset,
  audit,
  card,
  cloudConfig,
  connector,
  customer,
  directory,
  gateway,
  https,
  oauth2,
  oidc,
  oidcProvider,
  order,
  otp,
  outbox,
  plan,
  radius,
  report,
  role,
  saml,
  saml2,
  samlIdp,
  samlSetting,
  seamless,
  secondFactor,
  selfService,
  service,
  serviceTemplate,
  session,
  subscription,
  theme,
  tokenPack,
  translations,
  user,
  webSignIn,
];
