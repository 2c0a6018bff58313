import fastifyMultipart from '@fastify/multipart';
import type { Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_ERRORS } from '../../contract/errors.ts';
import { svgVerdict } from '../domain/svg.ts';
import { AppError } from '../errors.ts';
import {
  compileCheck,
  invalidField,
  invalidText,
  isInvalidText,
  parseJson,
  printable,
} from '../validation.ts';

/**
 * Multipart create and update: a `json` (or `info`) part carrying the record's fields as JSON, and an
 * image in an `iconFile` part. The app only parses JSON bodies; multipart is parsed where
 * `enableMultipart` is called, inside the encapsulated plugin that declares the multipart routes:
 *
 *   const TemplateForm = multipartForm({ schema: TemplateFields, fileRequired: true });
 *   app.register(async (scope) => {
 *     await enableMultipart(scope);
 *     scope.post('/template/create', { config }, async (request, reply) => {
 *       const { data, file } = await readMultipart(request, TemplateForm);
 *       return answerCreated(reply, await createTemplate(db, data, file));
 *     });
 *   });
 *
 * Limits: one file (or one per image part of the form, see enableMultipart) of at most 2000000 bytes each, 10 fields, 12 parts. The portal sends the json part as a
 * JSON Blob, which a form marks as a file: parts named `json` or `info` are read as fields, so the one
 * file is the image. Answers:
 * - a body that is not multipart/form-data: 415 `error.request.unsupportedMediaType`;
 * - a file over 2000000 bytes: 413 `error.upload.tooLarge`; more files, fields or parts: 413 `error.upload.tooManyParts`;
 * - no json part, or no file where one is required: 400 `error.upload.missingPart` ({part});
 *   a part the form does not know: 400 `error.upload.unexpectedPart`; the json part twice: 400 `error.upload.duplicatePart`;
 * - a NUL or a lone surrogate in the json part (values or keys) or in the file's name: 400
 *   `error.validation.invalidText` naming the field (the file part's name for its file name);
 * - json that does not parse or does not match the schema: 400 `error.validation.invalid`, fields named as in a JSON body
 *   (a json part over busboy's field size of 1 MB is cut short: invalid JSON when typed application/json,
 *   else 413 `error.request.bodyTooLarge`);
 * - a file that is not a PNG, JPEG, GIF, WebP or SVG image, by its declared type and (for the raster
 *   types) its first bytes: 415 `error.upload.unsupportedType`; an SVG off the allow-lists of
 *   domain/svg.ts: 415 `error.upload.unsafeSvg`.
 */

export { UPLOAD_MAX_BYTES } from '../../contract/rules.ts';

import { UPLOAD_MAX_BYTES } from '../../contract/rules.ts';

export const UPLOAD_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 } as const;

/** The limits of a scope's multipart bodies, where they differ from UPLOAD_LIMITS. */
export interface MultipartLimits {
  fileSize?: number;
  files?: number;
  fields?: number;
  parts?: number;
}

/** The names a record's JSON part may have. */
const DATA_PARTS: ReadonlySet<string> = new Set(['json', 'info']);

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_ERRORS = {
  tooLarge: { key: 'error.upload.tooLarge', text: 'The file is larger than %{maxBytes} bytes.' },
  tooManyParts: { key: 'error.upload.tooManyParts', text: 'The request carries more parts than allowed.' },
  missingPart: { key: 'error.upload.missingPart', text: 'The %{part} part is missing.' },
  unexpectedPart: { key: 'error.upload.unexpectedPart', text: 'The %{part} part is not expected here.' },
  duplicatePart: { key: 'error.upload.duplicatePart', text: 'The %{part} part is sent more than once.' },
  unsupportedType: {
    key: 'error.upload.unsupportedType',
    text: 'Only image files (PNG, JPEG, GIF, WebP, SVG) can be uploaded.',
  },
  unsafeSvg: COMMON_ERRORS.uploadUnsafeSvg,
  mediaType: {
    key: 'error.request.unsupportedMediaType',
    text: 'The request body must be sent as %{mediaType}.',
  },
  bodyTooLarge: { key: 'error.request.bodyTooLarge', text: 'The request body is too large.' },
  invalid: { key: 'error.request.invalid', text: 'The request could not be understood.' },
} as const;

