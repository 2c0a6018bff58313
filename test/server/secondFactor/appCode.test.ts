import { eq } from 'drizzle-orm';
import { OTP_LOCK } from '../../../contract/otp.ts';
import { SECOND_FACTOR_ERRORS } from '../../../contract/secondFactor.ts';
import { customers, oauthClients, seamlessSessions, userDevices } from '../../../server/db/schema.ts';
import { tenant } from '../activationCode/fixtures.ts';
import { apiKeyOf, newService, otpCalls } from '../otp/fixtures.ts';
import {
  type AppAccount,
  accountWithApp,
  codeOf,
  errorOf,
  PASSWORD,
  pendingSignin,
  secondFactorSuite,
  wrongCodeOf,
} from './fixtures.ts';

/**
 * The V-Key app proves itself with its current code (no password): a code works once, whichever call takes
 * it (the app's answer to a sign-in request, a code typed in to complete one, a gateway's OTP check), and
 * five wrong codes in a row lock the account's devices for 15 minutes. With its code the app also answers
 * a QR sign-in (appSeamlessDecision), by the same rules as the signed-in app's decision.
 */

const HOST = 'portal.example:8443';
const PORTAL_CLIENT = 'gateway-portal-web';
const PORTAL_REDIRECT = `http://${HOST}/oauth2/handler`;

const { ctx, calls, acme } = secondFactorSuite();

const deviceOf = async (userId: string) =>
  (await ctx.db.select().from(userDevices).where(eq(userDevices.userId, userId)))[0]!;

describe('wrong codes', () => {
  it(`are refused (401), and ${OTP_LOCK.attempts} in a row lock the devices: 423 even with the right code`, async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const request = await pendingSignin(ctx, owner.email);
    const wrong = await wrongCodeOf(owner.seed);
    for (let attempt = 1; attempt < OTP_LOCK.attempts; attempt++) {
      const answer = await calls.complete({ ...secretOf(request), code: wrong });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.wrongCode));
    }
    expect((await deviceOf(owner.userId)).failedAttempts).toBe(OTP_LOCK.attempts - 1);
    // The app's answers count too.
    const fifth = await calls.appDecision({ requestId: request.requestId, decision: 'APPROVE', code: wrong });
    expect(fifth.status).toBe(401);
    expect(fifth.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.wrongCode));
    const device = await deviceOf(owner.userId);
    expect(device.lockedUntil!.getTime() - Date.now()).toBeGreaterThan((OTP_LOCK.minutes - 1) * 60_000);

    const right = await codeOf(owner.seed);
    const locked = await calls.complete({ ...secretOf(request), code: right });
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.locked));
    const app = await calls.appDecision({ requestId: request.requestId, decision: 'APPROVE', code: right });
    expect(app.status).toBe(423);
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'INITIAL' });

    // Once the lock ends, the right code works and the count starts over.
    await ctx.db
      .update(userDevices)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(userDevices.id, device.id));
    const done = await calls.complete({ ...secretOf(request), code: right });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await deviceOf(owner.userId)).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it('are forgotten after a right code', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const request = await pendingSignin(ctx, owner.email);
    await calls.complete({ ...secretOf(request), code: await wrongCodeOf(owner.seed) });
    expect((await deviceOf(owner.userId)).failedAttempts).toBe(1);
    const done = await calls.complete({ ...secretOf(request), code: await codeOf(owner.seed) });
    expect(done.status).toBe(200);
    expect((await deviceOf(owner.userId)).failedAttempts).toBe(0);
  });

  it("of another account's app are refused: only the request's account's devices count", async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const stranger = await accountWithApp(ctx, acme);
    const request = await pendingSignin(ctx, owner.email);
    const answer = await calls.appDecision({
      requestId: request.requestId,
      decision: 'APPROVE',
      code: await codeOf(stranger.seed),
    });
    expect(answer.status).toBe(401);
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'INITIAL' });
  });
});

const secretOf = (request: { requestId: string; requestSecret: string }) => ({
  requestId: request.requestId,
  requestSecret: request.requestSecret,
});

