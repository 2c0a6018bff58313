import type { HttpError } from 'react-admin';

/**
 * Arguments for `notify` from a failed call: the message is the server's messageKey (translated from
 * the catalogue), its params fill the placeholders, and the server's own text is the fallback.
 */
export const errorNotification = (error: unknown): [string, { type: 'warning'; messageArgs: object }] => {
  const { message, body } = (error ?? {}) as Partial<HttpError> & {
    body?: { message?: string; params?: object };
  };
  return [
    message || 'error.default.internal.server.error',
    { type: 'warning', messageArgs: { ...body?.params, _: body?.message ?? message } },
  ];
};

/**
 * The refusals of a failed call that its form says under their fields (the transport's `body.errors`: a new
 * password the rules refuse, a phone that is not one), or undefined. Where there are some, the form shows
 * them, and no notification repeats them.
 */
export const fieldErrorsOf = (error: unknown): Record<string, string> | undefined => {
  const errors = (error as { body?: { errors?: unknown } } | null | undefined)?.body?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0
    ? (errors as Record<string, string>)
    : undefined;
};
