import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import {
  THEME_ERRORS,
  THEME_IMAGE_TYPES,
  THEME_LIMITS,
  THEME_LISTING,
  type ThemeDefinition,
  type ThemeField,
  type ThemeRecord,
  themeFilePath,
} from '../../../contract/theme.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, ilikeAny } from '../../db/listing.ts';
import { files, themes, tokenPacks } from '../../db/schema.ts';
import { sqlStateOf } from '../../db/sqlState.ts';
import { svgVerdict } from '../../domain/svg.ts';
import { AppError } from '../../errors.ts';
import type { Scope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { invalidField, UUID_PATTERN } from '../../validation.ts';

/**
 * Themes of the white-label app (contract/theme.ts; docs/requirements/portal-routes-and-menus.md, docs/requirements/portal-entities.md; docs/requirements/billing-services-entities.md, docs/requirements/billing-services-states.md): the rules a saved
 * definition follows whatever client sent it, the images it may use (files this customer uploaded), the
 * token packs showing a theme (which lock it), and the uploaded images themselves.
 */

export type ThemeRow = typeof themes.$inferSelect;
export type ThemeImageType = (typeof THEME_IMAGE_TYPES)[number];
type ThemeErrorName = keyof typeof THEME_ERRORS;

/** The contract's answer of that name, as the error the server throws. */
export const themeError = (name: ThemeErrorName): AppError => {
  const { status, key, text } = THEME_ERRORS[name];
  return new AppError(status, key, text);
};

export const themeNotFound = () => themeError('THEME_NOT_FOUND');

// ——— The definition ———

/**
 * The definition as saved: every colour of the common fields copied to the colour field of the same id on
 * every screen (docs/requirements/billing-services-entities.md). A screen's own fields that are not common, and common texts and images, stay
 * as they are.
 */
export function withCommonColours(definition: ThemeDefinition): ThemeDefinition {
  const common = new Map(
    definition.commonDefs.filter((field) => field.type === 'color').map((field) => [field.id, field.value]),
  );
  return {
    commonDefs: definition.commonDefs.map((field) => ({ ...field })),
    screenDefs: definition.screenDefs.map((screen) => ({
      ...screen,
      fields: screen.fields.map((field) => {
        const value = field.type === 'color' ? common.get(field.id) : undefined;
        return value === undefined ? { ...field } : { ...field, value };
      }),
    })),
  };
}

/** One id per screen and one id per field of a screen (and of the common fields): 400 naming the first twin. */
export function checkDefinitionIds(definition: ThemeDefinition): void {
  const firstTwin = (ids: readonly string[]) => ids.find((id, index) => ids.indexOf(id) !== index);
  const screen = firstTwin(definition.screenDefs.map((candidate) => candidate.id));
  if (screen !== undefined) {
    throw invalidField('themeDefinition.screenDefs', `has the screen id '${screen}' twice`);
  }
  const common = firstTwin(definition.commonDefs.map((field) => field.id));
  if (common !== undefined) {
    throw invalidField('themeDefinition.commonDefs', `has the field id '${common}' twice`);
  }
  definition.screenDefs.forEach((candidate, index) => {
    const field = firstTwin(candidate.fields.map((inner) => inner.id));
    if (field !== undefined) {
      throw invalidField(`themeDefinition.screenDefs.${index}.fields`, `has the field id '${field}' twice`);
    }
  });
}

const fieldsOf = (definition: ThemeDefinition): ThemeField[] => [
  ...definition.commonDefs,
  ...definition.screenDefs.flatMap((screen) => screen.fields),
];

/** The file ids of the images a definition uses (its image fields' paths), without repeats. */
export function imageFileIds(definition: ThemeDefinition): string[] {
  const ids = fieldsOf(definition)
    .filter((field) => field.type === 'image' && field.value !== '')
    .map((field) => field.value.split('/').pop()!.toLowerCase());
  return [...new Set(ids)];
}

/**
 * The image map of a definition (path → the uploaded file's name): each image it uses must be a theme image
 * the call's customer uploaded (THEME_IMAGE_UNKNOWN otherwise: another customer's is out of the call's reach).
 */
export async function imageMapOf(tx: Database, definition: ThemeDefinition): Promise<Record<string, string>> {
  const ids = imageFileIds(definition);
  if (ids.length === 0) return {};
  if (ids.some((id) => !UUID_PATTERN.test(id))) throw themeError('THEME_IMAGE_UNKNOWN');
  const found = await tx
    .select({ id: files.id, fileName: files.fileName })
    .from(files)
    .where(and(inArray(files.id, ids), servedAsThemeImage()));
  if (found.length !== ids.length) throw themeError('THEME_IMAGE_UNKNOWN');
  const names = new Map(found.map((file) => [file.id, file.fileName]));
  return Object.fromEntries(ids.map((id) => [themeFilePath(id), names.get(id)!]));
}

/** The definition a theme is saved with, and its image map: the rules above, in order. */
export async function savedDefinition(
  tx: Database,
  definition: ThemeDefinition,
): Promise<{ definition: ThemeDefinition; imageMap: Record<string, string> }> {
  checkDefinitionIds(definition);
  const saved = withCommonColours(definition);
  return { definition: saved, imageMap: await imageMapOf(tx, saved) };
}

// ——— Token packs showing a theme ———

/** The token packs showing each of the themes (by theme id), by name. */
export async function packsShowing(
  db: Database,
  themeIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const shown = new Map<string, { id: string; name: string }[]>();
  if (themeIds.length === 0) return shown;
  const rows = await db
    .select({ id: tokenPacks.id, name: tokenPacks.name, themeId: tokenPacks.themeId })
    .from(tokenPacks)
    .where(inArray(tokenPacks.themeId, [...themeIds]))
    .orderBy(asc(tokenPacks.name), asc(tokenPacks.id));
  for (const row of rows) {
    const list = shown.get(row.themeId!) ?? [];
    list.push({ id: row.id, name: row.name });
    shown.set(row.themeId!, list);
  }
  return shown;
}

/** Rows as records, with the token packs showing them (read in one query). */
export async function toThemeRecords(db: Database, rows: readonly ThemeRow[]): Promise<ThemeRecord[]> {
  const shown = await packsShowing(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const packs = shown.get(row.id) ?? [];
    return {
      id: row.id,
      customerId: row.customerId,
      name: row.name,
      themeDefinition: row.definition as ThemeDefinition,
      imageMap: row.imageMap as Record<string, string>,
      status: row.status,
      rejectReason: row.rejectReason,
      tokenPacks: packs,
      locked: packs.length > 0,
      createdDate: row.createdDate.toISOString(),
      lastModifiedDate: row.lastModifiedDate.toISOString(),
    };
  });
}

