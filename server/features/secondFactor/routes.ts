import { account } from '../../../contract/account.ts';
import { secondFactor } from '../../../contract/secondFactor.ts';
import { recordSignInEvent, type SignInEvent } from '../../domain/signInEvents.ts';
import type { Kit } from '../../kit/kit.ts';
import { completeSignin } from '../oauth2/oauth2.ts';
import {
  completeSecondFactor,
  configureSecondFactor,
  decideSeamlessWithAppCode,
  decideSecondFactor,
  secondFactorConfiguration,
  secondFactorStatus,
} from './secondFactor.ts';

/**
 * An account's second factor with the V-Key app (contract/secondFactor.ts, secondFactor.ts): the browser's
 * calls after a sign-in answered a request, the app's answers (proved with its current code), and My
 * Account → Security. A code's bookkeeping commits before its refusal is answered, and the dashboard's
 * approvals are recorded in a transaction of their own: these calls open their transactions themselves.
 */
export function secondFactorRoutes(kit: Kit): void {
  kit.route(secondFactor, 'status', async (call) => {
    const status = await secondFactorStatus(call.tx, call.params.requestId, call.services.now());
    return call.reply.header('cache-control', 'no-store').send({ status });
  });

  kit.route(secondFactor, 'complete', { transaction: false }, async (call) => {
    const at = call.services.now();
    const { config, sealer } = call.services;
    const record = (event: SignInEvent) =>
      call.transaction((tx) => recordSignInEvent(tx, call.request.log, event));
    // A code typed in the browser: an approval by code, recorded whether it matched or not.
    let checked: SignInEvent | undefined;
    try {
      const answer = await completeSecondFactor(
        call.transaction,
        sealer,
        call.body,
        at,
        (tx, completed) => completeSignin(tx, config, completed.account, completed.state, at),
        (account, matched) => {
          checked = {
            kind: 'approval',
            method: 'otp',
            outcome: matched ? 'success' : 'failure',
            accountId: account.id,
            customerId: account.customerId,
            at,
          };
        },
      );
      return call.reply.header('cache-control', 'no-store').send(answer);
    } finally {
      if (checked) await record(checked);
    }
  });

  kit.route(secondFactor, 'appDecision', { transaction: false }, async (call) => {
    const at = call.services.now();
    const { status, account } = await decideSecondFactor(
      call.transaction,
      call.services.sealer,
      call.body,
      at,
    );
    await call.transaction((tx) =>
      recordSignInEvent(tx, call.request.log, {
        kind: 'approval',
        method: 'app',
        outcome: status === 'APPROVE' ? 'success' : 'failure',
        accountId: account.id,
        customerId: account.customerId,
        at,
      }),
    );
    return { status };
  });

  kit.route(secondFactor, 'appSeamlessDecision', { transaction: false }, async (call) => {
    const at = call.services.now();
    const account = await decideSeamlessWithAppCode(call.transaction, call.services.sealer, call.body, at);
    // A QR sign-in the app rejected (an approved one counts once the browser is granted its session).
    if (call.body.decision === 'REJECT') {
      await call.transaction((tx) =>
        recordSignInEvent(tx, call.request.log, {
          kind: 'sign-in',
          method: 'qr',
          outcome: 'failure',
          accountId: account.id,
          customerId: account.customerId,
          at,
        }),
      );
    }
    return call.reply.status(204).send();
  });

  kit.route(account, 'get2faConfiguration', (call) =>
    secondFactorConfiguration(call.tx, call.caller.account.id),
  );

  kit.route(account, 'configure2fa', (call) =>
    configureSecondFactor(call, call.caller.account, call.params.accountId, call.body.enable2fa),
  );
}
