import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  TOKEN_PACK_ERRORS as E,
  isTokenPackName,
  type NewTokenPack,
  type SubscriptionPlan,
  TOKEN_PACK_LISTING,
  type TokenPackChanges,
  type TokenPackImageKind,
  type TokenPackRecord,
} from '../../../contract/tokenPack.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, type Filter, ilikeAny, inList } from '../../db/listing.ts';
import {
  directories,
  files,
  periodPlans,
  serviceInstances,
  subscriptions,
  tierPlans,
  tokenPacks,
} from '../../db/schema.ts';
import { changesBetween } from '../../domain/audit.ts';
import { fail } from '../../errors.ts';
import type { WriteScope } from '../../kit/call.ts';
import { defineRows } from '../../kit/rows.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { assignableTheme, themeNames } from '../theme/themes.ts';

/**
 * Token packs (docs/requirements/portal-entities.md, docs/requirements/portal-states.md, docs/requirements/portal-validation.md; docs/requirements/billing-services-entities.md): their records with their services, the rules of their
 * fields, the services usable in them (enabled, effective on save), their images (rows of `files`) and the
 * theme their app shows (the theme feature's assignableTheme). Every query runs in the call's customer: the
 * database's row-level security keeps it to that customer's packs, services, directories and subscriptions.
 */

export type TokenPackRow = typeof tokenPacks.$inferSelect;

export const tokenPackNotFound = () => fail(E.notFound);
const serviceInstanceOnePack = () => fail(E.serviceInstanceOnePack);

/** Where anyone reads a pack's image; `v` changes with every new file, so a cached one is never stale. */
export const tokenPackImageUrl = (id: string, kind: TokenPackImageKind, fileId: string): string =>
  `/api/idm-config/token-pack-v2/${id}/image/${kind}?v=${fileId}`;

/** The name as stored: trimmed; blank is 'Name is required', special characters 'Name is invalid'. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw fail(E.nameRequired);
  if (!isTokenPackName(trimmed)) throw fail(E.nameInvalid);
  return trimmed;
}

/** A directory of the customer's, or 400 'This directory does not exist.' (another customer's too). */
async function checkDirectory(tx: Database, id: string): Promise<void> {
  const [found] = await tx
    .select({ id: directories.id })
    .from(directories)
    .where(eq(directories.id, id.toLowerCase()));
  if (!found) throw fail(E.directoryNotFound);
}

/** A subscription of the customer's (its id as stored), or 404 'Subscription not found'. */
async function checkSubscription(tx: Database, id: string): Promise<string> {
  if (!UUID_PATTERN.test(id)) throw fail(E.subscriptionNotFound);
  const [found] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, id.toLowerCase()));
  if (!found) throw fail(E.subscriptionNotFound);
  return found.id;
}

