import type { Validator } from 'react-admin';
import { brokenPasswordRule, isDomainName, isHttpUrl, NEW_PASSWORD_MAX_LENGTH } from '../../contract/rules';
import { PASSWORD_ERRORS } from '../../contract/session';

/** Validators returning catalogue keys (docs/requirements/portal-validation.md); react-admin translates them where shown. */

export { requiredField, validEmail } from './fieldRules';

/**
 * The rules of a new password the portal checks alone (contract/rules.ts): at most 128 characters, the
 * spec's rule (8 characters, an uppercase letter, a lowercase letter, a number), not the part of `email`
 * before the @ when the email is known; each in the server's words (PASSWORD_ERRORS). The server adds the
 * common passwords and the account's last ones: its refusal shows under the same field.
 */
export const newPasswordRules =
  (email?: string | null): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string' || !value) return undefined;
    const broken = brokenPasswordRule(value, email);
    if (broken === 'tooLong') {
      return { message: PASSWORD_ERRORS.tooLong.key, args: { maxLength: NEW_PASSWORD_MAX_LENGTH } };
    }
    return broken ? PASSWORD_ERRORS[broken].key : undefined;
  };

export const matchesField =
  (field: string, message: string): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    value && value !== values[field] ? message : undefined;

/** A rule over a trimmed text that is not empty (empty is the required rule's business). */
const textRule =
  (test: (text: string) => boolean, message: string): Validator =>
  (value: unknown) =>
    typeof value === 'string' && value.trim() && !test(value.trim()) ? message : undefined;

/** An http:// or https:// URL (the contract's rule, as the server's). */
export const validHttpUrl = (message: string) => textRule(isHttpUrl, message);

/** A DNS domain name, not an IP address. */
export const validDomainName = (message: string) => textRule(isDomainName, message);

/** One PEM certificate block: a first look, the server reads it as X.509. */
export const validPemCertificate = (message: string) =>
  textRule((text) => /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(text), message);
