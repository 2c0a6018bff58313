import { USER_LISTING, type UserUpdateForm, user } from '../../../contract/user.ts';
import type { Kit } from '../../kit/kit.ts';
import { customerPlan } from '../subscription/coverage.ts';
import {
  readUserUpdate,
  refuseAppSecret,
  setUsersStatus,
  tallyOf,
  type UserRow,
  userDevicesOf,
  userHistory,
  userInPack,
  userRows,
  usersByIds,
} from './users.ts';

/**
 * A customer's users (contract/user.ts): the list (its total from the tallies), a user, several, an edit,
 * and the calls that need the user's token pack or app (PIN, face id, history, troubleshooting log). Every
 * call acts in one customer: another customer's user id is a 404, as an unknown one.
 */
export function userRoutes(kit: Kit): void {
  kit.crud<UserRow, unknown, UserUpdateForm, typeof user>(user, userRows, {
    record: user.getOne.schema.response[200],
    listingNames: USER_LISTING,
    only: ['list', 'getOne', 'update'],
    update: { values: (_, before, form) => readUserUpdate(form, before) },
    // Activate or deactivate every user a filter matches (server/kit/bulk.ts), a batch at a time.
    bulk: {
      activate: (scope, ids) => setUsersStatus(scope, ids, 'ACTIVE'),
      deactivate: (scope, ids) => setUsersStatus(scope, ids, 'INACTIVE'),
    },
  });

  kit.route(user, 'getMany', (call) => usersByIds(call, call.query.ids));

  kit.route(user, 'countActiveUsers', async (call) => (await tallyOf(call.tx, { status: 'ACTIVE' })) ?? 0);

  // The users list's header: how many users, how many the plans cover, how many are over the plan.
  kit.route(user, 'planCoverage', (call) => customerPlan(call.tx));

  // The app's PIN never leaves the phone: nothing here could send it.
  kit.route(user, 'sendTsApin', async (call) =>
    refuseAppSecret(await userRows.find(call, call.params.id), 'noPinToSend'),
  );

  kit.route(user, 'history', (call) =>
    userHistory(call, call.params.id, call.params.tokenPackId, call.query),
  );

  kit.route(user, 'deviceId', (call) => userDevicesOf(call, call.params.id, call.params.tokenPackId));

  // The enrolled face never leaves the phone: nothing here could reset it.
  kit.route(user, 'resetFaceId', async (call) => {
    const { user: found } = await userInPack(call, call.body.userId, call.body.tokenPackId);
    return refuseAppSecret(found, 'noFaceToReset');
  });
}
