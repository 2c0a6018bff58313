import type { Validator } from 'react-admin';

/** The value of react-admin's ImageInput: a new file, with its preview URL. */
export interface ImageValue {
  rawFile: File;
  src?: string;
  title?: string;
}

export const isImageValue = (value: unknown): value is ImageValue =>
  typeof value === 'object' && value !== null && (value as { rawFile?: unknown }).rawFile instanceof File;

/** Why a file cannot be the image, as a catalogue key and its arguments. */
export interface ImageRefusal {
  message: string;
  args: Record<string, number>;
}

/** What an image input checks a file against (RefusableImageInput). */
export interface ImageRules {
  /** Why this file cannot be the image, or undefined when it can. */
  refusalOf: (file: File) => ImageRefusal | undefined;
  /** What is said when several files are dropped at once. */
  oneOnly: ImageRefusal;
  /** The same rule as a form validator, should a refused file ever reach the form's value. */
  validate: Validator;
  /** The largest file, in bytes. */
  maxBytes: number;
}

/**
 * The rules of an uploaded image, as the server's (error.upload.unsupportedType, error.upload.tooLarge): an
 * image type, at most `maxBytes`, one file; each refusal said by its message (a catalogue key).
 */
export const imageRules = (
  maxBytes: number,
  messages: { type: string; tooLarge: string; one: string },
): ImageRules => {
  const refusalOf = (file: File): ImageRefusal | undefined => {
    if (!file.type.startsWith('image/')) return { message: messages.type, args: {} };
    if (file.size > maxBytes) return { message: messages.tooLarge, args: { size: file.size, maxBytes } };
    return undefined;
  };
  return {
    refusalOf,
    oneOnly: { message: messages.one, args: {} },
    validate: (value: unknown) => (isImageValue(value) ? refusalOf(value.rawFile) : undefined),
    maxBytes,
  };
};