const fail = (
  status: number,
  error: { key: string; text: string },
  params?: Record<string, string | number>,
) => new AppError(status, error.key, error.text, params);

const notMultipart = () => fail(415, UPLOAD_ERRORS.mediaType, { mediaType: 'multipart/form-data' });

const isMultipartType = (contentType: string) => /^\s*multipart\/form-data\s*(;|$)/i.test(contentType);

/**
 * Registers @fastify/multipart with the upload limits in `scope` (an encapsulated plugin's instance),
 * and refuses any other body on the routes of that scope with 415 before it is read.
 */
export async function enableMultipart(scope: FastifyInstance, limits: MultipartLimits = {}): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { ...UPLOAD_LIMITS, ...limits },
    throwFileSizeLimit: true,
    isPartAFile: (fieldName, contentType, fileName) =>
      !(fieldName !== undefined && DATA_PARTS.has(fieldName)) &&
      (fileName !== undefined || contentType === 'application/octet-stream'),
  });
  scope.addHook('onRequest', async (request) => {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !isMultipartType(contentType)) throw notMultipart();
  });
}

export interface MultipartForm<Schema extends TSchema> {
  readonly dataPart: 'json' | 'info';
  /** The image parts, each sent at most once; the first is the form's `file`. */
  readonly fileParts: readonly string[];
  /** Whether the first image part is required. */
  readonly fileRequired: boolean;
  readonly check: (value: unknown) => Static<Schema>;
}

/**
 * A form: the JSON part's name and schema (compiled once), the image parts' names (one, `iconFile`, unless
 * said), whether the first image is required.
 */
export function multipartForm<Schema extends TSchema>(options: {
  schema: Schema;
  dataPart?: 'json' | 'info';
  filePart?: string;
  fileParts?: readonly string[];
  fileRequired?: boolean;
}): MultipartForm<Schema> {
  const dataPart = options.dataPart ?? 'json';
  return {
    dataPart,
    fileParts: options.fileParts ?? [options.filePart ?? 'iconFile'],
    fileRequired: options.fileRequired ?? false,
    check: compileCheck(options.schema, dataPart, { naming: 'top' }),
  };
}

export interface UploadedFile {
  /** The name the client gave, without any folder. */
  fileName: string;
  mimeType: ImageType;
  bytes: Buffer;
}

export interface MultipartRead<Data> {
  data: Data;
  /** The first image part's file. */
  file?: UploadedFile;
  /** Every image sent, by part. */
  files: Partial<Record<string, UploadedFile>>;
}

/** The part of a Fastify request readMultipart uses (present where enableMultipart was called). */
export type MultipartRequest = Pick<FastifyRequest, 'isMultipart' | 'parts'>;

interface ReceivedFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** Reads every part of the request (the limits bound them), then judges what was sent. */
export async function readMultipart<Schema extends TSchema>(
  request: MultipartRequest,
  form: MultipartForm<Schema>,
): Promise<MultipartRead<Static<Schema>>> {
  if (!request.isMultipart()) throw notMultipart();
  let data: { value: unknown } | undefined;
  const received = new Map<string, ReceivedFile>();
  let misplaced: AppError | undefined;
  const isFilePart = (name: string) => form.fileParts.includes(name);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // An empty file input of an HTML form: no file.
        if (part.filename === '' && bytes.length === 0) continue;
        if (!isFilePart(part.fieldname)) {
          misplaced ??= fail(400, UPLOAD_ERRORS.unexpectedPart, { part: printable(part.fieldname) });
        } else if (received.has(part.fieldname)) {
          misplaced ??= fail(400, UPLOAD_ERRORS.duplicatePart, { part: part.fieldname });
        } else {
          // The name is stored: a NUL or a lone surrogate in it is refused like in any other field.
          if (isInvalidText(part.filename)) misplaced ??= invalidText(part.fieldname);
          received.set(part.fieldname, { fileName: baseName(part.filename), mimeType: part.mimetype, bytes });
        }
      } else if (part.fieldname === form.dataPart) {
        if (data) misplaced ??= fail(400, UPLOAD_ERRORS.duplicatePart, { part: form.dataPart });
        if (part.valueTruncated) throw fail(413, UPLOAD_ERRORS.bodyTooLarge);
        data = { value: part.value };
      } else if (isFilePart(part.fieldname)) {
        // The file part sent as a plain field: there is no file in it.
        misplaced ??= fail(415, UPLOAD_ERRORS.unsupportedType);
      } else {
        misplaced ??= fail(400, UPLOAD_ERRORS.unexpectedPart, { part: printable(part.fieldname) });
      }
    }
  } catch (error) {
    throw readingError(error, form);
  }
  if (misplaced) throw misplaced;
  if (!data) throw fail(400, UPLOAD_ERRORS.missingPart, { part: form.dataPart });
  const fields = form.check(
    typeof data.value === 'string' ? parseJson(data.value, form.dataPart) : data.value,
  );
  const [first = 'iconFile'] = form.fileParts;
  if (form.fileRequired && !received.has(first)) {
    throw fail(400, UPLOAD_ERRORS.missingPart, { part: first });
  }
  const files: Partial<Record<string, UploadedFile>> = {};
  for (const [part, file] of received) files[part] = checkImage(file);
  const file = files[first];
  return file ? { data: fields, file, files } : { data: fields, files };
}

