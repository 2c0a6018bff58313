import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../server/config.ts';
import { accounts, oauthClients, seamlessSessions } from '../../../server/db/schema.ts';
import { runAgainst, runAuthenticator } from '../fixtures/authenticatorCli.ts';
import {
  createTestContext,
  type JsonAnswer,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  sharedTestContext,
  type TestContext,
  uniqueEmail,
} from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';
const HOST = 'portal.example:8443';
const PORTAL_CLIENT = 'gateway-portal-web';
const PORTAL_REDIRECT = `http://${HOST}/oauth2/handler`;
const UNAUTHORIZED = {
  messageKey: 'error.auth.unauthorized',
  message: 'Authentication is required to access this resource.',
};
const TIMEOUT = {
  messageKey: 'error.secondFactor.timeout',
  message: 'The authentication request has been expired, please try again!',
};

const ctx = sharedTestContext();

let addressCounter = 0;
/** Each session comes from its own address, so that the per-address limit only bites where tested. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function inject(
  context: TestContext,
  method: 'GET' | 'POST',
  url: string,
  init: { json?: unknown; token?: string; host?: string; remoteAddress?: string } = {},
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { host: init.host ?? HOST };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await context.app.inject({
    method,
    url,
    headers,
    payload: init.json === undefined ? undefined : JSON.stringify(init.json),
    remoteAddress: init.remoteAddress ?? nextAddress(),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: isJson && response.body ? response.json() : response.body,
    headers: response.headers,
  };
}

interface InitOptions {
  query?: Record<string, string>;
  host?: string;
  remoteAddress?: string;
  context?: TestContext;
}

function initSession({ query = {}, host, remoteAddress, context = ctx }: InitOptions = {}) {
  const params = new URLSearchParams({
    realm: 'r-portal',
    client_id: PORTAL_CLIENT,
    redirect_url: PORTAL_REDIRECT,
    state: 'state-123',
    ...query,
  });
  return inject(context, 'GET', `/api/v-key-seamless/init-session?${params}`, { host, remoteAddress });
}

async function newSession(options: InitOptions = {}): Promise<{ sessionId: string; idSignature: string }> {
  const answer = await initSession(options);
  expect(answer.status).toBe(200);
  return answer.body;
}

const statusOf = (sessionId: string, context = ctx) =>
  inject(context, 'GET', `/api/service-mgmt/seamless/get-request-status-by-id/${sessionId}`);
const decide = (sessionId: string, decision: string, token?: string, context = ctx) =>
  inject(context, 'POST', '/api/v-key-seamless/app/decision', { token, json: { sessionId, decision } });
const authenticate = (sessionId: string, idSignature: string, context = ctx) =>
  inject(context, 'POST', '/api/v-key-seamless/authenticate', { json: { sessionId, idSignature } });

/** Moves the expiry of a session to `ms` milliseconds ago. */
const expiredSince = (sessionId: string, ms: number) =>
  ctx.db
    .update(seamlessSessions)
    .set({ expiresAt: new Date(Date.now() - ms) })
    .where(eq(seamlessSessions.id, sessionId));

async function appUser(customerId: string | null = null) {
  const email = uniqueEmail('app');
  const account = await ctx.createAccount({ email, password: PASSWORD, customerId });
  return { email, account, token: await ctx.signIn(email, PASSWORD) };
}

describe('configuration', () => {
  const env = { JWT_SECRET: 'z'.repeat(40) };

  it("defaults to the portal client 'gateway-portal-web' and a lifetime of 120 s, and reads both", () => {
    expect(loadConfig(env)).toMatchObject({
      portalClientId: 'gateway-portal-web',
      seamlessSessionTtlSec: 120,
    });
    expect(
      loadConfig({ ...env, PORTAL_CLIENT_ID: 'acme-gate-web', SEAMLESS_SESSION_TTL_SEC: '45' }),
    ).toMatchObject({ portalClientId: 'acme-gate-web', seamlessSessionTtlSec: 45 });
  });

  it.each([
    [{ PORTAL_CLIENT_ID: 'portal' }, /PORTAL_CLIENT_ID/],
    [{ PORTAL_CLIENT_ID: 'gateway portal' }, /PORTAL_CLIENT_ID/],
    [{ SEAMLESS_SESSION_TTL_SEC: '0' }, /SEAMLESS_SESSION_TTL_SEC/],
    [{ SEAMLESS_SESSION_TTL_SEC: '2m' }, /SEAMLESS_SESSION_TTL_SEC/],
  ])('refuses %j with an error naming the setting', (wrong, message) => {
    expect(() => loadConfig({ ...env, ...wrong })).toThrow(message);
  });
});

