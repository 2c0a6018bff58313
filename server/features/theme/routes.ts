import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_THEME_DEFINITION,
  type NewTheme,
  THEME_LIMITS,
  THEME_LISTING,
  type ThemeDefinition,
  type ThemeForm,
  type ThemeRecord,
  theme,
  themeFilePath,
  themeFiles,
} from '../../../contract/theme.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import { files, themes } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import { AppError } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../http/contractRoutes.ts';
import { crud } from '../../http/crud.ts';
import { sqlStateOf } from '../../http/deleteMany.ts';
import { UPLOAD_ERRORS } from '../../http/multipart.ts';
import { invalidText, isInvalidText, printable, UUID_PATTERN } from '../../validation.ts';
import {
  auditedTheme,
  checkedImageType,
  isShown,
  savedDefinition,
  servedAsThemeImage,
  storeThemeImage,
  type ThemeRow,
  themeError,
  themeNotFound,
  toThemeRecords,
} from './themes.ts';

/**
 * Themes (contract/theme.ts): a customer's administrators search, read, add, save and delete its themes;
 * operators reject one, saying why; images are uploaded one at a time (multipart, a `file` part) and read by
 * anyone by their path. A theme that a token pack shows is locked: it is neither saved (THEME_LOCKED) nor
 * deleted (THEME_IN_USE) until another theme replaces it there. Every write runs in one transaction with its
 * audit entry ('Theme').
 */

const FOREIGN_KEY_VIOLATION = '23503';

/** Image paths name their file: the bytes behind a path never change, so they are cached for a year. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own must not run scripts or load anything (as the other public images). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
/** The part of the upload carrying the image (the contract's `part`). */
const FILE_PART = theme.actions.upload.part;
const FILE_NAME_MAX = 255;

const themeList = defineListing({
  filters: {
    q: ilikeAny([themes.name]),
    status: equals(themes.status),
  },
  sort: {
    name: themes.name,
    status: themes.status,
    createdDate: themes.createdDate,
    lastModifiedDate: themes.lastModifiedDate,
    id: themes.id,
  },
  defaultSort: THEME_LISTING.defaultSort,
  unique: themes.id,
});

/** Deleting a theme a token pack has just been given (a concurrent call) is refused like any in use. */
const translate = (error: unknown) =>
  sqlStateOf(error) === FOREIGN_KEY_VIOLATION ? themeError('THEME_IN_USE') : error;

const fail = (
  status: number,
  error: { key: string; text: string },
  params?: Record<string, string | number>,
) => new AppError(status, error.key, error.text, params);

const isMultipartType = (contentType: string) => /^\s*multipart\/form-data\s*(;|$)/i.test(contentType);

/** What went wrong while the upload was read, in the catalogue's words. */
function readingError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return themeError('THEME_IMAGE_TOO_LARGE');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fail(413, UPLOAD_ERRORS.tooManyParts);
    default:
      return fail(400, UPLOAD_ERRORS.invalid);
  }
}