const baseName = (fileName: string) => fileName.split(/[\\/]/).pop() ?? '';

/** What went wrong while the parts were read, in the catalogue's words. */
function readingError(error: unknown, form: MultipartForm<TSchema>): AppError {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fail(413, UPLOAD_ERRORS.tooLarge, { maxBytes: UPLOAD_MAX_BYTES });
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fail(413, UPLOAD_ERRORS.tooManyParts);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidField(form.dataPart, 'is not valid JSON');
    default:
      // A body that is not well-formed multipart (no boundary, a part cut short).
      return fail(400, UPLOAD_ERRORS.invalid);
  }
}

const SIGNATURES: Readonly<Record<Exclude<ImageType, 'image/svg+xml'>, (bytes: Buffer) => boolean>> = {
  'image/png': (bytes) =>
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1')),
  'image/webp': (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** The file, if its declared type is an image type and its content is of that type; else 415. */
function checkImage(file: ReceivedFile): UploadedFile {
  const mimeType = (file.mimeType.split(';')[0] ?? '').trim().toLowerCase();
  if (!isImageType(mimeType)) throw fail(415, UPLOAD_ERRORS.unsupportedType);
  if (mimeType === 'image/svg+xml') {
    // An SVG is served publicly: only what the allow-lists of domain/svg.ts hold.
    const verdict = svgVerdict(file.bytes);
    if (verdict === 'notSvg') throw fail(415, UPLOAD_ERRORS.unsupportedType);
    if (verdict === 'unsafe') throw fail(415, UPLOAD_ERRORS.unsafeSvg);
  } else if (!SIGNATURES[mimeType](file.bytes)) throw fail(415, UPLOAD_ERRORS.unsupportedType);
  return { fileName: file.fileName, mimeType, bytes: file.bytes };
}

const FILE_NAME_MAX = 255;

/**
 * The one file of an upload whose body is that file alone, in the part `part`: its name (without folders,
 * at most 255 characters) and bytes. 400 when the part is missing or another part is sent; a file over the
 * scope's size limit: `tooLarge()`.
 */
export async function readFile(
  request: MultipartRequest,
  options: { part: string; tooLarge: () => AppError },
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw notMultipart();
  let found: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== options.part) {
        throw fail(400, UPLOAD_ERRORS.unexpectedPart, { part: printable(part.fieldname) });
      }
      const bytes = await part.toBuffer();
      if (isInvalidText(part.filename)) throw invalidText(options.part);
      const fileName = baseName(part.filename).slice(-FILE_NAME_MAX) || 'image';
      found = { fileName, bytes };
    }
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge();
    throw readingError(error, {
      dataPart: 'json',
      fileParts: [options.part],
      fileRequired: true,
      check: (v) => v,
    });
  }
  if (!found) throw fail(400, UPLOAD_ERRORS.missingPart, { part: options.part });
  return found;
}