describe('GET /api/v-key-seamless/init-session', () => {
  it('opens a session that waits for the app, with a signature and its lifetime', async () => {
    const answer = await initSession();
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      idSignature: expect.stringMatching(/^[\w-]{43}$/),
      expiresInSec: 120,
    });
    const status = await statusOf(answer.body.sessionId);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ status: 'INITIAL' });
  });

  it("accepts the portal's redirect URL on whatever origin and port it is reached at", async () => {
    const answer = await initSession({
      host: '127.0.0.1:5173',
      query: { redirect_url: 'http://127.0.0.1:5173/oauth2/handler' },
    });
    expect(answer.status).toBe(200);
  });

  const INVALID_REALM = {
    messageKey: 'error.seamless.invalidRealm',
    message: 'The realm does not match the client.',
  };
  const INVALID_CLIENT = {
    messageKey: 'error.oauth2.invalidClient',
    message: 'The client is not registered with the portal.',
  };
  const INVALID_REDIRECT = {
    messageKey: 'error.oauth2.invalidRedirectUri',
    message: 'The redirect URI is not registered for this client.',
  };
  it.each([
    ['a realm that is not the realm of the client', { realm: 'r-gateway' }, INVALID_REALM],
    ['a client that is not registered', { client_id: 'evil-portal-web' }, INVALID_CLIENT],
    [
      'a redirect URL on another origin',
      { redirect_url: 'http://evil.example:8443/oauth2/handler' },
      INVALID_REDIRECT,
    ],
    [
      'a redirect URL on another port',
      { redirect_url: 'http://portal.example:9000/oauth2/handler' },
      INVALID_REDIRECT,
    ],
    [
      'a redirect URL on another path',
      { redirect_url: `http://${HOST}/oauth2/handler/../steal` },
      INVALID_REDIRECT,
    ],
    ['a redirect URL on an added query', { redirect_url: `${PORTAL_REDIRECT}?next=/evil` }, INVALID_REDIRECT],
    ['a redirect URL on a bare path', { redirect_url: '/oauth2/handler' }, INVALID_REDIRECT],
  ])('refuses %s', async (_, query, error) => {
    const answer = await initSession({ query });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error);
  });

  it('refuses a response type other than code, and a missing state', async () => {
    const token = await initSession({ query: { response_type: 'token' } });
    expect(token.status).toBe(400);
    expect(token.body.messageKey).toBe('error.validation.invalid');
    expect(token.body.message).toContain("'response_type'");

    const params = new URLSearchParams({
      realm: 'r-portal',
      client_id: PORTAL_CLIENT,
      redirect_url: PORTAL_REDIRECT,
    });
    const stateless = await inject(ctx, 'GET', `/api/v-key-seamless/init-session?${params}`);
    expect(stateless.status).toBe(400);
    expect(stateless.body.message).toContain("'state'");
  });

  it('refuses more than 30 sessions a minute from one address, and only from that address', async () => {
    const remoteAddress = '192.0.2.77';
    for (let index = 0; index < 30; index++) {
      expect((await initSession({ remoteAddress })).status).toBe(200);
    }
    const refused = await initSession({ remoteAddress });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      messageKey: 'error.seamless.tooMany',
      message: 'Too many QR sign-in requests. Please wait a minute and try again.',
    });
    expect((await initSession({ remoteAddress: '192.0.2.78' })).status).toBe(200);
  });
});

describe('GET /api/service-mgmt/seamless/get-request-status-by-id/:sessionId', () => {
  it('answers 404 for an unknown or malformed session id', async () => {
    const notFound = {
      messageKey: 'error.seamless.notFound',
      message: 'The QR sign-in session was not found.',
    };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const answer = await statusOf(encodeURIComponent(id));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(notFound);
    }
  });

  describe('with a short lifetime', () => {
    let short: TestContext;
    /** The server's clock: the test moves it on instead of waiting. */
    let clock = Date.now();
    beforeAll(async () => {
      short = await createTestContext({ config: { seamlessSessionTtlSec: 1 }, now: () => new Date(clock) });
    });
    afterAll(async () => {
      await short?.close();
    });

    it('times out an undecided session after its lifetime, and then refuses to decide or authenticate', async () => {
      const { sessionId, idSignature } = await newSession({ context: short });
      expect((await statusOf(sessionId, short)).body).toEqual({ status: 'INITIAL' });
      clock += 1100;
      expect((await statusOf(sessionId, short)).body).toEqual({ status: 'TIMEOUT' });

      const token = await short.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
      const decision = await decide(sessionId, 'APPROVE', token, short);
      expect(decision.status).toBe(410);
      expect(decision.body).toEqual(TIMEOUT);
      const answer = await authenticate(sessionId, idSignature, short);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual(TIMEOUT);
    });
  });

  it('times out an approved session that is not authenticated within its lifetime plus 60 s', async () => {
    const { token } = await appUser();
    const { sessionId, idSignature } = await newSession();
    expect((await decide(sessionId, 'APPROVE', token)).status).toBe(204);
    await expiredSince(sessionId, 59_000);
    expect((await statusOf(sessionId)).body).toEqual({ status: 'APPROVE' });
    await expiredSince(sessionId, 61_000);
    expect((await statusOf(sessionId)).body).toEqual({ status: 'TIMEOUT' });
    const answer = await authenticate(sessionId, idSignature);
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual(TIMEOUT);
  });
});

