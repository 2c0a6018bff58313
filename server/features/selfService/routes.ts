import { selfService } from '../../../contract/selfService.ts';
import type { Kit } from '../../kit/kit.ts';
import { contactOperator, emailHasAccount } from './contact.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import { ownProfileOf, verifyRecoveryEmail } from './recoveryEmail.ts';
import { activateSignup, signUp } from './signup.ts';

/**
 * The self-service calls (contract/selfService.ts): every one but the profile's read is open without a
 * token. Sign-up and the password reset hash a password outside any transaction: they open their own.
 * The links' tokens are never logged nor answered; the mails that carry them are written in the
 * transaction of the change they belong to.
 */
export function selfServiceRoutes(kit: Kit): void {
  kit.route(selfService, 'emailExisted', async (call) => ({
    existed: await emailHasAccount(call.tx, call.query.email),
  }));

  kit.route(selfService, 'emailNotExisted', async (call) => ({
    notExisted: !(await emailHasAccount(call.tx, call.query.email)),
  }));

  kit.route(selfService, 'signup', { transaction: false }, async (call) => {
    const answer = await signUp(call, call.body);
    return call.reply.status(201).send(answer);
  });

  kit.route(selfService, 'activate', { transaction: false }, (call) => activateSignup(call, call.body.token));

  kit.route(selfService, 'forgotPassword', { transaction: false }, async (call) => {
    await requestPasswordReset(call, call.body);
    return call.reply.status(202).send({ success: true });
  });

  kit.route(selfService, 'resetPassword', { transaction: false }, async (call) => {
    await resetPassword(call, call.body);
    return { success: true };
  });

  kit.route(selfService, 'verifyRecoveryEmail', { transaction: false }, (call) =>
    verifyRecoveryEmail(call, call.body.token),
  );

  kit.route(selfService, 'getProfile', (call) => ownProfileOf(call.tx, call.caller.account.id));

  kit.route(selfService, 'contactUs', { transaction: false }, async (call) => {
    await contactOperator(call, call.request.log, call.body);
    return call.reply.status(202).send({ success: true });
  });
}
