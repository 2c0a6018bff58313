import { PHONE_ERRORS } from '../../contract/errors.ts';
import { isPhoneNumber } from '../../contract/phone.ts';
import { fail } from '../errors.ts';

/**
 * The phone rule (contract/phone.ts) where a phone is taken: an account's mobile phone and contact number,
 * a user's mobile phone. A value given again unchanged is not checked: a number kept before the rule (or
 * brought by a directory's synchronisation, in the directory's own format) does not stop the edit of the
 * record's other fields.
 */

/** 400 `error.phone.invalid` naming `field` unless `value` (trimmed) is a phone number. */
export function assertPhone(field: string, value: string): void {
  if (!isPhoneNumber(value)) throw fail(PHONE_ERRORS.invalid, { field });
}

/** assertPhone for a value that is new: not empty and not the one the record already holds. */
export function assertChangedPhone(
  field: string,
  value: string | null | undefined,
  before?: string | null,
): void {
  if (value === undefined || value === null || value === '' || value === (before ?? '')) return;
  assertPhone(field, value);
}
