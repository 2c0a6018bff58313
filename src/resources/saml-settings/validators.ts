import type { Validator } from 'react-admin';

const T = 'resources.saml-settings.validation';

/** An absolute http: or https: URL with a host and no spaces (the server's rule). */
const isHttpUrl = (text: string): boolean => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
};

/** An http(s) URL, or empty. */
export const httpUrlOrEmpty: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isHttpUrl(value) ? `${T}.url` : undefined;

/** A path starting with '/', or empty. */
export const pathOrEmpty: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !value.startsWith('/') ? `${T}.path` : undefined;
