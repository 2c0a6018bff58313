import type { Validator } from 'react-admin';
import { isHttpUrl } from '../../../contract/rules';
import { isSamlPath } from '../../../contract/samlSetting';

const T = 'resources.saml-settings.validation';

/** An http(s) URL, or empty. */
export const httpUrlOrEmpty: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isHttpUrl(value) ? `${T}.url` : undefined;

/** A path starting with '/', or empty. */
export const pathOrEmpty: Validator = (value: unknown) =>
  typeof value === 'string' && !isSamlPath(value) ? `${T}.path` : undefined;
