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
