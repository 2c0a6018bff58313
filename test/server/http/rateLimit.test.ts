import { lte } from 'drizzle-orm';
import { type App, buildApp } from '../../../server/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../../server/config.ts';
import { rateLimits } from '../../../server/db/schema.ts';
import { databaseStore } from '../../../server/http/rateLimit.ts';
import { PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import { builtInRoleId, signedIn as signedInWith } from '../fixtures/admin.ts';
import { createTestContext, type JsonAnswer, sharedTestContext, uniqueEmail } from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Battery-Staple-7';

/** The clock of the limits: tests move it on instead of waiting. */
let clock = Date.now();
const now = () => new Date(clock);
const secondsPass = (seconds: number) => {
  clock += seconds * 1000;
};

const LIMITS = {
  signin: { max: 3, windowSec: 60 },
  public: { max: 4, windowSec: 60 },
  passwordPerAccount: { max: 2, windowSec: 900 },
  passwordPerAddress: { max: 3, windowSec: 900 },
  gatewayPerKey: { max: 5, windowSec: 60 },
  accountsPerAdmin: { max: 2, windowSec: 3600 },
  signup: { max: 2, windowSec: 3600 },
  webSignInPerUser: { max: 3, windowSec: 900 },
  webSignInPerAddress: { max: 5, windowSec: 900 },
};

const ctx = sharedTestContext({ now, config: { rateLimits: LIMITS } });

let addressCounter = 0;
/** An address no other test uses, so that each test starts with clean counts. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const signin = (remoteAddress: string, body: unknown) =>
  ctx.call('POST', '/api/auth/signin', { json: body, remoteAddress });

async function signedIn(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('limited');
  await ctx.createAccount({ email, password: PASSWORD });
  const answer = await signin(freshAddress(), { login: email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return { email, token: answer.body.token };
}

const changePassword = (token: string, remoteAddress: string, oldPassword: string) =>
  ctx.call('POST', '/api/account/change-password', {
    token,
    remoteAddress,
    json: { oldPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });

const refusedFor = (seconds: number) => ({
  messageKey: 'error.rateLimit.exceeded',
  message: `Too many requests from your network. Try again in ${seconds} seconds.`,
  params: { smart_count: seconds },
});

/** A 429 with this body and Retry-After, whose text the portal's catalogue renders the same. */
function expectRefused(answer: JsonAnswer, body: object, retryAfter: number) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual(body);
  expect(answer.headers['retry-after']).toBe(String(retryAfter));
  expect(i18nProvider.translate(answer.body.messageKey, answer.body.params)).toBe(answer.body.message);
}

describe('sign-in, per client address', () => {
  it('refuses the 4th call within the window with Retry-After, and accepts calls again after it', async () => {
    const email = uniqueEmail('busy');
    await ctx.createAccount({ email, password: PASSWORD });
    const address = freshAddress();

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signin(address, { login: email, password: PASSWORD })).status).toBe(200);
    }
    secondsPass(20);
    expectRefused(await signin(address, { login: email, password: PASSWORD }), refusedFor(40), 40);
    // Another address is not held back.
    expect((await signin(freshAddress(), { login: email, password: PASSWORD })).status).toBe(200);

    secondsPass(39);
    expectRefused(
      await signin(address, { login: email, password: PASSWORD }),
      {
        messageKey: 'error.rateLimit.exceeded',
        message: 'Too many requests from your network. Try again in 1 second.',
        params: { smart_count: 1 },
      },
      1,
    );
    secondsPass(1);
    expect((await signin(address, { login: email, password: PASSWORD })).status).toBe(200);
  });

  it('counts the calls the validation refuses, and the wrong passwords', async () => {
    const address = freshAddress();
    expect((await signin(address, { login: 42 })).status).toBe(400);
    expect((await signin(address, {})).status).toBe(400);
    expect((await signin(address, { login: uniqueEmail('nobody'), password: PASSWORD })).status).toBe(401);
    expect((await signin(address, { login: uniqueEmail('nobody'), password: PASSWORD })).status).toBe(429);
  });
});