/** The ids of a pack's usable (enabled) services, sorted. */
async function enabledServiceIds(tx: Database, packId: string): Promise<string[]> {
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
async function setUsableServices(
  tx: Database,
  pack: Pick<TokenPackRow, 'id'>,
  serviceIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(serviceIds.map((id) => id.toLowerCase()))];
  const ofPack = eq(serviceInstances.tokenPackId, pack.id);
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
function checkNewPackServices(serviceIds: readonly string[] | undefined): void {
  if (serviceIds && serviceIds.length > 0) throw serviceInstanceOnePack();
}

/** An uploaded image, as the multipart reader answers it (its type judged by its content). */
export interface PackImage {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** Stores an uploaded image of the customer's; answers its file id. */
async function storeImage(tx: Database, customerId: string, file: PackImage): Promise<string> {
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
async function dropFiles(tx: Database, fileIds: readonly (string | null)[]): Promise<void> {
  const ids = fileIds.filter((id): id is string => id !== null);
  if (ids.length > 0) await tx.delete(files).where(inArray(files.id, ids));
}

/** What the audit log compares: the editable fields, the images as file ids, the usable services. */
const auditedPack = (row: TokenPackRow, serviceIds: readonly string[]) => ({
  name: row.name,
  subscriptionId: row.subscriptionId,
  wizardStatus: row.wizardStatus,
  primaryDirectoryId: row.primaryDirectoryId,
  themeId: row.themeId,
  activationReminderDays: row.activationReminderDays,
  iconFileId: row.iconFileId,
  featureImageFileId: row.featureImageFileId,
  serviceIds: [...serviceIds],
});

/** The plan and period of each of these subscriptions, by id. */
async function subscriptionPlans(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, SubscriptionPlan>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: subscriptions.id,
      tierPlanType: tierPlans.tierPlanType,
      tierName: tierPlans.name,
      periodName: periodPlans.name,
    })
    .from(subscriptions)
    .innerJoin(tierPlans, eq(tierPlans.id, subscriptions.tierPlanId))
    .innerJoin(periodPlans, eq(periodPlans.id, subscriptions.periodPlanId))
    .where(inArray(subscriptions.id, [...new Set(ids)]));
  return new Map(found.map(({ id, ...plan }) => [id, plan]));
}

/** Rows as records, with their services (sorted by name) and their themes' names, read in two queries. */
async function toPackRecords(db: Database, rows: readonly TokenPackRow[]): Promise<TokenPackRecord[]> {
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
  const planOf = await subscriptionPlans(
    db,
    rows.flatMap((row) => (row.subscriptionId === null ? [] : [row.subscriptionId])),
  );
  return rows.map((row) => {
    const own = services.filter((service) => service.tokenPackId === row.id);
    return {
      id: row.id,
      customerId: row.customerId,
      name: row.name,
      subscriptionId: row.subscriptionId,
      subscriptionPlan: row.subscriptionId === null ? null : (planOf.get(row.subscriptionId) ?? null),
      wizardStatus: row.wizardStatus,
      iconUrl: row.iconFileId === null ? null : tokenPackImageUrl(row.id, 'icon', row.iconFileId),
      featureImageUrl:
        row.featureImageFileId === null
          ? null
          : tokenPackImageUrl(row.id, 'featureImage', row.featureImageFileId),
      primaryDirectoryId: row.primaryDirectoryId,
      themeId: row.themeId,
      themeName: row.themeId === null ? null : (themeNameOf.get(row.themeId) ?? null),
      activationReminderDays: row.activationReminderDays,
      serviceIds: own.filter((service) => service.enabled).map((service) => service.id),
      services: own.map(({ id, instanceName, status, enabled }) => ({ id, instanceName, status, enabled })),
      createdDate: row.createdDate.toISOString(),
      lastModifiedDate: row.lastModifiedDate.toISOString(),
    };
  });
}

// ——— The rows the calls read and write ———

/** A service of the pack (any text: an id that is no service's matches nothing). */
const hasService: Filter = {
  schema: Type.String({ maxLength: 100 }),
  where: (value) =>
    typeof value === 'string' && UUID_PATTERN.test(value)
      ? sql`exists (select 1 from ${serviceInstances} where ${serviceInstances.id} = ${value.toLowerCase()}
          and ${serviceInstances.tokenPackId} = ${tokenPacks.id})`
      : sql`false`,
};

const packSort = {
  name: tokenPacks.name,
  wizardStatus: tokenPacks.wizardStatus,
  createdDate: tokenPacks.createdDate,
  lastModifiedDate: tokenPacks.lastModifiedDate,
  id: tokenPacks.id,
};

const packListing = defineListing({
  filters: {
    q: ilikeAny([tokenPacks.name]),
    subscriptionId: equals(tokenPacks.subscriptionId),
    wizardStatus: equals(tokenPacks.wizardStatus),
    serviceId: hasService,
    id: inList(tokenPacks.id),
  },
  sort: packSort,
  defaultSort: TOKEN_PACK_LISTING.defaultSort,
  unique: tokenPacks.id,
});

/** The older list: filters serviceId and q (its query schema is the contract's). */
const olderPackListing = defineListing({
  filters: { q: ilikeAny([tokenPacks.name]), serviceId: hasService },
  sort: packSort,
  defaultSort: TOKEN_PACK_LISTING.defaultSort,
  unique: tokenPacks.id,
});

const packRowsSpec = {
  table: tokenPacks,
  id: tokenPacks.id,
  customerColumn: tokenPacks.customerId,
  select: (db: Database) => db.select().from(tokenPacks).$dynamic(),
  listing: packListing,
  toRecords: (scope: { tx: Database }, rows: TokenPackRow[]) => toPackRecords(scope.tx, rows),
  notFound: tokenPackNotFound,
  audit: {
    table: 'TokenPack' as const,
    fields: (row: TokenPackRow) => auditedPack(row, []),
    customerOf: (row: TokenPackRow) => row.customerId,
  },
  modifiedAt: tokenPacks.lastModifiedDate,
};

/** A customer's token packs, answered with their services and their themes' names. */
export const tokenPackRows = defineRows<TokenPackRow, TokenPackRecord>(packRowsSpec);

/** The same packs, listed in the older shape (filters serviceId and q). */
export const olderTokenPackRows = defineRows<TokenPackRow, TokenPackRecord>({
  ...packRowsSpec,
  listing: olderPackListing,
});

/** The customer's packs matching `where`, by name, as records. */
async function packsWhere(tx: Database, where: SQL): Promise<TokenPackRecord[]> {
  const rows = await tx
    .select()
    .from(tokenPacks)
    .where(where)
    .orderBy(asc(tokenPacks.name), asc(tokenPacks.id));
  return toPackRecords(tx, rows);
}

/** The packs of one of the customer's subscriptions (404 for another's). */
export async function packsOfSubscription(tx: Database, id: string): Promise<TokenPackRecord[]> {
  return packsWhere(tx, eq(tokenPacks.subscriptionId, await checkSubscription(tx, id)));
}

/** The customer's packs whose setup wizard is at a status. */
export const packsAtWizardStatus = (tx: Database, status: TokenPackRow['wizardStatus']) =>
  packsWhere(tx, eq(tokenPacks.wizardStatus, status));

/** The pack one of the customer's services belongs to (404 for another's service). */
export async function packOfService(tx: Database, serviceId: string): Promise<TokenPackRecord> {
  if (!UUID_PATTERN.test(serviceId)) throw tokenPackNotFound();
  const [found] = await tx
    .select({ pack: tokenPacks })
    .from(serviceInstances)
    .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
    .where(eq(serviceInstances.id, serviceId.toLowerCase()));
  if (!found) throw tokenPackNotFound();
  return (await toPackRecords(tx, [found.pack]))[0]!;
}

/** The file column of each image kind. */
const IMAGE_COLUMNS = {
  icon: tokenPacks.iconFileId,
  featureImage: tokenPacks.featureImageFileId,
} as const;

/** A pack's image, for anyone (its 404 when the pack or the image is missing). */
export async function packImage(
  tx: Database,
  id: string,
  kind: TokenPackImageKind,
): Promise<{ fileId: string; mimeType: string; bytes: Buffer }> {
  if (!UUID_PATTERN.test(id)) throw fail(E.imageNotFound);
  const [image] = await tx
    .select({ fileId: files.id, mimeType: files.mimeType, bytes: files.bytes })
    .from(tokenPacks)
    .innerJoin(files, eq(files.id, IMAGE_COLUMNS[kind]))
    .where(eq(tokenPacks.id, id.toLowerCase()));
  if (!image) throw fail(E.imageNotFound);
  return image;
}

/** The images a create or an update carries, by part. */
export type PackImages = Partial<Record<'iconFile' | 'featureImageFile', PackImage>>;

/** One audit entry of a pack's change (the changes given: they include its usable services). */
const auditPack = (
  scope: WriteScope,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  pack: TokenPackRow,
  changes: ReturnType<typeof changesBetween>,
) =>
  scope.audit({
    table: 'TokenPack',
    action,
    entityId: pack.id,
    entityName: pack.name,
    customerId: pack.customerId,
    changes,
  });

/**
 * Adds a pack of the call's customer: its name, subscription, primary directory and theme checked, its
 * images stored. Answers its record.
 */
export async function createPack(
  scope: WriteScope & { customer: string },
  data: NewTokenPack,
  images: PackImages,
): Promise<TokenPackRecord> {
  const { tx, customer: customerId } = scope;
  const name = checkedName(data.name);
  checkNewPackServices(data.serviceIds);
  const subscriptionId = data.subscriptionId ? await checkSubscription(tx, data.subscriptionId) : null;
  if (data.primaryDirectoryId) await checkDirectory(tx, data.primaryDirectoryId);
  const themeId = data.themeId ? await assignableTheme(tx, data.themeId) : null;
  const [row] = await tx
    .insert(tokenPacks)
    .values({
      customerId,
      name,
      subscriptionId,
      primaryDirectoryId: data.primaryDirectoryId?.toLowerCase() ?? null,
      themeId,
      activationReminderDays: data.activationReminderDays ?? null,
      iconFileId: images.iconFile ? await storeImage(tx, customerId, images.iconFile) : null,
      featureImageFileId: images.featureImageFile
        ? await storeImage(tx, customerId, images.featureImageFile)
        : null,
    })
    .returning();
  await auditPack(scope, 'CREATE', row!, changesBetween(null, auditedPack(row!, [])));
  return (await toPackRecords(tx, [row!]))[0]!;
}

/**
 * Changes a pack of the call's customer (locked): its name, primary directory, theme (another one: the
 * customer's, not rejected; the one it shows stays, even rejected since), usable services and images (a
 * replaced or removed image's file goes with the change). Nothing changed: no write, no audit entry.
 * Answers its record.
 */
export async function updatePack(
  scope: WriteScope & { customer: string },
  id: string,
  data: TokenPackChanges,
  images: PackImages,
): Promise<TokenPackRecord> {
  const { tx, customer: customerId } = scope;
  const name = data.name === undefined ? undefined : checkedName(data.name);
  const before = await tokenPackRows.find(scope, id, { forUpdate: true });
  const servicesBefore = await enabledServiceIds(tx, before.id);
  if (data.primaryDirectoryId) await checkDirectory(tx, data.primaryDirectoryId);
  const themeId =
    data.themeId === undefined || data.themeId?.toLowerCase() === before.themeId
      ? before.themeId
      : data.themeId === null
        ? null
        : await assignableTheme(tx, data.themeId);
  const servicesAfter =
    data.serviceIds === undefined ? servicesBefore : await setUsableServices(tx, before, data.serviceIds);
  const imageOf = async (
    part: 'iconFile' | 'featureImageFile',
    remove: boolean | undefined,
    current: string | null,
  ) => {
    const file = images[part];
    if (file) return storeImage(tx, customerId, file);
    return remove ? null : current;
  };
  const next: TokenPackRow = {
    ...before,
    name: name ?? before.name,
    primaryDirectoryId:
      data.primaryDirectoryId === undefined
        ? before.primaryDirectoryId
        : (data.primaryDirectoryId?.toLowerCase() ?? null),
    themeId,
    activationReminderDays:
      data.activationReminderDays === undefined ? before.activationReminderDays : data.activationReminderDays,
    iconFileId: await imageOf('iconFile', data.removeIcon, before.iconFileId),
    featureImageFileId: await imageOf('featureImageFile', data.removeFeatureImage, before.featureImageFileId),
  };
  const changes = changesBetween(auditedPack(before, servicesBefore), auditedPack(next, servicesAfter));
  if (Object.keys(changes).length === 0) return tokenPackRows.record(scope, before);
  const after = await tokenPackRows.change(scope, before.id, {
    name: next.name,
    primaryDirectoryId: next.primaryDirectoryId,
    themeId: next.themeId,
    activationReminderDays: next.activationReminderDays,
    iconFileId: next.iconFileId,
    featureImageFileId: next.featureImageFileId,
  });
  // The replaced or removed images go with the change that dropped them.
  await dropFiles(tx, [
    before.iconFileId !== next.iconFileId ? before.iconFileId : null,
    before.featureImageFileId !== next.featureImageFileId ? before.featureImageFileId : null,
  ]);
  await auditPack(scope, 'UPDATE', after, changes);
  return tokenPackRows.record(scope, after);
}

/**
 * Deletes a pack of the call's customer that has no service (409 otherwise): its trusted networks go with
 * it (cascade), its images are deleted with it. Answers its record as it was.
 */
export async function deletePack(scope: WriteScope, id: string): Promise<TokenPackRecord> {
  const { tx } = scope;
  const row = await tokenPackRows.find(scope, id, { forUpdate: true });
  const [services] = await tx
    .select({ total: count() })
    .from(serviceInstances)
    .where(eq(serviceInstances.tokenPackId, row.id));
  if ((services?.total ?? 0) > 0) throw fail(E.hasServices);
  const record = await tokenPackRows.record(scope, row);
  await tokenPackRows.remove(scope, [row.id]);
  await dropFiles(tx, [row.iconFileId, row.featureImageFileId]);
  await auditPack(scope, 'DELETE', row, changesBetween(auditedPack(row, []), null));
  return record;
}
