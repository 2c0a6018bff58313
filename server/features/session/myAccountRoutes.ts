import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { account } from '../../../contract/account.ts';
import { session } from '../../../contract/session.ts';
import { callerOf } from '../../auth/guard.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, customers, roles, sessions } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';

/** The signed-in account as the session keeps it: its fields, its roles and its customer's name. */
async function sessionAccountOf(db: Database, accountId: string) {
  const [found] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      mobilePhone: accounts.mobilePhone,
      status: accounts.status,
      isCustomerRoot: accounts.isCustomerRoot,
      customerId: accounts.customerId,
      customerName: customers.companyName,
      forceChangePassword: accounts.forceChangePassword,
    })
    .from(accounts)
    .leftJoin(customers, eq(customers.id, accounts.customerId))
    .where(eq(accounts.id, accountId));
  if (!found) throw unauthorized();
  const accountRoleRows = await db
    .select({ id: roles.id, name: roles.name, displayName: roles.displayName, scope: roles.scope })
    .from(roles)
    .innerJoin(accountRoles, eq(accountRoles.roleId, roles.id))
    .where(eq(accountRoles.accountId, found.id))
    .orderBy(asc(roles.name), asc(roles.id));
  return {
    ...found,
    username: found.email,
    customerName: found.customerName ?? null,
    roleIds: accountRoleRows.map((role) => role.id),
    roles: accountRoleRows,
  };
}

export const accountRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...routeOf('', session.calls.permission, 'session.permission'),
    handler: async (request) => [...(await callerOf(request).permissions())].sort(),
  });

  app.route({
    ...routeOf(account.base, account.actions.changePassword, 'account.changePassword'),
    handler: async (request) => {
      const caller = callerOf(request);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      if (newPassword !== confirmPassword) {
        throw badRequest(
          'error.password.confirmMismatch',
          'Password and Confirm New Password does not match',
        );
      }
      if (!checkPasswordPolicy(newPassword)) {
        throw badRequest(
          'error.password.policy',
          'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
        );
      }
      const [account] = await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, caller.account.id));
      if (!account) throw unauthorized();
      if (!(await verifyPassword(oldPassword, account.passwordHash))) {
        throw badRequest('error.account.oldPasswordIncorrect', 'Old Password is Incorrect');
      }
      if (newPassword === oldPassword) {
        throw badRequest(
          'error.password.sameAsOld',
          'The new password must be different from the old password.',
        );
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(accounts)
          .set({ passwordHash, forceChangePassword: false, modifiedDate: now })
          .where(eq(accounts.id, caller.account.id));
        // Other sessions were opened with the old password: they end here; this one goes on.
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(sessions.accountId, caller.account.id),
              ne(sessions.id, caller.sessionId),
              isNull(sessions.revokedAt),
            ),
          );
      });
      return { success: true };
    },
  });

  app.route({
    ...routeOf(account.base, account.actions.loadAccountByToken, 'account.loadAccountByToken'),
    handler: async (request) => sessionAccountOf(db, callerOf(request).account.id),
  });

  app.route({
    ...routeOf(account.base, account.actions.updateProfile, 'account.updateProfile'),
    handler: async (request) => {
      const caller = callerOf(request);
      const values = {
        firstName: request.body.firstName.trim(),
        lastName: request.body.lastName.trim(),
        mobilePhone: request.body.mobilePhone.trim(),
      };
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            firstName: accounts.firstName,
            lastName: accounts.lastName,
            mobilePhone: accounts.mobilePhone,
          })
          .from(accounts)
          .where(eq(accounts.id, caller.account.id))
          .for('update');
        if (!before) throw unauthorized();
        const changes = changesBetween(before, values);
        if (Object.keys(changes).length > 0) {
          await tx
            .update(accounts)
            .set({ ...values, modifiedDate: new Date() })
            .where(eq(accounts.id, caller.account.id));
          await recordAudit(tx, caller.account, {
            table: 'Account',
            action: 'UPDATE',
            entityId: caller.account.id,
            customerId: caller.account.customerId,
            changes,
          });
        }
        return sessionAccountOf(tx, caller.account.id);
      });
    },
  });
};
