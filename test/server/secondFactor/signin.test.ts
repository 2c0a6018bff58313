import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TTL_SEC } from '../../../contract/secondFactor.ts';
import {
  accounts,
  authorizationCodes,
  authorizationRequests,
  oauthClients,
  secondFactorRequests,
  sessions,
  userDevices,
} from '../../../server/db/schema.ts';
import { sha256Hex } from '../../../server/domain/secrets.ts';
import {
  type AppAccount,
  accountWithApp,
  codeOf,
  errorOf,
  pendingSignin,
  secondFactorSuite,
} from './fixtures.ts';

/**
 * Sign-in with the second factor on (contract/secondFactor.ts): the password opens a request instead of a
 * session; the V-Key app approves or rejects it (proved with its current code), or its code is typed in; the
 * browser that holds the request's secret completes it once and receives the session a sign-in answers.
 */

const APP_CLIENT = 'vkey-crm-web';
const APP_REDIRECT = 'https://crm.example/callback';

const { ctx, calls, acme } = secondFactorSuite();

beforeAll(async () => {
  await ctx.db
    .insert(oauthClients)
    .values({ clientId: APP_CLIENT, name: 'CRM', redirectUris: [APP_REDIRECT] });
});

const sessionsOf = (accountId: string) =>
  ctx.db.select().from(sessions).where(eq(sessions.accountId, accountId));

const approve = async (owner: AppAccount, requestId: string) => {
  const answer = await calls.appDecision({ requestId, decision: 'APPROVE', code: await codeOf(owner.seed) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
};

/** An account of Acme whose second factor is on, and the sign-in request its password opened. */
async function pendingOwner() {
  const owner = await accountWithApp(ctx, acme, { enable2fa: true });
  return { owner, request: await pendingSignin(ctx, owner.email) };
}

/** The browser's completion of `request`, with the secret the sign-in answered (and a code typed in, if any). */
const completion = (request: { requestId: string; requestSecret: string }, code?: string) =>
  calls.complete({ requestId: request.requestId, requestSecret: request.requestSecret, code });

/** Moves the expiry of a request to `ms` milliseconds ago. */
const expiredSince = (requestId: string, ms: number) =>
  ctx.db
    .update(secondFactorRequests)
    .set({ expiresAt: new Date(Date.now() - ms) })
    .where(eq(secondFactorRequests.id, requestId));

describe('sign-in without the second factor', () => {
  it('answers the session at once, as before', async () => {
    const owner = await accountWithApp(ctx, acme);
    const answer = await calls.signin(owner.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: acme.id, forceChangePassword: false },
    });
    expect((await calls.me(answer.body.token)).status).toBe(200);
  });

  it('answers the session to an account that must still change its initial password, even with it on', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true, forceChangePassword: true });
    const answer = await calls.signin(owner.email);
    expect(answer.status).toBe(200);
    expect(answer.body.account).toEqual({ customerId: acme.id, forceChangePassword: true });
  });
});

