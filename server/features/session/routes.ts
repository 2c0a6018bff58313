import { account } from '../../../contract/account.ts';
import { session } from '../../../contract/session.ts';
import type { Kit } from '../../kit/kit.ts';
import { renewSession } from '../oauth2/oauth2.ts';
import { changeOwnPassword, sessionAccountOf, signIn, signOut, updateOwnProfile } from './sessions.ts';
import { claimSigninAttempt, signinDelayed, sourceOf } from './signinDelay.ts';

/**
 * The session (contract/session.ts): sign-in by password (progressively delayed after wrong passwords, per address),
 * sign-out, the session's permissions; and the signed-in account's own calls (contract/account.ts): its
 * record, its profile and its password.
 */
export function sessionRoutes(kit: Kit): void {
  // Each step commits on its own: a wrong password is counted and recorded whatever the answer.
  kit.route(session, 'signin', { transaction: false }, async (call) => {
    const login = call.body.login.trim().toLowerCase();
    const source = sourceOf(call.request.ip);
    const now = call.services.now();
    const wait = await call.transaction((tx) => claimSigninAttempt(tx, login, source, now));
    if (wait > 0) {
      call.reply.header('retry-after', String(wait));
      throw signinDelayed(wait);
    }
    const { password, state } = call.body;
    return signIn(
      call.transaction,
      call.request.log,
      call.services.config,
      { login, source, password, state },
      now,
    );
  });

  kit.route(session, 'signout', async (call) => {
    await signOut(call.tx, call.caller.sessionId);
    return call.reply.status(204).send();
  });

  kit.route(session, 'renew', (call) =>
    renewSession(call.tx, call.services.config, call.caller.sessionId, call.services.now()),
  );

  // The guard reads the permissions outside any transaction (a call's transaction would wait for it).
  kit.route(session, 'permission', { transaction: false }, async (call) =>
    [...(await call.caller.permissions())].sort(),
  );

  // The password is hashed outside any transaction.
  kit.route(account, 'changePassword', { transaction: false }, async (call) => {
    const { caller } = call;
    await changeOwnPassword(
      call.transaction,
      { accountId: caller.account.id, sessionId: caller.sessionId },
      call.body,
    );
    return { success: true };
  });

  kit.route(account, 'loadAccountByToken', (call) => sessionAccountOf(call.tx, call.caller.account.id));

  kit.route(account, 'updateProfile', (call) =>
    updateOwnProfile(
      call,
      {
        mail: call.services.mail,
        productName: call.services.config.productName,
        now: call.services.now(),
      },
      call.caller.account,
      call.body,
    ),
  );
}
