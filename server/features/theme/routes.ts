import {
  DEFAULT_THEME_DEFINITION,
  THEME_LIMITS,
  THEME_LISTING,
  type ThemeDefinition,
  type ThemeForm,
  theme,
  themeFilePath,
  themeFiles,
} from '../../../contract/theme.ts';
import type { Kit } from '../../kit/kit.ts';
import { readFile } from '../../kit/multipart.ts';
import {
  checkedImageType,
  isShown,
  rejectTheme,
  savedDefinition,
  storeThemeImage,
  type ThemeRow,
  themeError,
  themeImage,
  themeRows,
} from './themes.ts';

/**
 * Themes (contract/theme.ts): a customer's administrators search, read, add, save and delete its themes;
 * operators reject one, saying why; images are uploaded one at a time (multipart, a `file` part) and read by
 * anyone by their path. A theme that a token pack shows is locked: it is neither saved (THEME_LOCKED) nor
 * deleted (THEME_IN_USE) until another theme replaces it there. Every write has its audit entry ('Theme').
 */

/** Image paths name their file: the bytes behind a path never change, so they are cached for a year. */
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own must not run scripts or load anything (as the other public images). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function themeRoutes(kit: Kit): void {
  kit.crud<ThemeRow, unknown, ThemeForm & { themeDefinition?: ThemeDefinition }, typeof theme>(
    theme,
    themeRows,
    {
      record: theme.getOne.schema.response[200],
      listingNames: THEME_LISTING,
      only: ['list', 'getMany', 'create', 'update'],
      create: {
        values: async (call, form) => {
          const customerId = call.customer;
          const given = form.themeDefinition ?? DEFAULT_THEME_DEFINITION;
          const { definition, imageMap } = await savedDefinition(call.tx, given);
          return {
            customerId,
            name: form.name.trim(),
            definition,
            imageMap,
            createdBy: call.caller.account.id,
          };
        },
      },
      update: {
        values: async (call, before, form) => {
          if (await isShown(call.tx, before.id)) throw themeError('THEME_LOCKED');
          const { definition, imageMap } = await savedDefinition(
            call.tx,
            form.themeDefinition as ThemeDefinition,
          );
          // Saving a rejected theme is the customer's answer to the rejection: it is active again.
          return { name: form.name.trim(), definition, imageMap, status: 'ACTIVE', rejectReason: null };
        },
      },
    },
  );

  kit.route(theme, 'getOne', async (call) =>
    themeRows.record(call, await themeRows.find(call, call.body.themeId)),
  );

  kit.route(theme, 'delete', { translate: themeRows.spec.translate }, async (call) => {
    const row = await themeRows.find(call, call.body.themeId, { forUpdate: true });
    if (await isShown(call.tx, row.id)) throw themeError('THEME_IN_USE');
    const record = await themeRows.record(call, row);
    // Its images stay: an app may still show them from a cached copy of the theme.
    await themeRows.remove(call, [row.id]);
    await themeRows.audit(call, 'DELETE', row, null);
    return record;
  });

  kit.route(theme, 'getDefault', () => DEFAULT_THEME_DEFINITION);

  kit.route(theme, 'reject', async (call) => {
    const before = await themeRows.find(call, call.body.themeId, { forUpdate: true });
    const after = await rejectTheme(call, before, call.body.reason.trim());
    await themeRows.audit(call, 'UPDATE', before, after);
    return themeRows.record(call, after);
  });

  kit.route(themeFiles, 'image', async (call) => {
    const image = await themeImage(call.tx, call.params.id);
    call.reply
      .type(image.mimeType)
      .header('cache-control', IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff');
    if (image.mimeType === 'image/svg+xml') call.reply.header('content-security-policy', SVG_POLICY);
    return call.reply.send(image.bytes);
  });

  // The upload reads a multipart body (one `file` part of at most 1 MB): the parser is enabled here only.
  kit.multipart({ fileSize: THEME_LIMITS.imageBytes, files: 1, fields: 0, parts: 1 }, (uploads) => {
    uploads.route(theme, 'upload', async (call) => {
      const { fileName, bytes } = await readFile(call.request, {
        part: theme.actions.upload.part,
        tooLarge: () => themeError('THEME_IMAGE_TOO_LARGE'),
      });
      const mimeType = checkedImageType(bytes);
      const id = await storeThemeImage(call.tx, call.customer, { fileName, mimeType, bytes });
      call.reply.code(201);
      return { path: themeFilePath(id), fileName, mimeType, size: bytes.length };
    });
  });
}
