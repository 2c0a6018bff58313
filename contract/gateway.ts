import { type Static, Type } from 'typebox';
import { closed, NullableString } from './fields.ts';
import { defineCalls, defineErrors } from './kit.ts';

/**
 * The gateway's own sign-ins (README, "Signing in to a VPN through the gateway"): what the services a
 * customer launched answer to the clients they protect (RADIUS today), with the directory's password and
 * the second factor. Every decision is kept in the user's sign-in log (the user's Troubleshooting log) and
 * counted by the dashboard; the RADIUS connector's page shows its last one.
 */

/** How a RADIUS connector asks for the second factor (the connector's `mode`). */
export const RADIUS_MODES = ['challenge', 'push', 'append'] as const;
export type RadiusMode = (typeof RADIUS_MODES)[number];
export const DEFAULT_RADIUS_MODE: RadiusMode = 'challenge';

/** The VPN's RADIUS timeout the push mode needs: the app's approval takes up to RADIUS_PUSH_TIMEOUT_SEC. */
export const RADIUS_PUSH_CLIENT_TIMEOUT_SEC = 30;

/** The protocols the gateway answers sign-ins in: RADIUS (VPNs), OpenID Connect and SAML 2.0 (web sign-in). */
export const GATEWAY_PROTOCOLS = ['RADIUS', 'OIDC', 'SAML'] as const;
export type GatewayProtocol = (typeof GATEWAY_PROTOCOLS)[number];

/** What the gateway answered. */
export const GATEWAY_RESULTS = ['ACCEPT', 'REJECT', 'CHALLENGE'] as const;
export type GatewayResult = (typeof GATEWAY_RESULTS)[number];

/**
 * Why (the user's log and the connector's page say it; a VPN is told only "refused", the web sign-in page
 * says why only once the password was right):
 * - accepted with both factors (`secondFactor`), or the first alone (`bypass`: on the service's 2FA bypass
 *   list; `trustedNetwork`: from one of the token pack's trusted networks);
 * - `challenged`: the password was right, the code was asked (challenge), or the app was asked (push);
 * - refused: `serviceStopped`, `serviceDisabled` (not enabled in its token pack), `noService` (the
 *   connector serves no service), `customerInactive`, `notCovered` (no subscription in force covers the
 *   user; after a right password, else `wrongPassword`), `unknownUser` (no user of that name in the pack's
 *   directory: logged on no user), `userInactive` (after a right password, else `wrongPassword`),
 *   `wrongPassword`, `directoryCannotCheck` (a directory type that cannot check a
 *   password), `directoryUnreachable`, `notPap` (no User-Password: CHAP and EAP are not checked),
 *   `noSecondFactor` (neither an activated app nor an OTP secret), `wrongCode`, `codeLocked`,
 *   `challengeExpired`, `pushRejected`, `pushTimedOut`.
 */
export const GATEWAY_REASONS = [
  'secondFactor',
  'bypass',
  'trustedNetwork',
  'challenged',
  'serviceStopped',
  'serviceDisabled',
  'noService',
  'customerInactive',
  'notCovered',
  'unknownUser',
  'userInactive',
  'wrongPassword',
  'directoryCannotCheck',
  'directoryUnreachable',
  'notPap',
  'noSecondFactor',
  'wrongCode',
  'codeLocked',
  'challengeExpired',
  'pushRejected',
  'pushTimedOut',
] as const;
export type GatewayReason = (typeof GATEWAY_REASONS)[number];

/** One decision of the gateway, as the user's sign-in log and the connector's page show it. */
export const GatewaySignIn = Type.Object({
  id: Type.String(),
  at: Type.String(),
  protocol: Type.Enum([...GATEWAY_PROTOCOLS]),
  /** The service the connector serves, by name (null once deleted). */
  serviceName: NullableString,
  /** The user name the client sent. */
  userName: Type.String(),
  /** The address the sign-in came from (Calling-Station-Id), else the client's (the VPN's). */
  clientAddress: NullableString,
  result: Type.Enum([...GATEWAY_RESULTS]),
  reason: Type.Enum([...GATEWAY_REASONS]),
});
export type GatewaySignIn = Static<typeof GatewaySignIn>;

const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });

/** The app's answer to a sign-in the gateway holds for it (push mode). */
export const GatewayDecisionBody = Type.Object(
  {
    /** Whom the app was activated for (what the activation answered). */
    tokenPackId: Type.String({ minLength: 1, maxLength: 100 }),
    username: Type.String({ minLength: 1, maxLength: 256 }),
    decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
    /** The app's current code: its proof (a code works once). */
    code: TotpCode,
  },
  closed,
);
export type GatewayDecisionBody = Static<typeof GatewayDecisionBody>;

export const gatewayApp = defineCalls({
  name: 'gateway-app',
  calls: {
    decision: {
      method: 'POST',
      path: '/v-key-app/gateway/decision',
      summary:
        "The app's answer to the sign-ins a gateway holds for its user (push mode), proved with its current code",
      access: { public: true },
      limit: 'public',
      errors: [401, 404, 423],
      schema: {
        body: GatewayDecisionBody,
        response: { 200: Type.Object({ answered: Type.Integer({ minimum: 1 }) }) },
      },
    },
  },
});

export const GATEWAY_ERRORS = defineErrors({
  nothingWaiting: {
    status: 404,
    key: 'error.gateway.nothingWaiting',
    text: 'No sign-in is waiting for your approval.',
  },
  wrongCode: {
    status: 401,
    key: 'error.gateway.wrongCode',
    text: 'The code is not right. Check the time on your phone and try again.',
  },
  locked: {
    status: 423,
    key: 'error.gateway.locked',
    text: 'Too many wrong codes: try again in 15 minutes.',
  },
});
