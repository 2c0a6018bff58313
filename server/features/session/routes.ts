import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { session } from '../../../contract/session.ts';
import { callerOf } from '../../auth/guard.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, customers, sessions } from '../../db/schema.ts';
import { recordSignInEvent, type SignInOutcome } from '../../domain/signInEvents.ts';
import { AppError } from '../../errors.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
import { completeSignin } from '../oauth2/oauth2.ts';
import { openSecondFactorRequest } from '../secondFactor/secondFactor.ts';
import { claimSigninAttempt, forgetSigninFailures, signinDelayed } from './signinDelay.ts';

const invalidCredential = () =>
  new AppError(401, 'error.account.invalidCredential', 'Invalid Account Credential');
const inactive = () => new AppError(403, 'error.account.inactive', 'Account is inactive');

export const authRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  config: Config;
  /** The clock of the sign-in delay. */
  now: () => Date;
}> = async (app, { db, config, now: clock }) => {
  app.route({
    ...routeOf('', session.calls.signin, 'session.signin'),
    handler: async (request, reply) => {
      const login = request.body.login.trim().toLowerCase();
      const now = clock();
      const wait = await claimSigninAttempt(db, login, now);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw signinDelayed(wait);
      }

      const [account] = await db
        .select({
          id: accounts.id,
          passwordHash: accounts.passwordHash,
          status: accounts.status,
          customerId: accounts.customerId,
          customerStatus: customers.status,
          forceChangePassword: accounts.forceChangePassword,
          enable2fa: accounts.enable2fa,
        })
        .from(accounts)
        .leftJoin(customers, eq(customers.id, accounts.customerId))
        .where(eq(accounts.email, login));
      // The dashboard's sign-ins (an unknown address: no account, no customer).
      const record = (outcome: SignInOutcome) =>
        recordSignInEvent(db, request.log, {
          kind: 'sign-in',
          method: 'password',
          outcome,
          accountId: account?.id ?? null,
          customerId: account?.customerId ?? null,
          at: now,
        });

      if (!account) {
        await verifyAgainstDummy(request.body.password);
        await record('failure');
        throw invalidCredential();
      }
      if (!(await verifyPassword(request.body.password, account.passwordHash))) {
        await record('failure');
        throw invalidCredential();
      }
      await forgetSigninFailures(db, login);
      if (
        account.status !== 'ACTIVE' ||
        (account.customerId !== null && account.customerStatus !== 'ACTIVE')
      ) {
        await record('failure');
        throw inactive();
      }

      const { state } = request.body;
      // The second factor applies once the account has changed its initial password (turning it on needs
      // a signed-in account): the password then opens a request for the V-Key app instead of a session.
      // The password was right: a sign-in by password that succeeded, whether a second factor follows or not.
      const answer =
        account.enable2fa && !account.forceChangePassword
          ? await db.transaction((tx) => openSecondFactorRequest(tx, { accountId: account.id, state }, now))
          : await db.transaction((tx) => completeSignin(tx, config, account, state, now));
      await record('success');
      return answer;
    },
  });

  app.route({
    ...routeOf('', session.calls.signout, 'session.signout'),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, caller.sessionId));
      return reply.status(204).send();
    },
  });
};
