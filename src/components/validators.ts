import type { Validator } from 'react-admin';
import { isDomainName, isEmail, isHttpUrl, meetsPasswordRules } from '../../contract/rules';

/** Validators returning catalogue keys (docs/requirements/portal-validation.md); react-admin translates them where shown. */

export const requiredField =
  (fieldName: string): Validator =>
  (value: unknown) =>
    typeof value === 'string'
      ? value.trim()
        ? undefined
        : missing(fieldName)
      : value == null
        ? missing(fieldName)
        : undefined;

const missing = (fieldName: string) => ({
  message: 'portal.validation.required',
  args: { field_name: fieldName },
});

export const validEmail: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isEmail(value.trim())
    ? 'portal.validation.emailInvalid'
    : undefined;

/** At least 8 characters, 1 uppercase, 1 lowercase and 1 number (the contract's rule, as the server's). */
export { meetsPasswordRules };

export const passwordRules: Validator = (value: unknown) =>
  typeof value === 'string' && value && !meetsPasswordRules(value)
    ? 'portal.validation.passwordRules'
    : undefined;

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
