import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { account } from '../../../contract/account.ts';
import { secondFactor } from '../../../contract/secondFactor.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { recordSignInEvent, type SignInEvent } from '../../domain/signInEvents.ts';
import { routeOf } from '../../kit/contractRoutes.ts';
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
 * An account's second factor with the V-Key app (contract/secondFactor.ts, server/domain/secondFactor.ts):
 * the browser's calls after a sign-in answered a request, the app's answers (proved with its current code),
 * and My Account → Security.
 */
export const secondFactorRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  config: Config;
  sealer: Sealer;
  /** The clock of the requests' lifetimes and of the codes (tests move it instead of waiting). */
  now: () => Date;
}> = async (app, { db, config, sealer, now }) => {
  app.route({
    ...routeOf('', secondFactor.calls.status, 'second-factor.status'),
    handler: async (request, reply) => {
      const status = await secondFactorStatus(db, request.params.requestId, now());
      return reply.header('cache-control', 'no-store').send({ status });
    },
  });

  app.route({
    ...routeOf('', secondFactor.calls.complete, 'second-factor.complete'),
    handler: async (request, reply) => {
      const at = now();
      // A code typed in the browser: an approval by code, recorded whether it matched or not.
      let checked: SignInEvent | undefined;
      try {
        const answer = await completeSecondFactor(
          db,
          sealer,
          request.body,
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
        return reply.header('cache-control', 'no-store').send(answer);
      } finally {
        if (checked) await recordSignInEvent(db, request.log, checked);
      }
    },
  });

  app.route({
    ...routeOf('', secondFactor.calls.appDecision, 'second-factor.appDecision'),
    handler: async (request) => {
      const at = now();
      const { status, account } = await decideSecondFactor(db, sealer, request.body, at);
      await recordSignInEvent(db, request.log, {
        kind: 'approval',
        method: 'app',
        outcome: status === 'APPROVE' ? 'success' : 'failure',
        accountId: account.id,
        customerId: account.customerId,
        at,
      });
      return { status };
    },
  });

  app.route({
    ...routeOf('', secondFactor.calls.appSeamlessDecision, 'second-factor.appSeamlessDecision'),
    handler: async (request, reply) => {
      const at = now();
      const account = await decideSeamlessWithAppCode(db, sealer, request.body, at);
      // A QR sign-in the app rejected (an approved one counts once the browser is granted its session).
      if (request.body.decision === 'REJECT') {
        await recordSignInEvent(db, request.log, {
          kind: 'sign-in',
          method: 'qr',
          outcome: 'failure',
          accountId: account.id,
          customerId: account.customerId,
          at,
        });
      }
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(account.base, account.actions.get2faConfiguration, 'account.get2faConfiguration'),
    handler: async (request) => secondFactorConfiguration(db, callerOf(request).account.id),
  });

  app.route({
    ...routeOf(account.base, account.actions.configure2fa, 'account.configure2fa'),
    handler: async (request) =>
      configureSecondFactor(db, callerOf(request).account, request.params.accountId, request.body.enable2fa),
  });
};