describe('POST /api/v-key-seamless/app/decision', () => {
  it('records an approval once; a second answer is refused and changes nothing', async () => {
    const { token, account } = await appUser();
    const { sessionId } = await newSession();

    const first = await decide(sessionId, 'APPROVE', token);
    expect(first.status).toBe(204);
    expect(first.body).toBe('');
    expect((await statusOf(sessionId)).body).toEqual({ status: 'APPROVE' });

    for (const decision of ['APPROVE', 'REJECT']) {
      const again = await decide(sessionId, decision, token);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        messageKey: 'error.seamless.alreadyDecided',
        message: 'The authentication request has already been answered.',
      });
    }
    const [row] = await ctx.db.select().from(seamlessSessions).where(eq(seamlessSessions.id, sessionId));
    expect(row).toMatchObject({ status: 'APPROVE', accountId: account.id });
    expect(row!.decidedAt).toBeInstanceOf(Date);
  });

  it('refuses an answer without a token, or with a token that is not valid, and leaves the session waiting', async () => {
    const { sessionId } = await newSession();
    for (const token of [undefined, 'not-a-jwt']) {
      const answer = await decide(sessionId, 'APPROVE', token);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHORIZED);
    }
    expect((await statusOf(sessionId)).body).toEqual({ status: 'INITIAL' });
  });

  it('refuses a user who has been deactivated since signing in', async () => {
    const { token, account } = await appUser();
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, account.id));
    const { sessionId } = await newSession();
    expect(await decide(sessionId, 'APPROVE', token)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await statusOf(sessionId)).body).toEqual({ status: 'INITIAL' });
  });

  it('lets only the accounts of its customer answer for a client bound to a customer', async () => {
    const acme = await ctx.createCustomer({ companyName: 'Acme' });
    const other = await ctx.createCustomer({ companyName: 'Other' });
    await ctx.db.insert(oauthClients).values({
      clientId: 'vkey-acme-crm',
      name: 'Acme CRM',
      redirectUris: ['https://crm.acme.example/callback'],
      customerId: acme.id,
    });
    const query = {
      realm: 'r-acme',
      client_id: 'vkey-acme-crm',
      redirect_url: 'https://crm.acme.example/callback',
    };
    const { sessionId } = await newSession({ query });

    for (const outsider of [await appUser(other.id), await appUser(null)]) {
      const answer = await decide(sessionId, 'APPROVE', outsider.token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ messageKey: 'error.action.notallow', message: 'Action does not allow.' });
    }
    expect((await statusOf(sessionId)).body).toEqual({ status: 'INITIAL' });

    const insider = await appUser(acme.id);
    expect((await decide(sessionId, 'APPROVE', insider.token)).status).toBe(204);
  });

  it('answers 404 for a session that does not exist and 400 for an unknown decision', async () => {
    const { token } = await appUser();
    const unknown = await decide('00000000-0000-4000-8000-000000000000', 'APPROVE', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messageKey).toBe('error.seamless.notFound');

    const { sessionId } = await newSession();
    const maybe = await decide(sessionId, 'MAYBE', token);
    expect(maybe.status).toBe(400);
    expect(maybe.body.messageKey).toBe('error.validation.invalid');
  });
});

