import type { Validator } from 'react-admin';
import { URL_MAX } from './model';

const MESSAGE = 'resources.vos-cloud-config.validation.url';

/** An absolute http: or https: URL with a host and no spaces (the server's rule). */
export const isHttpUrl = (text: string): boolean => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
};

/** An http(s) URL of at most 2048 characters, or empty (a required field adds `requiredField`). */
export const httpUrl: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && (value.length > URL_MAX || !isHttpUrl(value))
    ? MESSAGE
    : undefined;