/** The one image of an upload: its name (without folders) and bytes; 400 when the `file` part is missing. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fail(415, UPLOAD_ERRORS.mediaType, { mediaType: 'multipart/form-data' });
  let image: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== FILE_PART) {
        throw fail(400, UPLOAD_ERRORS.unexpectedPart, { part: printable(part.fieldname) });
      }
      const bytes = await part.toBuffer();
      if (isInvalidText(part.filename)) throw invalidText(FILE_PART);
      const fileName = (part.filename.split(/[\\/]/).pop() ?? '').slice(-FILE_NAME_MAX) || 'image';
      image = { fileName, bytes };
    }
  } catch (error) {
    throw readingError(error);
  }
  if (!image) throw fail(400, UPLOAD_ERRORS.missingPart, { part: FILE_PART });
  return image;
}

export const themeRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<ThemeRow, ThemeRecord, NewTheme & ThemeForm>(app, {
    db,
    contract: theme,
    listingNames: THEME_LISTING,
    table: themes,
    id: themes.id,
    customerColumn: themes.customerId,
    select: (database) => database.select().from(themes).$dynamic(),
    listing: themeList,
    record: theme.getOne.schema.response[200],
    toRecords: (database, found) => toThemeRecords(database, found),
    notFound: themeNotFound,
    audit: { table: 'Theme', fields: auditedTheme, customerOf: (row) => row.customerId },
    translate,
    modifiedAt: themes.lastModifiedDate,
    only: ['list', 'getMany', 'create', 'update'],
    create: {
      values: async ({ tx, caller, request }, form) => {
        const customerId = requiredCustomerOf(request);
        const given: ThemeDefinition = form.themeDefinition ?? DEFAULT_THEME_DEFINITION;
        const { definition, imageMap } = await savedDefinition(tx, customerId, given);
        return { customerId, name: form.name.trim(), definition, imageMap, createdBy: caller.account.id };
      },
    },
    update: {
      values: async ({ tx }, before, form) => {
        if (await isShown(tx, before.id)) throw themeError('THEME_LOCKED');
        const { definition, imageMap } = await savedDefinition(tx, before.customerId, form.themeDefinition);
        // Saving a rejected theme is the customer's answer to the rejection: it is active again.
        return { name: form.name.trim(), definition, imageMap, status: 'ACTIVE', rejectReason: null };
      },
    },
  });

  /** The theme of the body's themeId in the call's customer (locked when `forUpdate`), or 404. */
  const themeOfBody = (tx: Database, request: FastifyRequest, forUpdate = false) =>
    rows.find(tx, request, (request.body as { themeId?: unknown }).themeId, forUpdate);

  app.route({
    ...optionsOf(contractRoute(theme, 'getOne')),
    handler: async (request) => (await toThemeRecords(db, [await themeOfBody(db, request)]))[0]!,
  });

  app.route({
    ...optionsOf(contractRoute(theme, 'delete')),
    handler: async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const row = await themeOfBody(tx, request, true);
          if (await isShown(tx, row.id)) throw themeError('THEME_IN_USE');
          const [record] = await toThemeRecords(tx, [row]);
          // Its images stay: an app may still show them from a cached copy of the theme.
          await tx.delete(themes).where(eq(themes.id, row.id));
          await rows.audit(rows.context(request, tx), 'DELETE', row, null);
          return record!;
        });
      } catch (error) {
        throw translate(error);
      }
    },
  });

  app.route({
    ...routeOf(theme.base, theme.actions.getDefault, 'theme.getDefault'),
    handler: async () => DEFAULT_THEME_DEFINITION,
  });

  app.route({
    ...routeOf(theme.base, theme.actions.reject, 'theme.reject'),
    handler: async (request) => {
      const reason = request.body.reason.trim();
      const after = await db.transaction(async (tx) => {
        const before = await themeOfBody(tx, request, true);
        if (before.status === 'REJECTED' && before.rejectReason === reason) return before;
        const [updated] = await tx
          .update(themes)
          .set({ status: 'REJECTED', rejectReason: reason, lastModifiedDate: new Date() })
          .where(eq(themes.id, before.id))
          .returning();
        await recordAudit(tx, callerOf(request).account, {
          table: 'Theme',
          action: 'UPDATE',
          entityId: before.id,
          customerId: before.customerId,
          changes: changesBetween(auditedTheme(before), auditedTheme(updated!)),
        });
        return updated!;
      });
      return (await toThemeRecords(db, [after]))[0]!;
    },
  });

  app.route({
    ...routeOf('', themeFiles.calls.image, 'theme-files.image'),
    handler: async (request, reply) => {
      const { id } = request.params;
      if (!UUID_PATTERN.test(id)) throw themeError('THEME_IMAGE_NOT_FOUND');
      const [image] = await db
        .select({ mimeType: files.mimeType, bytes: files.bytes })
        .from(files)
        .where(and(eq(files.id, id.toLowerCase()), servedAsThemeImage()));
      if (!image) throw themeError('THEME_IMAGE_NOT_FOUND');
      reply
        .type(image.mimeType)
        .header('cache-control', IMAGE_CACHE)
        .header('x-content-type-options', 'nosniff');
      if (image.mimeType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      return reply.send(image.bytes);
    },
  });

  // The upload reads a multipart body (one `file` part of at most 1 MB): the parser is enabled here only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: THEME_LIMITS.imageBytes, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    scope.addHook('onRequest', async (request) => {
      const contentType = request.headers['content-type'];
      if (contentType !== undefined && !isMultipartType(contentType)) {
        throw fail(415, UPLOAD_ERRORS.mediaType, { mediaType: 'multipart/form-data' });
      }
    });
    scope.route({
      ...routeOf(theme.base, theme.actions.upload, 'theme.upload'),
      handler: async (request, reply) => {
        const customerId = requiredCustomerOf(request);
        const { fileName, bytes } = await readUpload(request);
        const mimeType = checkedImageType(bytes);
        const id = await db.transaction((tx) =>
          storeThemeImage(tx, customerId, { fileName, mimeType, bytes }),
        );
        reply.code(201);
        return { path: themeFilePath(id), fileName, mimeType, size: bytes.length };
      },
    });
  });
};
