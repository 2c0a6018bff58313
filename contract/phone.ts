import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * The phone number rule both sides apply (an account's mobile phone and contact number, a directory user's
 * mobile phone, a CSV row's): a number in international format, `+` and the country code first, valid for
 * that country by libphonenumber's metadata (the `min` set: its numbering plans, not whether a number is a
 * mobile one). Digits may be grouped with spaces, hyphens, dots and parentheses (`+84 90 123 45 67`,
 * `+1 (202) 555-0143`); nothing else is taken: no letters, no markup, no extension. Kept out of
 * contract/rules.ts so that only the screens that ask for a phone load the metadata; its error is
 * PHONE_ERRORS (contract/errors.ts).
 */

/** What a phone field may hold at most (the accounts' and users' columns). */
export const PHONE_MAX_LENGTH = 40;

const PHONE_CHARACTERS = /^\+[0-9][0-9 ().-]*$/;

/** Whether `value` (already trimmed) is a phone number in international format. */
export const isPhoneNumber = (value: string): boolean =>
  value.length <= PHONE_MAX_LENGTH && PHONE_CHARACTERS.test(value) && isValidPhoneNumber(value);
