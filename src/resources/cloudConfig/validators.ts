import type { Validator } from 'react-admin';
import { isHttpUrl } from '../../../contract/rules';
import { URL_MAX } from './model';

const MESSAGE = 'resources.vos-cloud-config.validation.url';

/** An absolute http: or https: URL with a host and no spaces (the contract's rule). */
export { isHttpUrl };

/** An http(s) URL of at most 2048 characters, or empty (a required field adds `requiredField`). */
export const httpUrl: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && (value.length > URL_MAX || !isHttpUrl(value))
    ? MESSAGE
    : undefined;
