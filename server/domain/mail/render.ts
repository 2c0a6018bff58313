import type { StoredImage } from './types.ts';

/** What a data: URL of an inline image may carry: an image type and base64 text (no quote, no markup). */
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message's HTML as it reads outside a mail client: every `cid:<cid>` naming one of its inline images
 * becomes that image's `data:<type>;base64,…` URL. References to unknown cids, and images whose type is
 * not an image type, are left as they are.
 */
export function inlineImages(html: string, images: readonly StoredImage[]): string {
  let rendered = html;
  for (const image of images) {
    if (!image.cid || !IMAGE_TYPE.test(image.contentType) || !BASE64.test(image.base64)) continue;
    // The cid ends where a character that cannot be part of it starts (a quote, a parenthesis, a space…).
    const reference = new RegExp(`[cC][iI][dD]:${escapeRegExp(image.cid)}(?![\\w.@%+-])`, 'g');
    const url = `data:${image.contentType.toLowerCase()};base64,${image.base64}`;
    rendered = rendered.replace(reference, () => url);
  }
  return rendered;
}

/** The images of a row's attachments column, whatever it holds (a malformed entry is left out). */
export function storedImagesOf(value: unknown): StoredImage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is StoredImage =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.cid === 'string' &&
      typeof entry.fileName === 'string' &&
      typeof entry.contentType === 'string' &&
      typeof entry.base64 === 'string',
  );
}