describe('public calls, per client address and call', () => {
  const calls: [string, 'GET' | 'POST', string, unknown][] = [
    ['the portal authorize request', 'GET', '/api/authentication/oauth2/authorize/custom', undefined],
    [
      'an authorize request',
      'GET',
      '/api/authentication/oauth2/authorize?client_id=nobody&redirect_uri=x&state=s&response_type=code',
      undefined,
    ],
    ['the code exchange', 'POST', '/api/auth/token', { code: 'c', client_id: 'x', redirect_uri: 'y' }],
    [
      'a QR sign-in session',
      'GET',
      '/api/v-key-seamless/init-session?realm=r-portal&client_id=x&redirect_url=y&state=s',
      undefined,
    ],
    [
      'a QR sign-in status',
      'GET',
      '/api/service-mgmt/seamless/get-request-status-by-id/3f1c9a44-1d7e-4a57-9f0e-2b6a0c5d8e11',
      undefined,
    ],
    ['a QR sign-in', 'POST', '/api/v-key-seamless/authenticate', { sessionId: 's', idSignature: 'x' }],
  ];

  it.each(calls)('limits %s', async (_, method, url, json) => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await ctx.call(method, url, { json, remoteAddress: address })).status).not.toBe(429);
    }
    expectRefused(await ctx.call(method, url, { json, remoteAddress: address }), refusedFor(60), 60);
    expect((await ctx.call(method, url, { json, remoteAddress: freshAddress() })).status).not.toBe(429);
  });

  it('keeps one count per call: polling the QR status does not use up the sign-in page', async () => {
    const address = freshAddress();
    const status = '/api/service-mgmt/seamless/get-request-status-by-id/5e0b7f0a-8d6c-4f0e-b1a5-6c2d9e3f4a70';
    for (let poll = 1; poll <= 5; poll++) await ctx.call('GET', status, { remoteAddress: address });
    expect((await ctx.call('GET', status, { remoteAddress: address })).status).toBe(429);

    const authorize = await ctx.call('GET', '/api/authentication/oauth2/authorize/custom', {
      remoteAddress: address,
    });
    expect(authorize.status).toBe(302);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const url = '/api/authentication/oauth2/authorize/custom';
    for (const host of ['::1', '::2', '::3', '::4']) {
      expect((await ctx.call('GET', url, { remoteAddress: `2001:db8:7:1${host}` })).status).toBe(302);
    }
    expect((await ctx.call('GET', url, { remoteAddress: '2001:db8:7:1::99' })).status).toBe(429);
    expect((await ctx.call('GET', url, { remoteAddress: '2001:db8:7:2::1' })).status).toBe(302);
  });
});

describe("a gateway's code checks, per address and per API key", () => {
  const verify = (remoteAddress: string, apiKey: string) =>
    ctx.call('POST', '/api/otp/verify', {
      json: { username: 'nobody', code: '000000' },
      headers: { 'x-api-key': apiKey },
      remoteAddress,
    });

  it('limits one address, whatever the key', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(address, `key-a${attempt}`)).status).not.toBe(429);
    }
    expectRefused(await verify(address, 'key-a9'), refusedFor(60), 60);
  });

  it('limits one key guessed through many addresses', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await verify(freshAddress(), 'key-spread')).status).not.toBe(429);
    }
    expectRefused(await verify(freshAddress(), 'key-spread'), refusedFor(60), 60);
    expect((await verify(freshAddress(), 'key-other')).status).not.toBe(429);
  });
});

describe('account creation, per administrator', () => {
  it('lets an administrator create 2 accounts an hour (RATE_LIMIT_ACCOUNTS 2/3600), others unaffected', async () => {
    const roleIds = [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)];
    const [first, second] = [await signedInWith(ctx, { roleIds }), await signedInWith(ctx, { roleIds })];
    const create = (token: string) =>
      ctx.call('POST', '/api/account/create_account_organization', {
        token,
        json: {
          email: uniqueEmail('created'),
          roleIds,
          firstName: 'Ada',
          lastName: 'Lovelace',
          mobilePhone: '+44 20 7946 0958',
        },
      });
    const made = await create(first!.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await create(first!.token)).status).toBe(201);
    const refused = await create(first!.token);
    expect(refused.status).toBe(429);
    expect(refused.body.messageKey).toBe('error.account.tooManyCreated');
    expect(i18nProvider.translate(refused.body.messageKey, refused.body.params)).toBe(refused.body.message);
    expect((await create(second!.token)).status).toBe(201);
  });
});

