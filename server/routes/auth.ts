import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, customers, sessions, signinFailures } from '../db/schema.ts';
import {
  checkClientCustomer,
  issueAuthorizationCode,
  openSession,
  redirectWithCode,
  takeForeignAuthorizationRequest,
} from '../domain/oauth2.ts';
import { AppError, tooMany } from '../errors.ts';

/** Failures allowed within the window before a login is locked. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MIN = 15;
export const LOCK_MIN = 15;

const invalidCredential = () =>
  new AppError(401, 'error.account.invalidCredential', 'Invalid Account Credential');
const inactive = () => new AppError(403, 'error.account.inactive', 'Account is inactive');

const SigninBody = Type.Object({
  login: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  state: Type.Optional(Type.String({ maxLength: 2048 })),
});

const SigninAnswer = Type.Object({
  token: Type.String(),
  tokenExpireInSec: Type.Integer(),
  account: Type.Object({
    customerId: Type.Union([Type.String(), Type.Null()]),
    forceChangePassword: Type.Boolean(),
  }),
  /** Only for a sign-in that completes another client's authorization request (named by `state`). */
  redirectUrl: Type.Optional(Type.String()),
});

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Counts one failed attempt for `login`, starting a new window or locking it as the rules say. */
async function recordFailure(db: Database, login: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MIN * 60_000);
  const lockEnd = new Date(now.getTime() + LOCK_MIN * 60_000);
  // A new window starts when the first failure is older than the window, or a lock has run out.
  const restart = sql`(${signinFailures.firstFailedAt} <= ${timestamp(windowStart)}
    or (${signinFailures.lockedUntil} is not null and ${signinFailures.lockedUntil} <= ${timestamp(now)}))`;
  await db.transaction(async (tx) => {
    await tx
      .insert(signinFailures)
      .values({ login, count: 1, firstFailedAt: now, lockedUntil: null })
      .onConflictDoUpdate({
        target: signinFailures.login,
        set: {
          count: sql`case when ${restart} then 1 else ${signinFailures.count} + 1 end`,
          firstFailedAt: sql`case when ${restart} then ${timestamp(now)} else ${signinFailures.firstFailedAt} end`,
          lockedUntil: sql`case when not ${restart} and ${signinFailures.count} + 1 >= ${MAX_FAILURES}
            then ${timestamp(lockEnd)} else null end`,
        },
      });
    // Forget finished windows so that the table does not grow with every login ever tried.
    await tx
      .delete(signinFailures)
      .where(
        and(
          lt(signinFailures.firstFailedAt, windowStart),
          or(isNull(signinFailures.lockedUntil), lt(signinFailures.lockedUntil, now)),
        ),
      );
  });
}

export const authRoutes: FastifyPluginAsyncTypebox<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/auth/signin',
    {
      config: { access: { public: true }, limit: 'signin' },
      schema: { body: SigninBody, response: { 200: SigninAnswer } },
    },
    async (request) => {
      const login = request.body.login.trim().toLowerCase();
      const now = new Date();

      const [lock] = await db
        .select({ lockedUntil: signinFailures.lockedUntil })
        .from(signinFailures)
        .where(and(eq(signinFailures.login, login), gt(signinFailures.lockedUntil, now)));
      if (lock?.lockedUntil) {
        const minutes = Math.max(1, Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 60_000));
        throw tooMany(
          'error.auth.tooManyAttempts',
          'Too many failed sign-in attempts. Try again in %{minutes} minutes.',
          { minutes },
        );
      }

      const [account] = await db
        .select({
          id: accounts.id,
          passwordHash: accounts.passwordHash,
          status: accounts.status,
          customerId: accounts.customerId,
          customerStatus: customers.status,
          forceChangePassword: accounts.forceChangePassword,
        })
        .from(accounts)
        .leftJoin(customers, eq(customers.id, accounts.customerId))
        .where(eq(accounts.email, login));

      if (!account) {
        await verifyAgainstDummy(request.body.password);
        await recordFailure(db, login, now);
        throw invalidCredential();
      }
      if (!(await verifyPassword(request.body.password, account.passwordHash))) {
        await recordFailure(db, login, now);
        throw invalidCredential();
      }
      if (
        account.status !== 'ACTIVE' ||
        (account.customerId !== null && account.customerStatus !== 'ACTIVE')
      ) {
        throw inactive();
      }

      const { state } = request.body;
      return db.transaction(async (tx) => {
        await tx.delete(signinFailures).where(eq(signinFailures.login, login));
        // A state naming another client's pending authorization request: that client gets a code too.
        const authorization = state
          ? await takeForeignAuthorizationRequest(tx, state, config.portalClientId, now)
          : undefined;
        if (authorization) checkClientCustomer(authorization.client, account.customerId);
        const session = await openSession(tx, config, account, now);
        if (!authorization) return session;
        const code = await issueAuthorizationCode(
          tx,
          {
            clientId: authorization.client.clientId,
            redirectUri: authorization.redirectUri,
            accountId: account.id,
          },
          now,
        );
        return {
          ...session,
          redirectUrl: redirectWithCode(authorization.redirectUri, code, authorization.state),
        };
      });
    },
  );

  app.post('/auth/signout', { config: { access: {} } }, async (request, reply) => {
    const caller = callerOf(request);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, caller.sessionId));
    return reply.status(204).send();
  });
};