describe('POST /api/v-key-seamless/authenticate', () => {
  it('answers the form_post fields once for an approved session (the default mode); a replay is refused', async () => {
    const { token } = await appUser();
    const { sessionId, idSignature } = await newSession({ query: { state: 'abc-state' } });
    await decide(sessionId, 'APPROVE', token);

    const answer = await authenticate(sessionId, idSignature);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      redirectUrl: PORTAL_REDIRECT,
      responseMode: 'form_post',
      fields: { code: expect.stringMatching(/^[\w-]{43}$/), state: 'abc-state' },
    });

    const replay = await authenticate(sessionId, idSignature);
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({
      messageKey: 'error.seamless.alreadyUsed',
      message: 'The authentication request has already been used.',
    });
    expect((await statusOf(sessionId)).body).toEqual({ status: 'APPROVE' });
  });

  it('answers query mode, and the code signs the approving user in to the portal', async () => {
    const { token, email } = await appUser();
    const { sessionId, idSignature } = await newSession({ query: { response_mode: 'query', state: 's-1' } });
    await decide(sessionId, 'APPROVE', token);

    const answer = await authenticate(sessionId, idSignature);
    expect(answer.body).toMatchObject({ redirectUrl: PORTAL_REDIRECT, responseMode: 'query' });

    const exchange = await inject(ctx, 'POST', '/api/auth/token', {
      json: { code: answer.body.fields.code, client_id: PORTAL_CLIENT, redirect_uri: PORTAL_REDIRECT },
    });
    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual({
      token: expect.any(String),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: null, forceChangePassword: false },
    });
    const me = await ctx.call('POST', '/api/account/load_account_by_token', { token: exchange.body.token });
    expect(me.body.email).toBe(email);
  });

  it.each([
    {
      what: 'a rejected session with the rejection message',
      decision: 'REJECT',
      status: 403,
      refusal: {
        messageKey: 'error.secondFactor.rejected',
        message: 'The authentication request has been rejected.',
      },
    },
    {
      what: 'a session nobody has approved yet',
      decision: undefined,
      status: 409,
      refusal: {
        messageKey: 'error.seamless.notApproved',
        message: 'The authentication request has not been approved yet.',
      },
    },
  ])('refuses $what', async ({ decision, status, refusal }) => {
    const { sessionId, idSignature } = await newSession();
    if (decision) {
      const { token } = await appUser();
      expect((await decide(sessionId, decision, token)).status).toBe(204);
    }
    expect((await statusOf(sessionId)).body).toEqual({ status: decision ?? 'INITIAL' });

    const answer = await authenticate(sessionId, idSignature);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(refusal);
  });

  it('refuses a forged signature, even for an approved session', async () => {
    const { token } = await appUser();
    const { sessionId, idSignature } = await newSession();
    const other = await newSession();
    await decide(sessionId, 'APPROVE', token);
    const flipped = `${idSignature.slice(0, -1)}${idSignature.endsWith('A') ? 'B' : 'A'}`;

    for (const forged of [flipped, other.idSignature, `${idSignature}=`, 'x']) {
      const answer = await authenticate(sessionId, forged);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        messageKey: 'error.seamless.invalidSignature',
        message: 'The QR sign-in session could not be verified.',
      });
    }
    expect((await authenticate('not-a-uuid', idSignature)).status).toBe(401);
    // The real signature still works afterwards.
    expect((await authenticate(sessionId, idSignature)).status).toBe(200);
  });
});

describe('npm run authenticator', () => {
  let server: string;
  beforeAll(async () => {
    server = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const approveAs = (sessionId: string, user: string, password: string) =>
    runAgainst(server, 'approve', sessionId, '--user', user, '--password', password);

  it('approves a session as the user (even one who must still change the password), then signs out', async () => {
    const { sessionId } = await newSession();
    const run = await approveAs(sessionId, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    expect(run).toMatchObject({ code: 0, stdout: `approved session ${sessionId} as ${OPERATOR_EMAIL}\n` });
    expect((await statusOf(sessionId)).body).toEqual({ status: 'APPROVE' });
  });

  it('rejects a session, reaching the server from HOST and PORT when no --server is given', async () => {
    const { email } = await appUser();
    const { sessionId } = await newSession();
    const port = new URL(server).port;
    const run = await runAuthenticator(['reject', sessionId, `--user=${email}`, `--password=${PASSWORD}`], {
      HOST: '127.0.0.1',
      PORT: port,
    });
    expect(run).toMatchObject({ code: 0, stdout: `rejected session ${sessionId} as ${email}\n` });
    expect((await statusOf(sessionId)).body).toEqual({ status: 'REJECT' });
  });

  it('exits 1 with the server message for a wrong password, and leaves the session waiting', async () => {
    const { email } = await appUser();
    const { sessionId } = await newSession();
    const run = await approveAs(sessionId, email, 'Wrong-Password-1');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`sign-in as ${email} refused: Invalid Account Credential (HTTP 401)`);
    expect((await statusOf(sessionId)).body).toEqual({ status: 'INITIAL' });
  });

  it('exits 1 with the server message when the session was already answered', async () => {
    const { email, token } = await appUser();
    const { sessionId } = await newSession();
    await decide(sessionId, 'REJECT', token);
    const run = await approveAs(sessionId, email, PASSWORD);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The authentication request has already been answered. (HTTP 409)');
  });

  it('exits 2 with the usage for wrong arguments', async () => {
    const run = await runAuthenticator(['allow', 'some-id', '--user', OPERATOR_EMAIL]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the first argument must be approve or reject');
    expect(run.stderr).toContain('usage: npm run authenticator -- approve|reject SESSION_ID');
  });
});