describe('a code', () => {
  it("works once across the app's answer, a completion and a gateway's OTP check", async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const serviceId = await newService(ctx, acme.id, acme.packId, 'Acme VPN');
    const apiKey = await apiKeyOf(ctx, acme.id, serviceId);
    const verify = (code: string) => otpCalls(ctx).verify(apiKey, { username: owner.username, code });

    const first = await pendingSignin(ctx, owner.email);
    const code = await codeOf(owner.seed);
    const approved = await calls.appDecision({ requestId: first.requestId, decision: 'APPROVE', code });
    expect(approved.status).toBe(200);

    const second = await pendingSignin(ctx, owner.email);
    const typed = await calls.complete({ ...secretOf(second), code });
    expect(typed.status).toBe(401);
    expect(typed.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.wrongCode));
    expect((await verify(code)).body).toEqual({ valid: false });

    // The next period's code is taken once, by the gateway; then it no longer completes the sign-in.
    const next = await codeOf(owner.seed, -30);
    expect((await verify(next)).body).toEqual({ valid: true, method: 'app' });
    const late = await calls.complete({ ...secretOf(second), code: next });
    expect(late.status).toBe(401);
    expect((await calls.complete(secretOf(first))).status).toBe(200);
  });

  it('works once when a completion and an answer of the app arrive at the same time', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const first = await pendingSignin(ctx, owner.email);
    const second = await pendingSignin(ctx, owner.email);
    const code = await codeOf(owner.seed);
    const answers = await Promise.all([
      calls.complete({ ...secretOf(first), code }),
      calls.appDecision({ requestId: second.requestId, decision: 'APPROVE', code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe("the app's answer to a QR sign-in, with its code", () => {
  const initSession = async () => {
    const answer = await ctx.call(
      'GET',
      `/api/v-key-seamless/init-session?${new URLSearchParams({
        realm: 'r-portal',
        client_id: PORTAL_CLIENT,
        redirect_url: PORTAL_REDIRECT,
        state: `state-${Date.now()}`,
      })}`,
      { headers: { host: HOST } },
    );
    expect(answer.status).toBe(200);
    return answer.body as { sessionId: string; idSignature: string };
  };
  const seamlessStatus = async (sessionId: string) =>
    (await ctx.call('GET', `/api/service-mgmt/seamless/get-request-status-by-id/${sessionId}`)).body;
  /** The app of `owner` answers the session with its code (`secondsAgo` earlier), as `login` (its email). */
  const appAnswer = async (
    sessionId: string,
    owner: Pick<AppAccount, 'email' | 'seed'>,
    { decision = 'APPROVE', login = owner.email, secondsAgo = 0 } = {},
  ) => calls.appSeamlessDecision({ sessionId, decision, login, code: await codeOf(owner.seed, secondsAgo) });

  it('approves the session without a password; its authenticate step then answers a code of the account', async () => {
    const owner = await accountWithApp(ctx, acme);
    const { sessionId, idSignature } = await initSession();
    const answer = await appAnswer(sessionId, owner, { login: `  ${owner.email.toUpperCase()} ` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'APPROVE' });
    const [stored] = await ctx.db.select().from(seamlessSessions).where(eq(seamlessSessions.id, sessionId));
    expect(stored!.accountId).toBe(owner.accountId);
    expect((await deviceOf(owner.userId)).lastSignInDate).not.toBeNull();

    const authenticated = await ctx.call('POST', '/api/v-key-seamless/authenticate', {
      json: { sessionId, idSignature },
    });
    expect(authenticated.status).toBe(200);
    expect(authenticated.body.fields.code).toEqual(expect.stringMatching(/^[\w-]{43}$/));
    const token = await ctx.call('POST', '/api/auth/token', {
      json: { code: authenticated.body.fields.code, client_id: PORTAL_CLIENT, redirect_uri: PORTAL_REDIRECT },
    });
    expect(token.status).toBe(200);
    expect((await calls.me(token.body.token)).body.email).toBe(owner.email);
  });

  it('rejects the session', async () => {
    const owner = await accountWithApp(ctx, acme);
    const { sessionId } = await initSession();
    const answer = await appAnswer(sessionId, owner, { decision: 'REJECT' });
    expect(answer.status).toBe(204);
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'REJECT' });
    expect((await deviceOf(owner.userId)).lastSignInDate).toBeNull();
  });

  it('answers a wrong code, an unknown account and an account without an app alike (401)', async () => {
    const owner = await accountWithApp(ctx, acme);
    const withoutApp = await ctx.createAccount({
      email: `no-app-${Date.now()}@example.com`,
      password: PASSWORD,
      customerId: acme.id,
    });
    const { sessionId } = await initSession();
    const cases = [
      { login: owner.email, code: await wrongCodeOf(owner.seed) },
      { login: 'nobody@example.com', code: await codeOf(owner.seed) },
      { login: withoutApp.email, code: await codeOf(owner.seed) },
    ];
    for (const body of cases) {
      const answer = await calls.appSeamlessDecision({ sessionId, decision: 'APPROVE', ...body });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.wrongCode));
    }
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'INITIAL' });
    expect((await deviceOf(owner.userId)).failedAttempts).toBe(1);
  });

  it('keeps the decision rules: answered once, an unknown session, a client of another customer', async () => {
    const owner = await accountWithApp(ctx, acme);
    const { sessionId } = await initSession();
    const decide = (id: string, secondsAgo = 0) => appAnswer(id, owner, { secondsAgo });
    expect((await decide(sessionId)).status).toBe(204);
    const again = await decide(sessionId, -30);
    expect(again.status).toBe(409);
    expect(again.body.messageKey).toBe('error.seamless.alreadyDecided');

    const unknown = await decide('00000000-0000-4000-8000-000000000000', -30);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messageKey).toBe('error.seamless.notFound');

    // A refused decision does not use the code up.
    const other = await ctx.createCustomer({ companyName: 'Other' });
    await ctx.db
      .update(oauthClients)
      .set({ customerId: other.id })
      .where(eq(oauthClients.clientId, PORTAL_CLIENT));
    try {
      const bound = await initSession();
      const refused = await decide(bound.sessionId, -30);
      expect(refused.status).toBe(403);
      expect(await seamlessStatus(bound.sessionId)).toEqual({ status: 'INITIAL' });
    } finally {
      await ctx.db
        .update(oauthClients)
        .set({ customerId: null })
        .where(eq(oauthClients.clientId, PORTAL_CLIENT));
    }
    const fresh = await initSession();
    expect((await decide(fresh.sessionId, -30)).status).toBe(204);
  });

  it('refuses an account that must still change its password, and an inactive one (403)', async () => {
    const fresh = await accountWithApp(ctx, acme, { forceChangePassword: true });
    const { sessionId } = await initSession();
    const refused = await appAnswer(sessionId, fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.messageKey).toBe('error.account.passwordChangeRequired');

    const sleepy = await tenant(ctx, 'Sleepy');
    const owner = await accountWithApp(ctx, sleepy);
    await ctx.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, sleepy.id));
    const answer = await appAnswer(sessionId, owner);
    expect(answer.status).toBe(403);
    expect(answer.body.messageKey).toBe('error.account.inactive');
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'INITIAL' });
  });
});