describe('sign-in with the second factor on', () => {
  it('answers a sign-in request, and opens no session', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const answer = await calls.signin(owner.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      secondFactor: {
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        requestSecret: expect.stringMatching(/^[\w-]{43}$/),
        expiresInSec: SECOND_FACTOR_TTL_SEC,
      },
    });
    expect(await sessionsOf(owner.accountId)).toEqual([]);
    const { requestId, requestSecret } = answer.body.secondFactor;
    const [stored] = await ctx.db
      .select()
      .from(secondFactorRequests)
      .where(eq(secondFactorRequests.id, requestId));
    // Only the secret's hash is kept.
    expect(stored).toMatchObject({ accountId: owner.accountId, status: 'INITIAL', state: null });
    expect(stored!.secretHash).toBe(sha256Hex(requestSecret));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(SECOND_FACTOR_TTL_SEC * 1000);
    expect((await calls.status(requestId)).body).toEqual({ status: 'INITIAL' });
  });

  it('still refuses a wrong password, and an inactive account, before any request', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const wrong = await calls.signin(owner.email, 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.messageKey).toBe('error.account.invalidCredential');
    expect(
      await ctx.db
        .select()
        .from(secondFactorRequests)
        .where(eq(secondFactorRequests.accountId, owner.accountId)),
    ).toEqual([]);
  });

  it('approved in the app, completes with the session a sign-in answers, once', async () => {
    const { owner, request } = await pendingOwner();
    const decided = await approve(owner, request.requestId);
    expect(decided.body).toEqual({ status: 'APPROVE' });
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'APPROVE' });
    // The device records the sign-in (the troubleshooting log shows it).
    const [device] = await ctx.db.select().from(userDevices).where(eq(userDevices.userId, owner.userId));
    expect(device!.lastSignInDate).not.toBeNull();

    const done = await completion(request);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: acme.id, forceChangePassword: false },
    });
    const me = await calls.me(done.body.token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(owner.email);

    // Used up: a second completion finds nothing, and so does the status.
    const again = await completion(request);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.notFound));
    expect((await calls.status(request.requestId)).status).toBe(404);
  });

  it('completed twice at the same time, answers one session', async () => {
    const { owner, request } = await pendingOwner();
    await approve(owner, request.requestId);
    const body = { requestId: request.requestId, requestSecret: request.requestSecret };
    const answers = await Promise.all([calls.complete(body), calls.complete(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await sessionsOf(owner.accountId)).toHaveLength(1);
  });

  it('waits for the app: completing before it answers is refused (409 pending)', async () => {
    const { owner, request } = await pendingOwner();
    const early = await completion(request);
    expect(early.status).toBe(409);
    expect(early.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.pending));
    expect(await sessionsOf(owner.accountId)).toEqual([]);
  });

  it("completes with the app's current code typed in, instead of the app's approval", async () => {
    const { owner, request } = await pendingOwner();
    const done = await completion(request, await codeOf(owner.seed));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await calls.me(done.body.token)).status).toBe(200);
  });

  it('rejected in the app, refuses the completion with the spec text', async () => {
    const { owner, request } = await pendingOwner();
    const decided = await calls.appDecision({
      requestId: request.requestId,
      decision: 'REJECT',
      code: await codeOf(owner.seed),
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toEqual({ status: 'REJECT' });
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'REJECT' });
    const refused = await completion(request);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.rejected));
    expect(refused.body.message).toBe('The authentication request has been rejected.');
    // A code typed in does not overturn the app's rejection.
    const typed = await completion(request, await codeOf(owner.seed, -30));
    expect(typed.status).toBe(401);
    expect(typed.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.rejected));
    expect(await sessionsOf(owner.accountId)).toEqual([]);
  });

  it('answered once: the app cannot change its answer (409)', async () => {
    const { owner, request } = await pendingOwner();
    await approve(owner, request.requestId);
    const again = await calls.appDecision({
      requestId: request.requestId,
      decision: 'REJECT',
      code: await codeOf(owner.seed, -30),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      messageKey: 'error.seamless.alreadyDecided',
      message: 'The authentication request has already been answered.',
    });
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'APPROVE' });
  });

  it('times out: the status says TIMEOUT, and completing or answering it gives the spec text', async () => {
    const { owner, request } = await pendingOwner();
    await expiredSince(request.requestId, 1000);
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'TIMEOUT' });
    const complete = await completion(request, await codeOf(owner.seed));
    expect(complete.status).toBe(401);
    expect(complete.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.timeout));
    expect(complete.body.message).toBe('The authentication request has been expired, please try again!');
    const decided = await calls.appDecision({
      requestId: request.requestId,
      decision: 'APPROVE',
      code: await codeOf(owner.seed),
    });
    expect(decided.status).toBe(401);
    expect(decided.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.timeout));
    expect(await sessionsOf(owner.accountId)).toEqual([]);
  });

  it('approved just before it expired, can still be completed for a short while', async () => {
    const { owner, request } = await pendingOwner();
    await approve(owner, request.requestId);
    await expiredSince(request.requestId, 5000);
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'APPROVE' });
    const done = await completion(request);
    expect(done.status).toBe(200);
  });

  it('needs the secret the sign-in answered: a wrong one is answered as an unknown request', async () => {
    const { owner, request } = await pendingOwner();
    await approve(owner, request.requestId);
    const other = await pendingSignin(ctx, owner.email);
    for (const requestSecret of ['x', other.requestSecret, request.requestSecret.slice(1)]) {
      const answer = await calls.complete({ requestId: request.requestId, requestSecret });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.notFound));
    }
    const unknown = await calls.complete({
      requestId: '00000000-0000-4000-8000-000000000000',
      requestSecret: request.requestSecret,
    });
    expect(unknown.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.notFound));
    // The right secret still works.
    const done = await completion(request);
    expect(done.status).toBe(200);
  });

  it('answers 404 for the status of an unknown or malformed request id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await calls.status(id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(errorOf(SECOND_FACTOR_ERRORS.notFound));
    }
    const decided = await calls.appDecision({ requestId: 'nope', decision: 'APPROVE', code: '123456' });
    expect(decided.status).toBe(404);
  });

  it('refuses a completion once the account was deactivated meanwhile', async () => {
    const { owner, request } = await pendingOwner();
    await approve(owner, request.requestId);
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, owner.accountId));
    const answer = await completion(request);
    expect(answer.status).toBe(403);
    expect(answer.body.messageKey).toBe('error.account.inactive');
    expect(await sessionsOf(owner.accountId)).toEqual([]);
  });

  it('deletes requests long expired when new ones are opened', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const old = await pendingSignin(ctx, owner.email);
    await expiredSince(old.requestId, 2 * 60 * 60_000);
    await pendingSignin(ctx, owner.email);
    expect(
      await ctx.db.select().from(secondFactorRequests).where(eq(secondFactorRequests.id, old.requestId)),
    ).toEqual([]);
  });

  it('turned off again, the sign-in answers the session at once', async () => {
    const { owner, request } = await pendingOwner();
    const done = await completion(request, await codeOf(owner.seed));
    expect(done.status).toBe(200);
    const off = await calls.configure(done.body.token, owner.accountId, false);
    expect(off.status).toBe(200);
    expect(off.body.enable2fa).toBe(false);
    const answer = await calls.signin(owner.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveProperty('token');
    expect((await calls.me(answer.body.token)).status).toBe(200);
  });
});

