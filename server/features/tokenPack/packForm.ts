import type { TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_PACK_IMAGE_PARTS } from '../../../contract/tokenPack.ts';
import { enableMultipart, multipartForm, readMultipart, type UploadedFile } from '../../kit/multipart.ts';

/**
 * The multipart body of a token pack's create and update (server/http/multipart.ts): an `info` part with
 * the fields (JSON), and up to two images, `iconFile` and `featureImageFile`, each a PNG, JPEG, GIF, WebP or
 * SVG of at most 2000000 bytes, with multipart.ts's answers.
 */

export type PackImagePart = (typeof TOKEN_PACK_IMAGE_PARTS)[number];

/** Registers the multipart parser with room for the pack's two images in `scope`. */
export const enablePackForm = (scope: FastifyInstance): Promise<void> =>
  enableMultipart(scope, { files: TOKEN_PACK_IMAGE_PARTS.length });

export interface PackForm<Data> {
  data: Data;
  images: Partial<Record<PackImagePart, UploadedFile>>;
}

/** The pack's form of a schema (its info part checked against it, compiled once). */
export const packFormCheck = <Schema extends TSchema>(schema: Schema) =>
  multipartForm({ schema, dataPart: 'info', fileParts: TOKEN_PACK_IMAGE_PARTS });

/** Reads the pack's form. */
export async function readPackForm<Schema extends TSchema>(
  request: Pick<FastifyRequest, 'isMultipart' | 'parts'>,
  form: ReturnType<typeof packFormCheck<Schema>>,
) {
  const { data, files } = await readMultipart(request, form);
  const images: PackForm<typeof data>['images'] = {};
  for (const part of TOKEN_PACK_IMAGE_PARTS) {
    const file = files[part];
    if (file) images[part] = file;
  }
  return { data, images };
}