describe('change-password', () => {
  const TOO_MANY_CHECKS = (seconds: number) => ({
    messageKey: 'error.password.tooManyChecks',
    message: `Too many attempts to change the password. Try again in ${seconds} seconds.`,
    params: { smart_count: seconds },
  });

  it('allows 2 attempts per account in 15 minutes from any address, then refuses even the right password', async () => {
    const { email, token } = await signedIn();
    const wrong = await changePassword(token, freshAddress(), 'Wrong-Password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.messageKey).toBe('error.account.oldPasswordIncorrect');
    expect((await changePassword(token, freshAddress(), 'Wrong-Password-2')).status).toBe(400);

    expectRefused(await changePassword(token, freshAddress(), PASSWORD), TOO_MANY_CHECKS(900), 900);
    const before = await ctx.passwordHashOf(email);

    // Another account is not held back.
    const other = await signedIn();
    expect((await changePassword(other.token, freshAddress(), PASSWORD)).status).toBe(200);

    secondsPass(900);
    expect(await ctx.passwordHashOf(email)).toBe(before);
    expect((await changePassword(token, freshAddress(), PASSWORD)).status).toBe(200);
  });

  it('allows 3 attempts per client address in 15 minutes, whatever the account', async () => {
    const address = freshAddress();
    for (let account = 1; account <= 3; account++) {
      const { token } = await signedIn();
      expect((await changePassword(token, address, 'Wrong-Password-1')).status).toBe(400);
    }
    const { token } = await signedIn();
    expectRefused(await changePassword(token, address, PASSWORD), TOO_MANY_CHECKS(900), 900);
    expect((await changePassword(token, freshAddress(), PASSWORD)).status).toBe(200);
  });

  it('does not count a call without a valid token, or one the validation refuses', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await changePassword('not-a-token', address, PASSWORD)).status).toBe(401);
    }
    const { token } = await signedIn();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const invalid = await ctx.call('POST', '/api/account/change-password', {
        token,
        remoteAddress: address,
        json: { oldPassword: PASSWORD },
      });
      expect(invalid.status).toBe(400);
    }
    expect((await changePassword(token, address, PASSWORD)).status).toBe(200);
  });
});

/** A sign-in call without credentials: refused by the validation (400), counted all the same. */
const knock = (app: App, remoteAddress: string, headers: Record<string, string> = {}) =>
  app
    .inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
      remoteAddress,
    })
    .then((response) => response.statusCode);