describe("another client's authorization request (OAuth2 state)", () => {
  const authorizeApp = async (state: string) => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/authentication/oauth2/authorize?${new URLSearchParams({
        client_id: APP_CLIENT,
        redirect_uri: APP_REDIRECT,
        state,
        response_type: 'code',
      })}`,
    });
    expect(answer.statusCode).toBe(302);
  };

  it('survives the second step: the completion answers the redirect with a code and the state', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const state = `state-2fa-${Date.now()}`;
    await authorizeApp(state);
    const request = await pendingSignin(ctx, owner.email, state);
    // Not taken yet: the authorization request waits for the second step.
    expect(
      await ctx.db.select().from(authorizationRequests).where(eq(authorizationRequests.state, state)),
    ).toHaveLength(1);
    await approve(owner, request.requestId);
    const done = await completion(request);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: acme.id, forceChangePassword: false },
      redirectUrl: expect.stringMatching(/^https:\/\/crm\.example\/callback\?code=[\w-]{43}&state=/),
    });
    const url = new URL(done.body.redirectUrl);
    expect(url.searchParams.get('state')).toBe(state);
    const [code] = await ctx.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.accountId, owner.accountId));
    expect(code).toMatchObject({ clientId: APP_CLIENT, redirectUri: APP_REDIRECT });
    const token = await ctx.call('POST', '/api/auth/token', {
      json: { code: url.searchParams.get('code'), client_id: APP_CLIENT, redirect_uri: APP_REDIRECT },
    });
    expect(token.status).toBe(200);
    expect((await calls.me(token.body.token)).body.email).toBe(owner.email);
  });
});
