import { and, eq } from 'drizzle-orm';
import { signToken } from '../../../server/auth/tokens.ts';
import { accounts, customers, sessions, signinFailures } from '../../../server/db/schema.ts';
import { delayAfter } from '../../../server/features/session/signinDelay.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import {
  type JsonAnswer,
  JWT_SECRET,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  sharedTestContext,
  uniqueEmail,
} from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';
const INVALID_CREDENTIAL = {
  messageKey: 'error.account.invalidCredential',
  message: 'Invalid Account Credential',
};
const INACTIVE = { messageKey: 'error.account.inactive', message: 'Account is inactive' };
const UNAUTHORIZED = {
  messageKey: 'error.auth.unauthorized',
  message: 'Authentication is required to access this resource.',
};

/** The clock of the sign-in delay: tests move it on instead of waiting. */
let clock = Date.now();
const secondsPass = (seconds: number) => {
  clock += seconds * 1000;
};

const ctx = sharedTestContext({ operator: 'fresh', now: () => new Date(clock) });

const signin = (body: unknown) => ctx.call('POST', '/api/auth/signin', { json: body });
const sessionCount = async () => (await ctx.db.select().from(sessions)).length;

describe('POST /api/auth/signin', () => {
  it('answers a token, its lifetime and the account summary', async () => {
    const customer = await ctx.createCustomer();
    const email = uniqueEmail('admin');
    await ctx.createAccount({ email, password: PASSWORD, customerId: customer.id });

    const answer = await signin({ login: email, password: PASSWORD, state: 'xyz' });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      tokenExpireInSec: 3600,
      sessionExpireInSec: 86400,
      account: { customerId: customer.id, forceChangePassword: false },
    });
    const check = await ctx.call('POST', '/api/account/load_account_by_token', { token: answer.body.token });
    expect(check.status).toBe(200);
    expect(check.body.email).toBe(email);
  });

  it('tells the operator to change the initial password', async () => {
    const answer = await signin({ login: OPERATOR_EMAIL, password: OPERATOR_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toEqual({ customerId: null, forceChangePassword: true });
  });

  it('accepts the login in any case and with surrounding spaces', async () => {
    const email = uniqueEmail('case');
    await ctx.createAccount({ email, password: PASSWORD });
    const answer = await signin({ login: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(answer.status).toBe(200);
  });

  it('gives the same answer for a wrong password and for an unknown email', async () => {
    const email = uniqueEmail('known');
    await ctx.createAccount({ email, password: PASSWORD });

    const wrongPassword = await signin({ login: email, password: 'Wrong-Password-1' });
    const unknownEmail = await signin({ login: uniqueEmail('nobody'), password: PASSWORD });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(INVALID_CREDENTIAL);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('refuses an inactive account once the password is right, and only then', async () => {
    const email = uniqueEmail('inactive');
    await ctx.createAccount({ email, password: PASSWORD, status: 'INACTIVE' });

    expect((await signin({ login: email, password: 'Wrong-Password-1' })).body).toEqual(INVALID_CREDENTIAL);
    const answer = await signin({ login: email, password: PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(INACTIVE);
  });

  it('refuses an account of a deactivated customer as inactive', async () => {
    const customer = await ctx.createCustomer({ status: 'INACTIVE' });
    const email = uniqueEmail('dormant');
    await ctx.createAccount({ email, password: PASSWORD, customerId: customer.id });

    const answer = await signin({ login: email, password: PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(INACTIVE);
  });

  it.each([
    ['a number as login', { login: 42, password: PASSWORD }, 'login'],
    ['a missing password', { login: 'someone@example.com' }, 'password'],
    ['an object as password', { login: 'someone@example.com', password: { $ne: '' } }, 'password'],
    ['an empty login', { login: '', password: PASSWORD }, 'login'],
  ])('refuses %s with a validation error naming the field, and opens no session', async (_, body, field) => {
    const before = await sessionCount();
    const answer = await signin(body);
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain(`'${field}'`);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a body that is not JSON, or not sent as JSON, and opens no session', async () => {
    const before = await sessionCount();
    const broken = await ctx.call('POST', '/api/auth/signin', {
      payload: '{"login": "a@example.com",',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({
      messageKey: 'error.request.invalidJson',
      message: 'The request body is not valid JSON.',
    });

    const form = await ctx.call('POST', '/api/auth/signin', {
      payload: `login=${OPERATOR_EMAIL}&password=${OPERATOR_PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.messageKey).toBe('error.request.unsupportedMediaType');

    const empty = await ctx.call('POST', '/api/auth/signin');
    expect(empty.status).toBe(400);
    expect(empty.body.messageKey).toBe('error.validation.invalid');
    expect(await sessionCount()).toBe(before);
  });

  it('ignores fields it does not know', async () => {
    const email = uniqueEmail('extra');
    await ctx.createAccount({ email, password: PASSWORD });
    const answer = await signin({ login: email, password: PASSWORD, rememberMe: true });
    expect(answer.status).toBe(200);
  });
});

describe('the sign-in delay of a login, per client address', () => {
  const delayed = (seconds: number) => ({
    messageKey: 'error.auth.tooManyAttempts',
    message: `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or sign in with the QR code.`,
    params: { smart_count: seconds },
  });

  function expectDelayed(answer: JsonAnswer, seconds: number) {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual(delayed(seconds));
    expect(answer.headers['retry-after']).toBe(String(seconds));
    expect(i18nProvider.translate(answer.body.messageKey, answer.body.params)).toBe(answer.body.message);
  }

  /** A sign-in from one client address (the tests' default one when none is named). */
  const signinFrom = (remoteAddress: string, body: unknown) =>
    ctx.call('POST', '/api/auth/signin', { json: body, remoteAddress });

  async function wrongPasswords(login: string, times: number, from = '127.0.0.1') {
    for (let attempt = 1; attempt <= times; attempt++) {
      expect((await signinFrom(from, { login, password: `Wrong-Password-${attempt}` })).status).toBe(401);
    }
  }

  const sessionsOf = (email: string) =>
    ctx.db
      .select()
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(accounts.email, email));

  it("stops a stranger's address after its 5 wrong passwords, never the owner's own", async () => {
    const email = uniqueEmail('owner');
    await ctx.createAccount({ email, password: PASSWORD });
    await wrongPasswords(email, 5, '203.0.113.7');

    // The guessing address waits, even with the right password…
    expectDelayed(await signinFrom('203.0.113.7', { login: email, password: PASSWORD }), 30);
    expect(await sessionsOf(email)).toEqual([]);
    // …the owner, from an address that has not failed, signs in at once.
    expect((await signinFrom('198.51.100.20', { login: email, password: PASSWORD })).status).toBe(200);
    expectDelayed(await signinFrom('203.0.113.7', { login: email, password: PASSWORD }), 30);
    secondsPass(29);
    expectDelayed(await signinFrom('203.0.113.7', { login: email, password: PASSWORD }), 1);
    secondsPass(1);
    expect((await signinFrom('203.0.113.7', { login: email, password: PASSWORD })).status).toBe(200);
  });

  it('slows guessing from many addresses: past 30 wrong passwords, each address waits after its first', async () => {
    const email = uniqueEmail('besieged');
    await ctx.createAccount({ email, password: PASSWORD });
    for (let address = 1; address <= 30; address++) await wrongPasswords(email, 1, `192.0.2.${address}`);

    // Under siege: a new address has its one guess, then waits.
    await wrongPasswords(email, 1, '192.0.2.100');
    expectDelayed(await signinFrom('192.0.2.100', { login: email, password: 'Wrong-Password-2' }), 30);
    // An address that failed before the siege waits after its next wrong one.
    await wrongPasswords(email, 1, '192.0.2.1');
    expectDelayed(await signinFrom('192.0.2.1', { login: email, password: 'Wrong-Password-3' }), 60);
    // The owner's address has not failed: his right password is heard.
    expect((await signinFrom('198.51.100.21', { login: email, password: PASSWORD })).status).toBe(200);
  });

  it('tells /metrics the wrong passwords, the waiting addresses and the besieged logins', async () => {
    const gauge = async (name: string) => {
      const text = (await ctx.call('GET', '/metrics')).body as string;
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    };
    const gauges = async () => ({
      wrong: await gauge('signin_wrong_passwords'),
      waiting: await gauge('signin_waiting_addresses'),
      besieged: await gauge('signin_besieged_logins'),
    });
    const before = await gauges();
    const email = uniqueEmail('watched');
    await ctx.createAccount({ email, password: PASSWORD });
    for (let address = 1; address <= 29; address++) await wrongPasswords(email, 1, `192.0.2.${address}`);
    expect(await gauges()).toEqual({ ...before, wrong: before.wrong + 29 });
    // The 30th wrong password puts the login under siege; the 31st's address then waits.
    await wrongPasswords(email, 1, '192.0.2.30');
    await wrongPasswords(email, 1, '192.0.2.31');
    expect(await gauges()).toEqual({
      wrong: before.wrong + 31,
      waiting: before.waiting + 1,
      besieged: before.besieged + 1,
    });
  });

  it('doubles the wait with each further wrong password, up to 15 minutes', async () => {
    const email = uniqueEmail('siege');
    await ctx.createAccount({ email, password: PASSWORD });
    await wrongPasswords(email, 5);
    for (const wait of [30, 60, 120, 240, 480, 900, 900]) {
      expectDelayed(await signin({ login: email, password: 'Wrong-Password-9' }), wait);
      secondsPass(wait);
      expect((await signin({ login: email, password: 'Wrong-Password-9' })).status).toBe(401);
    }
    expect(delayAfter(5_000_000)).toBe(900);
  });

  it('keeps the 15-minute cap however long a siege lasts', async () => {
    const email = uniqueEmail('long-siege');
    await ctx.createAccount({ email, password: PASSWORD });
    await wrongPasswords(email, 1);
    await ctx.db
      .update(signinFailures)
      .set({ count: 2_000_000 })
      .where(and(eq(signinFailures.login, email), eq(signinFailures.source, '127.0.0.1')));
    expect((await signin({ login: email, password: 'Wrong-Password-9' })).status).toBe(401);
    expectDelayed(await signin({ login: email, password: PASSWORD }), 900);
  });

  it('makes unknown logins wait the same way', async () => {
    const login = uniqueEmail('ghost');
    await wrongPasswords(login, 5);
    expectDelayed(await signin({ login, password: PASSWORD }), 30);
  });

  it('lets through only 5 of 10 wrong passwords sent together', async () => {
    const email = uniqueEmail('together');
    await ctx.createAccount({ email, password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signin({ login: email, password: `Wrong-Password-${i}` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('forgets the wrong passwords after a right one', async () => {
    const email = uniqueEmail('recovered');
    await ctx.createAccount({ email, password: PASSWORD });
    await wrongPasswords(email, 4);
    expect((await signin({ login: email, password: PASSWORD })).status).toBe(200);
    await wrongPasswords(email, 4);
    expect((await signin({ login: email, password: PASSWORD })).status).toBe(200);
  });

  it('forgets the wrong passwords after a day without an attempt', async () => {
    const email = uniqueEmail('patient');
    await ctx.createAccount({ email, password: PASSWORD });
    await wrongPasswords(email, 4);
    secondsPass(24 * 3600 - 1);
    await wrongPasswords(email, 1);
    secondsPass(24 * 3600);
    await wrongPasswords(email, 4);
    expect((await signin({ login: email, password: PASSWORD })).status).toBe(200);
  });

  it('lifts the wait of every address once the owner signs in by QR code, approved by the own app', async () => {
    const email = uniqueEmail('qr-owner');
    await ctx.createAccount({ email, password: PASSWORD });
    const appToken = await ctx.signIn(email, PASSWORD);
    await wrongPasswords(email, 5);
    secondsPass(30);
    await wrongPasswords(email, 1);
    expectDelayed(await signin({ login: email, password: PASSWORD }), 60);

    const host = { host: 'portal.example' };
    const query = new URLSearchParams({
      realm: 'r-portal',
      client_id: 'gateway-portal-web',
      redirect_url: 'http://portal.example/oauth2/handler',
      state: 'qr-state',
    });
    const opened = await ctx.call('GET', `/api/v-key-seamless/init-session?${query}`, { headers: host });
    expect(opened.status).toBe(200);
    const { sessionId, idSignature } = opened.body;
    const decided = await ctx.call('POST', '/api/v-key-seamless/app/decision', {
      token: appToken,
      json: { sessionId, decision: 'APPROVE' },
    });
    expect(decided.status).toBe(204);
    const qr = await ctx.call('POST', '/api/v-key-seamless/authenticate', {
      json: { sessionId, idSignature },
      headers: host,
    });
    expect(qr.status).toBe(200);

    expect((await signin({ login: email, password: PASSWORD })).status).toBe(200);
  });
});

describe('tokens and sessions', () => {
  async function signedInAccount() {
    const email = uniqueEmail('session');
    const account = await ctx.createAccount({ email, password: PASSWORD });
    return { account, token: await ctx.signIn(email, PASSWORD) };
  }

  const loadAccount = (token?: string) => ctx.call('POST', '/api/account/load_account_by_token', { token });
  const permissions = (token?: string) => ctx.call('GET', '/api/account/permission?flattern=1', { token });

  it('signs out: the token is refused everywhere afterwards', async () => {
    const { token } = await signedInAccount();
    const signout = await ctx.call('POST', '/api/auth/signout', { token });
    expect(signout.status).toBe(204);
    expect(signout.body).toBe('');

    for (const answer of [
      await loadAccount(token),
      await permissions(token),
      await ctx.call('POST', '/api/auth/signout', { token }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHORIZED);
    }
  });

  it('signing out one session leaves the others open', async () => {
    const email = uniqueEmail('two-sessions');
    await ctx.createAccount({ email, password: PASSWORD });
    const first = await ctx.signIn(email, PASSWORD);
    const second = await ctx.signIn(email, PASSWORD);
    await ctx.call('POST', '/api/auth/signout', { token: first });
    expect((await loadAccount(second)).status).toBe(200);
  });

  it('refuses calls without a token or with a header that is not a bearer token', async () => {
    expect(await loadAccount()).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const basic = await ctx.call('GET', '/api/account/permission?flattern=1', {
      headers: { authorization: 'Basic b3BlcmF0b3I6cGFzcw==' },
    });
    expect(basic).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await permissions('not-a-jwt')).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('refuses an expired token', async () => {
    const { account, token } = await signedInAccount();
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken(
      { sub: account.id, jti: sessionId, iat: now - 7200, exp: now - 60 },
      JWT_SECRET,
    );
    expect(await loadAccount(expired)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await loadAccount(token)).status).toBe(200);
  });

  it('refuses a token whose session has expired in the database', async () => {
    const { token } = await signedInAccount();
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));
    expect(await loadAccount(token)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('refuses a tampered token', async () => {
    const { token } = await signedInAccount();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const [operator] = await ctx.accountsNamed([OPERATOR_EMAIL]);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: operator!.id })).toString('base64url');
    expect(await loadAccount(`${header}.${forged}.${signature}`)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });

    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await loadAccount(`${header}.${payload}.${flipped}`)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await loadAccount(`${none}.${payload}.`)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('refuses a token signed with another secret', async () => {
    const { account, token } = await signedInAccount();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const foreign = signToken({ ...claims, sub: account.id }, 'another-secret-another-secret-another-secret');
    expect(await loadAccount(foreign)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('ends the sessions of an account that is deactivated, or whose customer is', async () => {
    const { account, token } = await signedInAccount();
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, account.id));
    expect(await loadAccount(token)).toMatchObject({ status: 401, body: UNAUTHORIZED });

    const customer = await ctx.createCustomer();
    const email = uniqueEmail('customer-admin');
    await ctx.createAccount({ email, password: PASSWORD, customerId: customer.id });
    const customerToken = await ctx.signIn(email, PASSWORD);
    await ctx.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, customer.id));
    expect(await loadAccount(customerToken)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('does not sign out on a malformed request', async () => {
    const { token } = await signedInAccount();
    const answer = await ctx.call('POST', '/api/auth/signout', {
      token,
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.request.invalidJson');
    expect((await loadAccount(token)).status).toBe(200);
  });
});
