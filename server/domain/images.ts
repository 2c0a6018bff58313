import { createHash } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';

/**
 * Pictures kept on the record itself (a customer's logo, an account's avatar): an https URL or a
 * `data:image/…` URL of at most 200000 characters, or null for none.
 */

export const IMAGE_URL_MAX_LENGTH = 200_000;

const isImageUrl = (value: string) => value.startsWith('https://') || value.startsWith('data:image/');

/** The schema of a picture field: an https or data:image URL, or null. */
export const ImageUrl = Type.Refine(
  Type.Union([Type.String({ maxLength: IMAGE_URL_MAX_LENGTH }), Type.Null()]),
  (value) => value === null || isImageUrl(value),
  () => 'must be an https URL or a data:image URL',
);

/**
 * A picture as the audit log keeps it: an https URL as it is, a data URL as its media type and a digest
 * (the log says that the picture changed without holding up to 200000 characters of it).
 */
export function auditedImage(value: string | null): string | null {
  if (value === null || !value.startsWith('data:')) return value;
  const end = value.search(/[;,]/);
  const mediaType = value.slice(5, end < 0 ? value.length : end);
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 16);
  return `data:${mediaType} sha256:${digest}`;
}
