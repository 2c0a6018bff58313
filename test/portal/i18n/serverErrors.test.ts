import { ACTIVATION_ERRORS } from '../../../contract/activationCode';
import { BILLING_ERRORS, ORDER_ERRORS, SUBSCRIPTION_ERRORS } from '../../../contract/billing';
import { CARD_ERRORS } from '../../../contract/card';
import { DIRECTORY_ERRORS } from '../../../contract/directory';
import { HTTPS_ERRORS } from '../../../contract/https';
import { MAIL_ERRORS } from '../../../contract/mail';
import { OIDC_ERRORS } from '../../../contract/oidc';
import { OTP_ERRORS } from '../../../contract/otp';
import { RADIUS_ERRORS } from '../../../contract/radius';
import { REPORT_ERRORS } from '../../../contract/report';
import { SAML_ERRORS } from '../../../contract/saml';
import { SAML2_ERRORS } from '../../../contract/saml2';
import { SECOND_FACTOR_ERRORS } from '../../../contract/secondFactor';
import { SERVICE_ERRORS } from '../../../contract/service';
import { THEME_ERRORS } from '../../../contract/theme';
import { TOKEN_PACK_ERRORS, WHITE_LIST_ERRORS } from '../../../contract/tokenPack';
import { en } from '../../../src/i18n/en';

/**
 * The server answers `{messageKey, message}` and the portal shows the catalogue's text for the key: for
 * every answer a contract names, the catalogue has the key with the very text the server sends.
 */
const ANSWERS = {
  activationCode: ACTIVATION_ERRORS,
  otp: OTP_ERRORS,
  billing: BILLING_ERRORS,
  card: CARD_ERRORS,
  order: ORDER_ERRORS,
  subscription: SUBSCRIPTION_ERRORS,
  directory: DIRECTORY_ERRORS,
  radius: RADIUS_ERRORS,
  saml2: SAML2_ERRORS,
  saml: SAML_ERRORS,
  oidc: OIDC_ERRORS,
  https: HTTPS_ERRORS,
  mail: MAIL_ERRORS,
  tokenPack: TOKEN_PACK_ERRORS,
  whiteListIp: WHITE_LIST_ERRORS,
  service: SERVICE_ERRORS,
  secondFactor: SECOND_FACTOR_ERRORS,
  theme: THEME_ERRORS,
  report: REPORT_ERRORS,
};

const lookUp = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe("the catalogue's texts of the server's answers", () => {
  const cases = Object.entries(ANSWERS).flatMap(([contract, answers]) =>
    Object.values(answers).map(({ key, text }) => [`${contract}: ${key}`, key, text] as const),
  );
  it.each(cases)('%s', (_, key, text) => {
    expect(lookUp(key)).toBe(text);
  });
});
