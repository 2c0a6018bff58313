import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { DIRECTORY_ERRORS } from '../../../contract/directory.ts';
import {
  APP_NOT_ACTIVATED,
  NO_FACE_TO_RESET,
  NO_PIN_TO_SEND,
  TOKEN_PACK_NOT_FOUND,
  USER_LISTING,
  type UserRecord,
  type UserUpdateForm,
  user,
} from '../../../contract/user.ts';
import { requiredCustomerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { defineListing, eq as equals, inList } from '../../db/listing.ts';
import { activationCodes, auditLog, tokenPacks, userDevices, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { crud } from '../../kit/legacyCrud.ts';
import { UUID_PATTERN } from '../../validation.ts';
import { seamlessServiceFilter } from '../service/userLists.ts';
import {
  auditedUser,
  readUserUpdate,
  selectUsers,
  tallyOf,
  type UserRow,
  userSearch,
  withTokenPacks,
} from './users.ts';

/**
 * A customer's users (contract/user.ts): the list (its total from the tallies), a user, several, an edit,
 * and the calls that need the user's token pack or app (PIN, face id, history, troubleshooting log). Every
 * call acts in one customer: another customer's user id is a 404, as an unknown one.
 */

export const userNotFound = () =>
  notFound(DIRECTORY_ERRORS.userNotFound.key, DIRECTORY_ERRORS.userNotFound.text);
const tokenPackNotFound = () => notFound(TOKEN_PACK_NOT_FOUND.key, TOKEN_PACK_NOT_FOUND.text);

/** The id of the customer's token pack `id`, or 404. */
async function tokenPackOf(db: Database, customerId: string, id: string): Promise<string> {
  if (!UUID_PATTERN.test(id)) throw tokenPackNotFound();
  const [pack] = await db
    .select({ id: tokenPacks.id })
    .from(tokenPacks)
    .where(and(eq(tokenPacks.id, id.toLowerCase()), eq(tokenPacks.customerId, customerId)));
  if (!pack) throw tokenPackNotFound();
  return pack.id;
}

/** The users list: the filters of every user list, and the users on a service's seamless login list. */
const userList = defineListing({
  filters: {
    q: userSearch,
    status: equals(users.status),
    directoryId: equals(users.directoryId),
    id: inList(users.id),
    seamlessServiceId: seamlessServiceFilter,
  },
  sort: {
    username: users.username,
    displayName: users.displayName,
    email: users.email,
    status: users.status,
    createdDate: users.createdDate,
    id: users.id,
  },
  defaultSort: USER_LISTING.defaultSort,
  unique: users.id,
});

export const userRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const rows = crud<UserRow, UserRecord, UserUpdateForm>(app, {
    db,
    contract: user,
    listingNames: USER_LISTING,
    table: users,
    id: users.id,
    customerColumn: users.customerId,
    select: selectUsers,
    listing: userList,
    // The tallies count by directory and status: a service's list is counted.
    total: async (request, filters) =>
      filters.seamlessServiceId === undefined ? tallyOf(db, requiredCustomerOf(request), filters) : undefined,
    record: user.getOne.schema.response[200],
    toRecords: (database, found, request) => withTokenPacks(database, requiredCustomerOf(request), found),
    notFound: userNotFound,
    audit: { table: 'User', fields: auditedUser, customerOf: (row) => row.customerId },
    modifiedAt: users.lastModifiedDate,
    update: { values: (_, __, form) => readUserUpdate(form) },
    only: ['list', 'getOne', 'update'],
  });

  app.route({
    ...routeOf(user.base, user.getMany, 'users.getMany'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const ids = [
        ...new Set(
          request.query.ids
            .split(',')
            .map((id) => id.trim().toLowerCase())
            .filter((id) => UUID_PATTERN.test(id)),
        ),
      ].slice(0, 1000);
      if (ids.length === 0) return [];
      const found = await selectUsers(db).where(
        and(eq(users.customerId, customerId), inArray(users.id, ids)),
      );
      const records = await withTokenPacks(db, customerId, found);
      const byId = new Map(records.map((record) => [record.id, record]));
      return ids.flatMap((id) => {
        const record = byId.get(id);
        return record ? [record] : [];
      });
    },
  });

  app.route({
    ...routeOf(user.base, user.actions.countActiveUsers, 'users.countActiveUsers'),
    handler: async (request) => (await tallyOf(db, requiredCustomerOf(request), { status: 'ACTIVE' })) ?? 0,
  });

  app.route({
    ...routeOf(user.base, user.actions.sendTsApin, 'users.sendTsApin'),
    handler: async (request) => {
      const found = await rows.find(db, request, request.params.id);
      if (!found.appActivated) throw conflict(APP_NOT_ACTIVATED.key, APP_NOT_ACTIVATED.text);
      // The app's PIN never leaves the phone: nothing here could send it.
      throw conflict(NO_PIN_TO_SEND.key, NO_PIN_TO_SEND.text);
    },
  });

  // The token pack's calls: the user must be the customer's, then the token pack.
  app.route({
    ...routeOf(user.base, user.actions.history, 'users.history'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const found = await rows.find(db, request, request.params.id);
      const pack = await tokenPackOf(db, customerId, request.params.tokenPackId);
      const page = Number(request.query.page ?? 0);
      const pageSize = Math.min(Math.max(Number(request.query.pageSize ?? 10), 1), 1000);
      // The user's own entries, and those of the user's activation code in the pack (its activation).
      const where = and(
        eq(auditLog.customerId, customerId),
        or(
          eq(auditLog.entityId, found.id),
          inArray(
            auditLog.entityId,
            db
              .select({ id: sql<string>`${activationCodes.id}::text` })
              .from(activationCodes)
              .where(and(eq(activationCodes.userId, found.id), eq(activationCodes.tokenPackId, pack))),
          ),
        ),
      );
      const direction = request.query.order === 'ASC' ? asc : desc;
      const first =
        request.query.sort === 'action' ? direction(auditLog.action) : direction(auditLog.modifiedDate);
      const [entries, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(first, direction(auditLog.modifiedDate), auditLog.id)
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        content: entries.map((entry) => ({
          id: entry.id,
          date: entry.modifiedDate.toISOString(),
          action: entry.action,
          actor: entry.modifiedBy,
          changes: entry.changes,
        })),
        totalElements: counted?.total ?? 0,
        page,
        pageSize,
      };
    },
  });
  app.route({
    ...routeOf(user.base, user.actions.deviceId, 'users.deviceId'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const found = await rows.find(db, request, request.params.id);
      const pack = await tokenPackOf(db, customerId, request.params.tokenPackId);
      const devices = await db
        .select()
        .from(userDevices)
        .where(and(eq(userDevices.userId, found.id), eq(userDevices.tokenPackId, pack)))
        .orderBy(desc(userDevices.activatedDate), userDevices.id);
      return devices.map((device) => ({
        deviceId: device.id,
        name: device.deviceName,
        activatedDate: device.activatedDate.toISOString(),
        lastSignIn: device.lastSignInDate?.toISOString() ?? null,
        lastApproval: null,
      }));
    },
  });
  app.route({
    ...routeOf(user.base, user.actions.resetFaceId, 'users.resetFaceId'),
    handler: async (request) => {
      const customerId = requiredCustomerOf(request);
      const found = await rows.find(db, request, request.body.userId);
      await tokenPackOf(db, customerId, request.body.tokenPackId);
      if (!found.appActivated) throw conflict(APP_NOT_ACTIVATED.key, APP_NOT_ACTIVATED.text);
      // The enrolled face never leaves the phone: nothing here could reset it.
      throw conflict(NO_FACE_TO_RESET.key, NO_FACE_TO_RESET.text);
    },
  });
};
