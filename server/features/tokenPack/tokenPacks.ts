import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  TOKEN_PACK_ERRORS as E,
  isTokenPackName,
  type TokenPackImageKind,
  type TokenPackRecord,
} from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import { directories, files, serviceInstances, subscriptions, tokenPacks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { UploadedFile } from '../../kit/multipart.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { themeNames } from '../theme/themes.ts';

/**
 * Token packs (spec 01 §3, §4, §5; spec 02 §3): their records with their services, the rules of their
 * fields, the services usable in them (enabled, effective on save), their images (rows of `files`) and the
 * theme their app shows (server/domain/themes.ts assignableTheme).
 */

export type TokenPackRow = typeof tokenPacks.$inferSelect;

export const tokenPackNotFound = () => notFound(E.notFound.key, E.notFound.text);
const serviceInstanceOnePack = () => badRequest(E.serviceInstanceOnePack.key, E.serviceInstanceOnePack.text);

/** Where anyone reads a pack's image; `v` changes with every new file, so a cached one is never stale. */
export const tokenPackImageUrl = (id: string, kind: TokenPackImageKind, fileId: string): string =>
  `/api/idm-config/token-pack-v2/${id}/image/${kind}?v=${fileId}`;

/** The file column of each image kind. */
export const IMAGE_COLUMNS = {
  icon: tokenPacks.iconFileId,
  featureImage: tokenPacks.featureImageFileId,
} as const;

/** The name as stored: trimmed; blank is 'Name is required', special characters 'Name is invalid'. */
export function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(E.nameRequired.key, E.nameRequired.text);
  if (!isTokenPackName(trimmed)) throw badRequest(E.nameInvalid.key, E.nameInvalid.text);
  return trimmed;
}

/** A directory of the customer's, or 400 'This directory does not exist.' (another customer's too). */
export async function checkDirectory(tx: Database, customerId: string, id: string): Promise<void> {
  const [found] = await tx
    .select({ id: directories.id })
    .from(directories)
    .where(and(eq(directories.id, id.toLowerCase()), eq(directories.customerId, customerId)));
  if (!found) throw badRequest(E.directoryNotFound.key, E.directoryNotFound.text);
}

/** A subscription of the customer's (its id as stored), or 404 'Subscription not found'. */
export async function checkSubscription(tx: Database, customerId: string, id: string): Promise<string> {
  const missing = () => notFound(E.subscriptionNotFound.key, E.subscriptionNotFound.text);
  if (!UUID_PATTERN.test(id)) throw missing();
  const [found] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id.toLowerCase()), eq(subscriptions.customerId, customerId)));
  if (!found) throw missing();
  return found.id;
}

/** The ids of a pack's usable (enabled) services, sorted. */
export async function enabledServiceIds(tx: Database, packId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: serviceInstances.id })
    .from(serviceInstances)
    .where(and(eq(serviceInstances.tokenPackId, packId), eq(serviceInstances.enabled, true)))
    .orderBy(asc(serviceInstances.id));
  return rows.map((row) => row.id);
}

/**
 * Makes exactly `serviceIds` usable in the pack: each must be one of its service instances ('Service
 * instance must belong to one token pack' otherwise, another customer's included); the pack's other
 * instances are disabled. Answers the usable ids, sorted.
 */
export async function setUsableServices(
  tx: Database,
  pack: Pick<TokenPackRow, 'id' | 'customerId'>,
  serviceIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(serviceIds.map((id) => id.toLowerCase()))];
  const ofPack = and(
    eq(serviceInstances.tokenPackId, pack.id),
    eq(serviceInstances.customerId, pack.customerId),
  );
  if (ids.length > 0) {
    const found = await tx
      .select({ id: serviceInstances.id })
      .from(serviceInstances)
      .where(and(ofPack, inArray(serviceInstances.id, ids)));
    if (found.length !== ids.length) throw serviceInstanceOnePack();
    await tx
      .update(serviceInstances)
      .set({ enabled: true, lastModifiedDate: new Date() })
      .where(and(ofPack, inArray(serviceInstances.id, ids), eq(serviceInstances.enabled, false)));
  }
  await tx
    .update(serviceInstances)
    .set({ enabled: false, lastModifiedDate: new Date() })
    .where(
      and(
        ofPack,
        eq(serviceInstances.enabled, true),
        ids.length > 0 ? notInArray(serviceInstances.id, ids) : undefined,
      ),
    );
  return ids.sort();
}

/** A new pack's services: it has none, so any id is not one of its own. */
export function checkNewPackServices(serviceIds: readonly string[] | undefined): void {
  if (serviceIds && serviceIds.length > 0) throw serviceInstanceOnePack();
}

/** Stores an uploaded image of the customer's; answers its file id. */
export async function storeImage(tx: Database, customerId: string, file: UploadedFile): Promise<string> {
  const [stored] = await tx
    .insert(files)
    .values({
      customerId,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.bytes.length,
      bytes: file.bytes,
    })
    .returning({ id: files.id });
  return stored!.id;
}

/** Deletes the files a change dropped (replaced or removed images, or those of a deleted pack). */
export async function dropFiles(tx: Database, fileIds: readonly (string | null)[]): Promise<void> {
  const ids = fileIds.filter((id): id is string => id !== null);
  if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
}

/** What the audit log compares: the editable fields, the images as file ids, the usable services. */
export const auditedPack = (row: TokenPackRow, serviceIds: readonly string[]) => ({
  name: row.name,
  subscriptionId: row.subscriptionId,
  wizardStatus: row.wizardStatus,
  primaryDirectoryId: row.primaryDirectoryId,
  themeId: row.themeId,
  iconFileId: row.iconFileId,
  featureImageFileId: row.featureImageFileId,
  serviceIds: [...serviceIds],
});

/** Rows as records, with their services (sorted by name) and their themes' names, read in two queries. */
export async function toPackRecords(db: Database, rows: readonly TokenPackRow[]): Promise<TokenPackRecord[]> {
  const ids = rows.map((row) => row.id);
  const services =
    ids.length === 0
      ? []
      : await db
          .select({
            id: serviceInstances.id,
            tokenPackId: serviceInstances.tokenPackId,
            instanceName: serviceInstances.instanceName,
            status: serviceInstances.status,
            enabled: serviceInstances.enabled,
          })
          .from(serviceInstances)
          .where(inArray(serviceInstances.tokenPackId, ids))
          .orderBy(asc(serviceInstances.instanceName), asc(serviceInstances.id));
  const themeNameOf = await themeNames(
    db,
    rows.map((row) => row.themeId),
  );
  return rows.map((row) => {
    const own = services.filter((service) => service.tokenPackId === row.id);
    return {
      id: row.id,
      customerId: row.customerId,
      name: row.name,
      subscriptionId: row.subscriptionId,
      wizardStatus: row.wizardStatus,
      iconUrl: row.iconFileId === null ? null : tokenPackImageUrl(row.id, 'icon', row.iconFileId),
      featureImageUrl:
        row.featureImageFileId === null
          ? null
          : tokenPackImageUrl(row.id, 'featureImage', row.featureImageFileId),
      primaryDirectoryId: row.primaryDirectoryId,
      themeId: row.themeId,
      themeName: row.themeId === null ? null : (themeNameOf.get(row.themeId) ?? null),
      serviceIds: own.filter((service) => service.enabled).map((service) => service.id),
      services: own.map(({ id, instanceName, status, enabled }) => ({ id, instanceName, status, enabled })),
      createdDate: row.createdDate.toISOString(),
      lastModifiedDate: row.lastModifiedDate.toISOString(),
    };
  });
}
