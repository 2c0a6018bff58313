import type { Validator } from 'react-admin';
import { PHONE_ERRORS } from '../../contract/errors';
import { isPhoneNumber } from '../../contract/phone';

/**
 * A phone number in international format (contract/phone.ts, the server's rule), in the server's words.
 * Empty is the required rule's business, and the number the record already holds (`kept`) is not checked
 * again, as the server does not: a number kept before the rule, or brought by a directory, does not stop the
 * edit of the other fields. Its own module: only the forms that ask for a phone load the numbering plans.
 */
export const validPhone =
  (kept?: string | null): Validator =>
  (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const text = value.trim();
    if (!text || text === (kept ?? '').trim() || isPhoneNumber(text)) return undefined;
    return PHONE_ERRORS.invalid.key;
  };