describe('the counts in the database', () => {
  it('are shared by two servers on one database', async () => {
    const second: App = buildApp({ db: ctx.db, config: ctx.config, now });
    await second.ready();
    try {
      const address = freshAddress();
      expect(await knock(ctx.app, address)).toBe(400);
      expect(await knock(second, address)).toBe(400);
      expect(await knock(ctx.app, address)).toBe(400);
      expect(await knock(second, address)).toBe(429);
      expect(await knock(ctx.app, address)).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('never loses a count when calls arrive together', async () => {
    const Store = databaseStore(ctx.db, now);
    const store = new Store();
    const incr = () =>
      new Promise<number>((resolve, reject) =>
        store.incr(
          'test:together',
          (error, result) => (error ? reject(error) : resolve(result!.current)),
          60_000,
        ),
      );
    const counts = await Promise.all(Array.from({ length: 20 }, incr));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('reads a count without adding to it, and starts a new window once one has passed', async () => {
    const Store = databaseStore(ctx.db, now);
    const store = new Store();
    const result = (method: 'incr' | 'read') =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store[method]('test:window', (error, answer) => (error ? reject(error) : resolve(answer!)), 10_000),
      );
    expect(await result('incr')).toEqual({ current: 1, ttl: 10_000 });
    secondsPass(4);
    expect(await result('incr')).toEqual({ current: 2, ttl: 6_000 });
    expect(await result('read')).toEqual({ current: 2, ttl: 6_000 });
    expect(await result('read')).toEqual({ current: 2, ttl: 6_000 });
    secondsPass(6);
    expect(await result('read')).toEqual({ current: 0, ttl: 0 });
    expect(await result('incr')).toEqual({ current: 1, ttl: 10_000 });
  });

  it('forgets finished windows', async () => {
    await knock(ctx.app, freshAddress());
    secondsPass(15 * 60);
    await knock(ctx.app, freshAddress());
    expect(await ctx.db.select().from(rateLimits).where(lte(rateLimits.resetsAt, now()))).toEqual([]);
    expect((await ctx.db.select().from(rateLimits)).length).toBeGreaterThan(0);
  });
});

describe('behind a reverse proxy', () => {
  it('believes X-Forwarded-For from a trusted proxy, and counts each client on its own', async () => {
    const proxied = await createTestContext({ now, config: { rateLimits: LIMITS, trustProxy: 1 } });
    try {
      const from = (client: string) => knock(proxied.app, '10.9.9.9', { 'x-forwarded-for': client });
      for (let attempt = 1; attempt <= 3; attempt++) expect(await from('203.0.113.7')).toBe(400);
      expect(await from('203.0.113.7')).toBe(429);
      expect(await from('203.0.113.8')).toBe(400);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, so a client cannot choose its address', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await knock(ctx.app, address, { 'x-forwarded-for': `203.0.113.${attempt}` })).toBe(400);
    }
    expect(await knock(ctx.app, address, { 'x-forwarded-for': '203.0.113.99' })).toBe(429);
  });
});

describe('declaring a limit', () => {
  it('refuses to register a public call that would count per account', async () => {
    await expect(
      createTestContext({
        extend: (app) =>
          app.post(
            '/api/test/public-password-check',
            { config: { access: { public: true }, limit: 'passwordCheck' } },
            async () => ({}),
          ),
      }),
    ).rejects.toThrow(/is public: it cannot count per account/);
  });
});

describe('configuration', () => {
  const env = { JWT_SECRET: 'z'.repeat(40) };

  it('has defaults and reads each limit as max/seconds', () => {
    expect(loadConfig(env)).toMatchObject({ rateLimits: DEFAULT_RATE_LIMITS, trustProxy: undefined });
    expect(DEFAULT_RATE_LIMITS).toEqual({
      signin: { max: 20, windowSec: 60 },
      public: { max: 120, windowSec: 60 },
      passwordPerAccount: { max: 5, windowSec: 900 },
      passwordPerAddress: { max: 20, windowSec: 900 },
      gatewayPerKey: { max: 600, windowSec: 60 },
      accountsPerAdmin: { max: 60, windowSec: 3600 },
      signup: { max: 5, windowSec: 3600 },
      webSignInPerUser: { max: 10, windowSec: 900 },
      webSignInPerAddress: { max: 50, windowSec: 900 },
    });
    const config = loadConfig({
      ...env,
      RATE_LIMIT_SIGNIN: '10/30',
      RATE_LIMIT_PUBLIC: '600/60',
      RATE_LIMIT_PASSWORD: '3/3600',
      RATE_LIMIT_PASSWORD_IP: ' 50/86400 ',
      RATE_LIMIT_GATEWAY_KEY: '3000/60',
      RATE_LIMIT_SIGNUP: '2/60',
      RATE_LIMIT_WEB_USER: '5/600',
      RATE_LIMIT_WEB_IP: '100/900',
    });
    expect(config.rateLimits).toEqual({
      signin: { max: 10, windowSec: 30 },
      public: { max: 600, windowSec: 60 },
      passwordPerAccount: { max: 3, windowSec: 3600 },
      passwordPerAddress: { max: 50, windowSec: 86400 },
      gatewayPerKey: { max: 3000, windowSec: 60 },
      accountsPerAdmin: { max: 60, windowSec: 3600 },
      signup: { max: 2, windowSec: 60 },
      webSignInPerUser: { max: 5, windowSec: 600 },
      webSignInPerAddress: { max: 100, windowSec: 900 },
    });
  });

  it('reads TRUST_PROXY as a number of hops or a list of addresses', () => {
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,::1',
    );
  });

  it.each([
    [{ RATE_LIMIT_SIGNIN: '20' }, /RATE_LIMIT_SIGNIN/],
    [{ RATE_LIMIT_SIGNIN: '0/60' }, /RATE_LIMIT_SIGNIN/],
    [{ RATE_LIMIT_PUBLIC: '20/0' }, /RATE_LIMIT_PUBLIC/],
    [{ RATE_LIMIT_PUBLIC: '20/1m' }, /RATE_LIMIT_PUBLIC/],
    [{ RATE_LIMIT_PASSWORD: '5/86401' }, /RATE_LIMIT_PASSWORD/],
    [{ RATE_LIMIT_PASSWORD_IP: '-1/60' }, /RATE_LIMIT_PASSWORD_IP/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /TRUST_PROXY/],
  ])('refuses %j with an error naming the setting', (wrong, message) => {
    expect(() => loadConfig({ ...env, ...wrong })).toThrow(message);
  });
});
