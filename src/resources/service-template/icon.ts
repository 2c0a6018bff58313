import type { Validator } from 'react-admin';
import { LIMITS } from './model';

/** The value of react-admin's ImageInput: a new file, with its preview URL. */
export interface IconValue {
  rawFile: File;
  src?: string;
  title?: string;
}

export const isIconValue = (value: unknown): value is IconValue =>
  typeof value === 'object' && value !== null && (value as { rawFile?: unknown }).rawFile instanceof File;

const T = 'resources.service-template.validation';

/**
 * The icon is checked before it is sent (the server refuses the same with error.upload.tooLarge and
 * error.upload.unsupportedType): an image type, at most 2,000,000 bytes.
 */
export const validIcon: Validator = (value: unknown) => {
  if (!isIconValue(value)) return undefined;
  const { rawFile } = value;
  if (!rawFile.type.startsWith('image/')) return `${T}.iconType`;
  if (rawFile.size > LIMITS.iconBytes)
    return { message: `${T}.iconTooLarge`, args: { size: rawFile.size, maxBytes: LIMITS.iconBytes } };
  return undefined;
};