/**
 * What the audit log compares: the name, the status and its reason, and each field's value by
 * `common.<field>` and `screen.<screen>.<field>`, so that an entry names the fields that changed (the image
 * map follows the image fields' paths).
 */
export function auditedTheme(row: ThemeRow): Record<string, unknown> {
  const definition = row.definition as ThemeDefinition;
  const values: Record<string, unknown> = {
    name: row.name,
    status: row.status,
    rejectReason: row.rejectReason,
  };
  for (const field of definition.commonDefs) values[`common.${field.id}`] = field.value;
  for (const screen of definition.screenDefs) {
    for (const field of screen.fields) values[`screen.${screen.id}.${field.id}`] = field.value;
  }
  return values;
}

/** Whether a token pack shows the theme (it is then locked). */
export async function isShown(tx: Database, themeId: string): Promise<boolean> {
  const [pack] = await tx
    .select({ id: tokenPacks.id })
    .from(tokenPacks)
    .where(eq(tokenPacks.themeId, themeId))
    .limit(1);
  return pack !== undefined;
}

/**
 * The theme a token pack is to show: one of the call's customer's (404 like an unknown id otherwise: another
 * customer's is out of the call's reach), not rejected (THEME_REJECTED). The theme is locked until the
 * transaction ends, so that it is not rejected or edited meanwhile. Answers its id as stored.
 */
export async function assignableTheme(tx: Database, themeId: string): Promise<string> {
  if (!UUID_PATTERN.test(themeId)) throw themeNotFound();
  const [found] = await tx
    .select({ id: themes.id, status: themes.status })
    .from(themes)
    .where(eq(themes.id, themeId.toLowerCase()))
    .for('share');
  if (!found) throw themeNotFound();
  if (found.status === 'REJECTED') throw themeError('THEME_REJECTED');
  return found.id;
}

