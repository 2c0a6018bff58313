import type { Validator } from 'react-admin';
import { isEmail } from '../../contract/rules';

/**
 * The first validators (./validators.ts has them all): a field that must be filled, an email address. The
 * sign-in page takes them from here, without the other rules' contracts.
 */

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
