import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  NewTokenPack,
  TOKEN_PACK_ERRORS,
  TOKEN_PACK_LISTING,
  TokenPackChanges,
  type TokenPackRecord,
  tokenPack,
  tokenPackV2,
  WHITE_LIST_ERRORS,
  WHITE_LIST_LIMITS,
  WHITE_LIST_LISTING,
  type WhiteListIpForm,
  type WhiteListIpRecord,
  whiteListIps as whiteListContract,
} from '../../../contract/tokenPack.ts';
import { callerOf, requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, type Filter, ilikeAny, inList } from '../../db/listing.ts';
import { files, serviceInstances, tokenPacks, whiteListIps } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { contractRoute, optionsOf, routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { sqlStateOf } from '../../kit/deleteMany.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { assignableTheme } from '../theme/themes.ts';
import { enablePackForm, packFormCheck, readPackForm } from './packForm.ts';
import {
  auditedPack,
  checkDirectory,
  checkedName,
  checkNewPackServices,
  checkSubscription,
  dropFiles,
  enabledServiceIds,
  IMAGE_COLUMNS,
  setUsableServices,
  storeImage,
  type TokenPackRow,
  tokenPackNotFound,
  toPackRecords,
} from './tokenPacks.ts';
import { canonicalNetwork } from './trustedNetworks.ts';

/**
 * Token packs and their trusted networks (contract/tokenPack.ts), in the customer of the call:
 * - token-pack-v2: search, read, create and change (multipart: an info part, an icon and a feature image),
 *   delete (refused while the pack has services), the lookups by subscription and by service, and the images
 *   themselves (public: an <img> carries no token);
 * - token-pack: the same records in the older list shape, and the lookup by wizard status;
 * - white-list-ips: a pack's trusted networks, kept canonical (server/domain/tokenPacks/trustedNetworks.ts).
 * Every write runs in one transaction with its audit entry ('TokenPack', 'WhiteListIp').
 */

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** Images are public and change URL when they change: a URL naming the current file is cached for a year. */
const VERSIONED_IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** Without the current file id the URL may show another image tomorrow: the browser asks again each time. */
const UNVERSIONED_IMAGE_CACHE = 'public, no-cache';
/** An SVG opened on its own must not run scripts or load anything (as the service template icons). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

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

const packList = defineListing({
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
const olderPackList = defineListing({
  filters: { q: ilikeAny([tokenPacks.name]), serviceId: hasService },
  sort: packSort,
  defaultSort: TOKEN_PACK_LISTING.defaultSort,
  unique: tokenPacks.id,
});

const whiteListList = defineListing({
  filters: { q: ilikeAny([whiteListIps.ip, whiteListIps.description]) },
  sort: {
    ip: whiteListIps.ip,
    description: whiteListIps.description,
    createdDate: whiteListIps.createdDate,
    id: whiteListIps.id,
  },
  defaultSort: WHITE_LIST_LISTING.defaultSort,
  unique: whiteListIps.id,
});

type WhiteListRow = typeof whiteListIps.$inferSelect;

const toWhiteListRecord = (row: WhiteListRow): WhiteListIpRecord => ({
  id: row.id,
  tokenPackId: row.tokenPackId,
  ip: row.ip,
  description: row.description,
  createdDate: row.createdDate.toISOString(),
  lastModifiedDate: row.lastModifiedDate.toISOString(),
});

const whiteListNotFound = () => notFound(WHITE_LIST_ERRORS.notFound.key, WHITE_LIST_ERRORS.notFound.text);
const duplicateNetwork = () => conflict(WHITE_LIST_ERRORS.duplicate.key, WHITE_LIST_ERRORS.duplicate.text);

/** The canonical network of a form's ip, or 400. */
function networkOf(ip: string): string {
  const canonical = canonicalNetwork(ip.trim());
  if (canonical === undefined)
    throw badRequest(WHITE_LIST_ERRORS.invalid.key, WHITE_LIST_ERRORS.invalid.text);
  return canonical;
}

/** The token pack named by a white-list path (`:tokenPackId`), as stored. */
const packIdOf = (request: FastifyRequest): string =>
  (request.params as { tokenPackId: string }).tokenPackId.toLowerCase();

/** The pack of the path, in the customer of the call (locked when `forUpdate`), or 404. */
async function packOfPath(db: Database, request: FastifyRequest, forUpdate = false): Promise<string> {
  const { tokenPackId } = request.params as { tokenPackId?: unknown };
  if (typeof tokenPackId !== 'string' || !UUID_PATTERN.test(tokenPackId)) throw tokenPackNotFound();
  const query = db
    .select({ id: tokenPacks.id })
    .from(tokenPacks)
    .where(
      and(
        eq(tokenPacks.id, tokenPackId.toLowerCase()),
        eq(tokenPacks.customerId, requiredCustomerOf(request)),
      ),
    );
  const [pack] = forUpdate ? await query.for('update') : await query;
  if (!pack) throw tokenPackNotFound();
  return pack.id;
}

/** A second network the same (even from a concurrent call) is a 409; a pack deleted meanwhile a 404. */
const translateWhiteList = (error: unknown) => {
  const state = sqlStateOf(error);
  if (state === UNIQUE_VIOLATION) return duplicateNetwork();
  if (state === FOREIGN_KEY_VIOLATION) return tokenPackNotFound();
  return error;
};

export const tokenPackRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const packOptions = {
    db,
    table: tokenPacks,
    id: tokenPacks.id,
    customerColumn: tokenPacks.customerId,
    select: (database: Database) => database.select().from(tokenPacks).$dynamic(),
    record: tokenPackV2.getOne.schema.response[200],
    toRecords: (database: Database, rows: TokenPackRow[]) => toPackRecords(database, rows),
    notFound: tokenPackNotFound,
    audit: {
      table: 'TokenPack' as const,
      fields: (row: TokenPackRow) => auditedPack(row, []),
      customerOf: (row: TokenPackRow) => row.customerId,
    },
  };
  const packs = crud<TokenPackRow, TokenPackRecord>(app, {
    ...packOptions,
    contract: tokenPackV2,
    listingNames: TOKEN_PACK_LISTING,
    listing: packList,
    only: ['list', 'getOne'],
  });
  // The older list; its record call is token-pack-v2's (one route).
  crud<TokenPackRow, TokenPackRecord>(app, {
    ...packOptions,
    contract: tokenPack,
    listing: olderPackList,
    only: ['list'],
  });

  /** The customer's packs matching `where`, by name. */
  const packsWhere = async (customerId: string, where: SQL) => {
    const rows = await db
      .select()
      .from(tokenPacks)
      .where(and(eq(tokenPacks.customerId, customerId), where))
      .orderBy(asc(tokenPacks.name), asc(tokenPacks.id));
    return toPackRecords(db, rows);
  };

  const audit = async (
    tx: Database,
    request: FastifyRequest,
    action: 'CREATE' | 'UPDATE' | 'DELETE',
    pack: TokenPackRow,
    changes: ReturnType<typeof changesBetween>,
  ) =>
    recordAudit(tx, callerOf(request).account, {
      table: 'TokenPack',
      action,
      entityId: pack.id,
      customerId: pack.customerId,
      changes,
    });

  app.route({
    ...routeOf(tokenPackV2.base, tokenPackV2.actions.getBySubscription, 'token-pack-v2.getBySubscription'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const subscriptionId = await checkSubscription(db, customerId, request.params.subscriptionId);
      return packsWhere(customerId, eq(tokenPacks.subscriptionId, subscriptionId));
    },
  });

  app.route({
    ...routeOf(tokenPackV2.base, tokenPackV2.actions.getByServiceId, 'token-pack-v2.getByServiceId'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const { serviceId } = request.params;
      if (!UUID_PATTERN.test(serviceId)) throw tokenPackNotFound();
      const [found] = await db
        .select({ pack: tokenPacks })
        .from(serviceInstances)
        .innerJoin(tokenPacks, eq(tokenPacks.id, serviceInstances.tokenPackId))
        .where(
          and(
            eq(serviceInstances.id, serviceId.toLowerCase()),
            eq(serviceInstances.customerId, customerId),
            eq(tokenPacks.customerId, customerId),
          ),
        );
      if (!found) throw tokenPackNotFound();
      return (await toPackRecords(db, [found.pack]))[0]!;
    },
  });

  app.route({
    ...routeOf(tokenPack.base, tokenPack.actions.getByWizardStatus, 'token-pack.getByWizardStatus'),
    handler: async (request) =>
      packsWhere(requiredCustomerOf(request), eq(tokenPacks.wizardStatus, request.params.wizardStatus)),
  });

  app.route({
    ...routeOf(tokenPackV2.base, tokenPackV2.actions.image, 'token-pack-v2.image'),
    handler: async (request, reply) => {
      const { id, kind } = request.params;
      const missing = () =>
        notFound(TOKEN_PACK_ERRORS.imageNotFound.key, TOKEN_PACK_ERRORS.imageNotFound.text);
      if (!UUID_PATTERN.test(id)) throw missing();
      const [image] = await db
        .select({ fileId: files.id, mimeType: files.mimeType, bytes: files.bytes })
        .from(tokenPacks)
        .innerJoin(files, eq(files.id, IMAGE_COLUMNS[kind]))
        .where(eq(tokenPacks.id, id.toLowerCase()));
      if (!image) throw missing();
      const versioned = request.query.v?.toLowerCase() === image.fileId;
      reply
        .type(image.mimeType)
        .header('cache-control', versioned ? VERSIONED_IMAGE_CACHE : UNVERSIONED_IMAGE_CACHE)
        .header('x-content-type-options', 'nosniff');
      if (image.mimeType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      return reply.send(image.bytes);
    },
  });

  app.route({
    ...optionsOf(contractRoute(tokenPackV2, 'delete')),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const row = await packs.find(tx, request, (request.params as { id: string }).id, true);
        const [services] = await tx
          .select({ total: count() })
          .from(serviceInstances)
          .where(eq(serviceInstances.tokenPackId, row.id));
        if ((services?.total ?? 0) > 0) {
          throw conflict(TOKEN_PACK_ERRORS.hasServices.key, TOKEN_PACK_ERRORS.hasServices.text);
        }
        const [record] = await toPackRecords(tx, [row]);
        // Its trusted networks go with it (cascade); its images are deleted with it.
        await tx.delete(tokenPacks).where(eq(tokenPacks.id, row.id));
        await dropFiles(tx, [row.iconFileId, row.featureImageFileId]);
        await audit(tx, request, 'DELETE', row, changesBetween(auditedPack(row, []), null));
        return record!;
      }),
  });

  // Create and change read multipart bodies (an info part and two images): the parser is enabled here only.
  const checkNew = packFormCheck(NewTokenPack);
  const checkChanges = packFormCheck(TokenPackChanges);
  await app.register(async (scope) => {
    await enablePackForm(scope);

    scope.route({
      ...optionsOf(contractRoute(tokenPackV2, 'create')),
      handler: async (request, reply) => {
        const customerId = requiredCustomerOf(request);
        const { data, images } = await readPackForm(request, checkNew);
        const name = checkedName(data.name);
        checkNewPackServices(data.serviceIds);
        const record = await db.transaction(async (tx) => {
          const subscriptionId = data.subscriptionId
            ? await checkSubscription(tx, customerId, data.subscriptionId)
            : null;
          if (data.primaryDirectoryId) await checkDirectory(tx, customerId, data.primaryDirectoryId);
          const themeId = data.themeId ? await assignableTheme(tx, customerId, data.themeId) : null;
          const [row] = await tx
            .insert(tokenPacks)
            .values({
              customerId,
              name,
              subscriptionId,
              primaryDirectoryId: data.primaryDirectoryId?.toLowerCase() ?? null,
              themeId,
              iconFileId: images.iconFile ? await storeImage(tx, customerId, images.iconFile) : null,
              featureImageFileId: images.featureImageFile
                ? await storeImage(tx, customerId, images.featureImageFile)
                : null,
            })
            .returning();
          await audit(tx, request, 'CREATE', row!, changesBetween(null, auditedPack(row!, [])));
          return (await toPackRecords(tx, [row!]))[0]!;
        });
        reply.code(201);
        return record;
      },
    });

    scope.route({
      ...optionsOf(contractRoute(tokenPackV2, 'update')),
      handler: async (request) => {
        const customerId = requiredCustomerOf(request);
        const { id } = request.params as { id: string };
        // Another customer's pack, or none: 404 before the body is read.
        await packs.find(db, request, id);
        const { data, images } = await readPackForm(request, checkChanges);
        const name = data.name === undefined ? undefined : checkedName(data.name);
        const after = await db.transaction(async (tx) => {
          const before = await packs.find(tx, request, id, true);
          const servicesBefore = await enabledServiceIds(tx, before.id);
          if (data.primaryDirectoryId) await checkDirectory(tx, customerId, data.primaryDirectoryId);
          // Another theme: one of the customer's, not rejected (the one it shows stays, even rejected since).
          const themeId =
            data.themeId === undefined || data.themeId?.toLowerCase() === before.themeId
              ? before.themeId
              : data.themeId === null
                ? null
                : await assignableTheme(tx, customerId, data.themeId);
          const servicesAfter =
            data.serviceIds === undefined
              ? servicesBefore
              : await setUsableServices(tx, before, data.serviceIds);
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
            iconFileId: await imageOf('iconFile', data.removeIcon, before.iconFileId),
            featureImageFileId: await imageOf(
              'featureImageFile',
              data.removeFeatureImage,
              before.featureImageFileId,
            ),
          };
          const changes = changesBetween(
            auditedPack(before, servicesBefore),
            auditedPack(next, servicesAfter),
          );
          if (Object.keys(changes).length === 0) return before;
          const [updated] = await tx
            .update(tokenPacks)
            .set({
              name: next.name,
              primaryDirectoryId: next.primaryDirectoryId,
              themeId: next.themeId,
              iconFileId: next.iconFileId,
              featureImageFileId: next.featureImageFileId,
              lastModifiedDate: new Date(),
            })
            .where(eq(tokenPacks.id, before.id))
            .returning();
          // The replaced or removed images go with the change that dropped them.
          await dropFiles(tx, [
            before.iconFileId !== next.iconFileId ? before.iconFileId : null,
            before.featureImageFileId !== next.featureImageFileId ? before.featureImageFileId : null,
          ]);
          await audit(tx, request, 'UPDATE', updated!, changes);
          return updated!;
        });
        return (await toPackRecords(db, [after]))[0]!;
      },
    });
  });

  // ——— Trusted networks: under a pack of the customer's (404 otherwise, before anything else) ———
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      await packOfPath(db, request);
    });
    crud<WhiteListRow, WhiteListIpRecord, WhiteListIpForm>(scope, {
      db,
      contract: whiteListContract,
      listingNames: WHITE_LIST_LISTING,
      table: whiteListIps,
      id: whiteListIps.id,
      customerColumn: whiteListIps.customerId,
      visible: (request) => eq(whiteListIps.tokenPackId, packIdOf(request)),
      select: (database) => database.select().from(whiteListIps).$dynamic(),
      listing: whiteListList,
      record: whiteListContract.create.schema.response[201],
      toRecords: (_, rows) => rows.map(toWhiteListRecord),
      notFound: whiteListNotFound,
      audit: {
        table: 'WhiteListIp',
        fields: ({ tokenPackId, ip, description }) => ({ tokenPackId, ip, description }),
        customerOf: (row) => row.customerId,
      },
      translate: translateWhiteList,
      modifiedAt: whiteListIps.lastModifiedDate,
      create: {
        values: async ({ tx, request }, form) => {
          const ip = networkOf(form.ip);
          // The pack is locked: concurrent additions are counted one after the other.
          const tokenPackId = await packOfPath(tx, request, true);
          const [held] = await tx
            .select({ total: count() })
            .from(whiteListIps)
            .where(eq(whiteListIps.tokenPackId, tokenPackId));
          const max = WHITE_LIST_LIMITS.perTokenPack;
          if ((held?.total ?? 0) >= max) {
            throw conflict(WHITE_LIST_ERRORS.tooMany.key, WHITE_LIST_ERRORS.tooMany.text, { max });
          }
          const [taken] = await tx
            .select({ id: whiteListIps.id })
            .from(whiteListIps)
            .where(and(eq(whiteListIps.tokenPackId, tokenPackId), eq(whiteListIps.ip, ip)));
          if (taken) throw duplicateNetwork();
          return {
            customerId: requiredCustomerOf(request),
            tokenPackId,
            ip,
            description: form.description?.trim() ?? '',
          };
        },
        answer: (_, __, record) => record,
      },
      update: {
        values: async ({ tx }, before, form) => {
          const ip = networkOf(form.ip);
          const [taken] = await tx
            .select({ id: whiteListIps.id })
            .from(whiteListIps)
            .where(
              and(
                eq(whiteListIps.tokenPackId, before.tokenPackId),
                eq(whiteListIps.ip, ip),
                ne(whiteListIps.id, before.id),
              ),
            );
          if (taken) throw duplicateNetwork();
          return { ip, description: form.description?.trim() ?? before.description };
        },
      },
      delete: {},
    });
  });
};
