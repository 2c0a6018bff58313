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

/** Why a file cannot be the icon, as a catalogue key (with its arguments), or undefined when it can. */
export type IconRefusal = { message: string; args: Record<string, number> };

/**
 * The icon is checked before it is sent (the server refuses the same with error.upload.tooLarge and
 * error.upload.unsupportedType): an image type, at most 2,000,000 bytes.
 */
export const iconRefusal = (file: File): IconRefusal | undefined => {
  if (!file.type.startsWith('image/')) return { message: `${T}.iconType`, args: {} };
  if (file.size > LIMITS.iconBytes)
    return { message: `${T}.iconTooLarge`, args: { size: file.size, maxBytes: LIMITS.iconBytes } };
  return undefined;
};

/** Several files dropped at once: the icon is one file. */
export const ONE_ICON_ONLY: IconRefusal = { message: `${T}.iconOne`, args: {} };

/** The same rule as a form validator, should a refused file ever reach the form's value. */
export const validIcon: Validator = (value: unknown) =>
  isIconValue(value) ? iconRefusal(value.rawFile) : undefined;
