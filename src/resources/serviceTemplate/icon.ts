import { imageRules } from '../../components/imageRules';
import { LIMITS } from './model';

const T = 'resources.service-template.validation';

/**
 * The icon is checked before it is sent (the server refuses the same with error.upload.tooLarge and
 * error.upload.unsupportedType): an image type, at most 2,000,000 bytes, one file.
 */
export const ICON_RULES = imageRules(LIMITS.iconBytes, {
  type: `${T}.iconType`,
  tooLarge: `${T}.iconTooLarge`,
  one: `${T}.iconOne`,
});
