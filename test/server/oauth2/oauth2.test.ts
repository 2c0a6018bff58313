import { eq } from 'drizzle-orm';
import {
  accounts,
  authorizationCodes,
  authorizationRequests,
  oauthClients,
} from '../../../server/db/schema.ts';
import { ensureSeed } from '../../../server/seed.ts';
import { type JsonAnswer, sharedTestContext, uniqueEmail } from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';
const HOST = 'portal.example:8443';
const PORTAL_CLIENT = 'gateway-portal-web';
const APP_CLIENT = 'vkey-crm-web';
const APP_REDIRECT = 'https://crm.example/callback';
const INVALID_CODE = {
  messageKey: 'error.oauth2.invalidCode',
  message: 'The authorization code is invalid or has expired.',
};

const ctx = sharedTestContext();
beforeAll(async () => {
  await ctx.db.insert(oauthClients).values({
    clientId: APP_CLIENT,
    name: 'CRM',
    redirectUris: [APP_REDIRECT, 'https://crm.example/other'],
  });
});

async function get(url: string, host = HOST): Promise<JsonAnswer> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { host } });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: isJson ? response.json() : response.body,
    headers: response.headers,
  };
}

const authorize = (params: Record<string, string>) =>
  get(`/api/authentication/oauth2/authorize?${new URLSearchParams(params)}`);
/** The authorization request of a client for a code, as its sign-in link makes it. */
const authorizeCode = (clientId: string, redirectUri: string, state: string) =>
  authorize({ client_id: clientId, redirect_uri: redirectUri, state, response_type: 'code' });
/** The authorization request kept for `state`. */
const storedRequest = async (state: string) =>
  (await ctx.db.select().from(authorizationRequests).where(eq(authorizationRequests.state, state)))[0];

let stateCounter = 0;
const newState = () => {
  stateCounter += 1;
  return `state-${stateCounter}-${Date.now()}`;
};

async function authorizeApp(state = newState(), redirect = APP_REDIRECT) {
  const answer = await authorizeCode(APP_CLIENT, redirect, state);
  expect(answer.status).toBe(302);
  return state;
}

async function newAccount(customerId: string | null = null) {
  const email = uniqueEmail('oauth');
  const account = await ctx.createAccount({ email, password: PASSWORD, customerId });
  return { email, account };
}

const signin = (login: string, state?: string) =>
  ctx.call('POST', '/api/auth/signin', { json: { login, password: PASSWORD, state } });

const exchange = (code: string, clientId = APP_CLIENT, redirectUri = APP_REDIRECT) =>
  ctx.call('POST', '/api/auth/token', { json: { code, client_id: clientId, redirect_uri: redirectUri } });

/** Signs a new account in for the app and answers the code its redirect carries. */
async function codeForApp(): Promise<{ code: string; email: string; accountId: string }> {
  const { email, account } = await newAccount();
  const state = await authorizeApp();
  const answer = await signin(email, state);
  const url = new URL(answer.body.redirectUrl);
  return { code: url.searchParams.get('code')!, email, accountId: account.id };
}

describe("the portal's own client", () => {
  it('is registered at every start, once, with its redirect path', async () => {
    await ensureSeed(ctx.db, ctx.config, () => {});
    const rows = await ctx.db.select().from(oauthClients).where(eq(oauthClients.clientId, PORTAL_CLIENT));
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Test Portal', redirectUris: ['/oauth2/handler'], customerId: null }),
    ]);
  });
});

describe('GET /api/authentication/oauth2/authorize/custom', () => {
  it("sends the sign-in page to itself with the portal's client, its redirect URI on this origin and a new state", async () => {
    const first = await get('/api/authentication/oauth2/authorize/custom');
    expect(first.status).toBe(302);
    expect(first.headers['cache-control']).toBe('no-store');
    const location = String(first.headers.location);
    expect(location).toMatch(/^\/login\?/);
    const url = new URL(location, 'http://unused.example');
    expect([...url.searchParams.keys()]).toEqual(['client_id', 'redirect_uri', 'state', 'response_mode']);
    expect(url.searchParams.get('client_id')).toBe(PORTAL_CLIENT);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${HOST}/oauth2/handler`);
    expect(url.searchParams.get('response_mode')).toBe('query');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{32}$/);

    const stored = await storedRequest(state);
    expect(stored).toMatchObject({
      clientId: PORTAL_CLIENT,
      redirectUri: `http://${HOST}/oauth2/handler`,
      responseMode: 'query',
    });

    const second = await get('/api/authentication/oauth2/authorize/custom', '127.0.0.1:5173');
    const secondUrl = new URL(String(second.headers.location), 'http://unused.example');
    expect(secondUrl.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:5173/oauth2/handler');
    expect(secondUrl.searchParams.get('state')).not.toBe(state);
  });
});