/** The names of themes, by id. */
export async function themeNames(
  db: Database,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(inArray(themes.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ——— Uploaded images ———

/**
 * The files the public image call serves (and a definition may use): images of a customer's, of a theme
 * image type. Provider-level files (service template icons) are not served here. The files table keeps no
 * mark of the call that stored a file, so a token pack's image is served here too: it is public already.
 */
export const servedAsThemeImage = (): SQL =>
  and(isNotNull(files.customerId), inArray(files.mimeType, [...THEME_IMAGE_TYPES]))!;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Raster images by their first bytes. */
const SIGNATURES: readonly [ThemeImageType, (bytes: Buffer) => boolean][] = [
  ['image/png', (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff])],
  ['image/gif', (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))],
  ['image/webp', (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)],
];

/**
 * The image type of an upload, judged by its content (not its name or declared type): THEME_IMAGE_TOO_LARGE
 * over 1 MB, THEME_IMAGE_TYPE for anything that is not a PNG, JPEG, GIF, WebP or SVG, THEME_IMAGE_UNSAFE for
 * an SVG with anything off the allow-lists of server/domain/svg.ts (scripts, event handlers, outside links).
 */
export function checkedImageType(bytes: Buffer): ThemeImageType {
  if (bytes.length > THEME_LIMITS.imageBytes) throw themeError('THEME_IMAGE_TOO_LARGE');
  const raster = SIGNATURES.find(([, matches]) => matches(bytes));
  if (raster) return raster[0];
  const verdict = svgVerdict(bytes);
  if (verdict === 'notSvg') throw themeError('THEME_IMAGE_TYPE');
  if (verdict === 'unsafe') throw themeError('THEME_IMAGE_UNSAFE');
  return 'image/svg+xml';
}

/** Stores an uploaded image of the customer's; answers the file's id. */
export async function storeThemeImage(
  tx: Database,
  customerId: string,
  image: { fileName: string; mimeType: ThemeImageType; bytes: Buffer },
): Promise<string> {
  const [stored] = await tx
    .insert(files)
    .values({
      customerId,
      fileName: image.fileName,
      mimeType: image.mimeType,
      size: image.bytes.length,
      bytes: image.bytes,
    })
    .returning({ id: files.id });
  return stored!.id;
}

// ——— The rows the calls read and write ———

const FOREIGN_KEY_VIOLATION = '23503';

export const themeListing = defineListing({
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

/** A customer's themes, answered with the token packs showing them. */
export const themeRows = defineRows<ThemeRow, ThemeRecord>({
  table: themes,
  id: themes.id,
  customerColumn: themes.customerId,
  select: (db) => db.select().from(themes).$dynamic(),
  listing: themeListing,
  toRecords: (scope, found) => toThemeRecords(scope.tx, found),
  notFound: themeNotFound,
  audit: { table: 'Theme', fields: auditedTheme, customerOf: (row) => row.customerId },
  // Deleting a theme a token pack has just been given (a concurrent call) is refused like any in use.
  translate: (error) => (sqlStateOf(error) === FOREIGN_KEY_VIOLATION ? themeError('THEME_IN_USE') : error),
  modifiedAt: themes.lastModifiedDate,
});

/** Sets a theme's status to REJECTED with the provider's reason; answers the row as it is now. */
export async function rejectTheme(scope: Scope, before: ThemeRow, reason: string): Promise<ThemeRow> {
  if (before.status === 'REJECTED' && before.rejectReason === reason) return before;
  return themeRows.change(scope, before.id, { status: 'REJECTED', rejectReason: reason });
}

/** An uploaded image served by its path, or THEME_IMAGE_NOT_FOUND. */
export async function themeImage(tx: Database, id: string): Promise<{ mimeType: string; bytes: Buffer }> {
  if (!UUID_PATTERN.test(id)) throw themeError('THEME_IMAGE_NOT_FOUND');
  const [image] = await tx
    .select({ mimeType: files.mimeType, bytes: files.bytes })
    .from(files)
    .where(and(eq(files.id, id.toLowerCase()), servedAsThemeImage()));
  if (!image) throw themeError('THEME_IMAGE_NOT_FOUND');
  return image;
}