describe('GET /api/authentication/oauth2/authorize', () => {
  it('keeps the request of a registered client and sends the user to the sign-in page', async () => {
    const state = newState();
    const answer = await authorizeCode(APP_CLIENT, APP_REDIRECT, state);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `/login?${new URLSearchParams({ client_id: APP_CLIENT, redirect_uri: APP_REDIRECT, state })}`,
    );
    const stored = await storedRequest(state);
    expect(stored).toMatchObject({
      clientId: APP_CLIENT,
      redirectUri: APP_REDIRECT,
      responseMode: 'form_post',
    });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('refuses an unknown client and a redirect URI the client did not register', async () => {
    const base = {
      client_id: APP_CLIENT,
      redirect_uri: APP_REDIRECT,
      state: newState(),
      response_type: 'code',
    };
    const unknown = await authorize({ ...base, client_id: 'nobody-crm-web' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      messageKey: 'error.oauth2.invalidClient',
      message: 'The client is not registered with the portal.',
    });
    for (const redirect of [`${APP_REDIRECT}/`, 'https://evil.example/callback', `${APP_REDIRECT}?x=1`]) {
      const mismatch = await authorize({ ...base, redirect_uri: redirect });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual({
        messageKey: 'error.oauth2.invalidRedirectUri',
        message: 'The redirect URI is not registered for this client.',
      });
    }
  });

  it('refuses a missing or unsupported response type', async () => {
    const base = { client_id: APP_CLIENT, redirect_uri: APP_REDIRECT, state: newState() };
    for (const params of [base, { ...base, response_type: 'token' }]) {
      const answer = await authorize(params);
      expect(answer.status).toBe(400);
      expect(answer.body.messageKey).toBe('error.validation.invalid');
      expect(answer.body.message).toContain("'response_type'");
    }
  });

  it("refuses a state still used by another client's request, and renews the same client's", async () => {
    const state = await authorizeApp();
    await authorizeApp(state);
    await authorizeApp(state, 'https://crm.example/other');
    const stored = await storedRequest(state);
    expect(stored!.redirectUri).toBe('https://crm.example/other');

    await ctx.db
      .insert(oauthClients)
      .values({ clientId: 'vkey-other-app', name: 'Other', redirectUris: [APP_REDIRECT] });
    const answer = await authorizeCode('vkey-other-app', APP_REDIRECT, state);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      messageKey: 'error.oauth2.stateInUse',
      message: 'The state is already used by another authorization request.',
    });
  });
});

describe('POST /api/auth/signin with the state of an authorization request', () => {
  it("answers the session and the client's redirect URL with a code and the state", async () => {
    const { email, account } = await newAccount();
    const state = await authorizeApp();
    const answer = await signin(email, state);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: null, forceChangePassword: false },
      redirectUrl: expect.stringMatching(/^https:\/\/crm\.example\/callback\?code=[\w-]{43}&state=/),
    });
    const url = new URL(answer.body.redirectUrl);
    expect(url.searchParams.get('state')).toBe(state);

    const [stored] = await ctx.db
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.accountId, account.id));
    expect(stored).toMatchObject({ clientId: APP_CLIENT, redirectUri: APP_REDIRECT, consumedAt: null });
    expect(stored!.codeHash).not.toContain(url.searchParams.get('code'));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(60_000);

    // The request is used up: signing in again with the same state is a plain sign-in.
    const again = await signin(email, state);
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('redirectUrl');
  });

  it("signs in without a redirect for an unknown or expired state, or the portal's own", async () => {
    const { email } = await newAccount();
    const expired = await authorizeApp();
    await ctx.db
      .update(authorizationRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authorizationRequests.state, expired));
    const custom = await get('/api/authentication/oauth2/authorize/custom');
    const portalState = new URL(String(custom.headers.location), 'http://unused.example').searchParams.get(
      'state',
    )!;

    for (const state of ['never-issued', expired, portalState]) {
      const answer = await signin(email, state);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual([
        'account',
        'sessionExpireInSec',
        'token',
        'tokenExpireInSec',
      ]);
    }
  });

  it('refuses an account of another customer for a client bound to a customer', async () => {
    const acme = await ctx.createCustomer({ companyName: 'Acme' });
    const other = await ctx.createCustomer({ companyName: 'Other' });
    await ctx.db.insert(oauthClients).values({
      clientId: 'vkey-acme-crm',
      name: 'Acme CRM',
      redirectUris: ['https://crm.acme.example/cb'],
      customerId: acme.id,
    });
    const state = newState();
    await authorizeCode('vkey-acme-crm', 'https://crm.acme.example/cb', state);
    const outsider = await newAccount(other.id);
    const refused = await signin(outsider.email, state);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ messageKey: 'error.action.notallow', message: 'Action does not allow.' });

    const insider = await newAccount(acme.id);
    const answer = await signin(insider.email, state);
    expect(answer.status).toBe(200);
    expect(answer.body.redirectUrl).toMatch(/^https:\/\/crm\.acme\.example\/cb\?code=/);
  });
});

describe('POST /api/auth/token', () => {
  it('trades a code for a session of its account, once', async () => {
    const { code, email } = await codeForApp();
    const answer = await exchange(code);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: null, forceChangePassword: false },
    });
    const me = await ctx.call('POST', '/api/account/load_account_by_token', { token: answer.body.token });
    expect(me.body.email).toBe(email);

    const replay = await exchange(code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(INVALID_CODE);
  });

  it('refuses an expired code, an unknown one, and one sent by another client or for another redirect URI', async () => {
    const expired = await codeForApp();
    await ctx.db
      .update(authorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authorizationCodes.accountId, expired.accountId));
    const { code } = await codeForApp();

    for (const answer of [
      await exchange(expired.code),
      await exchange('no-such-code'),
      await exchange(code, PORTAL_CLIENT),
      await exchange(code, APP_CLIENT, 'https://crm.example/other'),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(INVALID_CODE);
    }
    // Those attempts did not use the code up.
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses the code of an account deactivated since, and uses the code up', async () => {
    const { code, accountId } = await codeForApp();
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, accountId));
    const answer = await exchange(code);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ messageKey: 'error.account.inactive', message: 'Account is inactive' });
    await ctx.db.update(accounts).set({ status: 'ACTIVE' }).where(eq(accounts.id, accountId));
    expect((await exchange(code)).body).toEqual(INVALID_CODE);
  });

  it('refuses a body without a code', async () => {
    const answer = await ctx.call('POST', '/api/auth/token', {
      json: { client_id: APP_CLIENT, redirect_uri: APP_REDIRECT },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain("'code'");
  });
});
