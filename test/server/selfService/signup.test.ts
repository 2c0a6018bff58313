import { and, eq, sql } from 'drizzle-orm';
import {
  accountRoles,
  auditLog,
  customers,
  mailMessages,
  roles,
  selfServiceTokens,
} from '../../../server/db/schema.ts';
import { sha256Hex } from '../../../server/domain/secrets.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { createTestContext, sharedTestContext, uniqueEmail } from '../helpers.ts';
import {
  HOUR_MS,
  lastTokenTo,
  mailsTo,
  PASSWORD,
  PUBLIC_URL,
  signupForm,
  testClock,
  tokenIn,
} from './fixtures.ts';

/** Sign-up (contract/selfService.ts signup, activate): spec 01 §3 and §5. */

const clock = testClock();
const ctx = sharedTestContext({ now: clock.now, config: { publicUrl: PUBLIC_URL } });

const signup = (json: unknown, remoteAddress?: string) =>
  ctx.call('POST', '/api/customer/signup', { json, remoteAddress });
const activate = (token: string) => ctx.call('POST', '/api/customer/signup/activate', { json: { token } });
const signin = (login: string, password = PASSWORD) =>
  ctx.call('POST', '/api/auth/signin', { json: { login, password } });

/** What a refused sign-up must leave: no account, no customer, no mail for the address. */
async function expectNothingFor(email: string, companyName?: string) {
  expect(await ctx.accountsNamed([email.toLowerCase()])).toEqual([]);
  expect(await mailsTo(ctx, email.toLowerCase())).toEqual([]);
  const byContact = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.contactEmail, email.toLowerCase()));
  expect(byContact).toEqual([]);
  if (companyName) {
    const byName = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyName, companyName));
    expect(byName).toEqual([]);
  }
}

describe('POST /api/customer/signup', () => {
  it('makes an inactive customer and its inactive root administrator, and mails the activation link', async () => {
    const form = signupForm({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const email = form.email.trim().toLowerCase();
    const answer = await signup(form);
    expect(answer).toMatchObject({ status: 201, body: { email } });

    const [account] = await ctx.accountsNamed([email]);
    expect(account).toMatchObject({
      status: 'INACTIVE',
      isCustomerRoot: true,
      forceChangePassword: false,
      firstName: 'Grace',
      lastName: 'Hopper',
      mobilePhone: '+1 202 555 0100',
    });
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, account!.customerId!));
    expect(customer).toMatchObject({
      companyName: form.companyName,
      contactEmail: email,
      contactPhone: '+1 202 555 0100',
      status: 'INACTIVE',
    });
    const held = await ctx.db
      .select({ name: roles.name, customerId: roles.customerId })
      .from(accountRoles)
      .innerJoin(roles, eq(roles.id, accountRoles.roleId))
      .where(eq(accountRoles.accountId, account!.id));
    expect(held).toEqual([{ name: CUSTOMER_ADMIN_ROLE, customerId: null }]);

    const [mail] = await mailsTo(ctx, email);
    expect(mail).toMatchObject({ status: 'OUTBOX', customerId: customer!.id });
    expect(mail!.subject).toBe('Activate your Test Portal account');
    expect(mail!.text).toContain('Hello Grace Hopper,');
    expect(mail!.text).toContain(`${PUBLIC_URL}/signup-activate/`);
    const token = tokenIn(mail!.text, '/signup-activate/');
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/signup-activate/${token}">`);

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.customerId, customer!.id));
    expect(entries.map((entry) => [entry.tableName, entry.action, entry.modifiedBy]).sort()).toEqual([
      ['Account', 'CREATE', email],
      ['Customer', 'CREATE', email],
    ]);
  });

  it('keeps the account from signing in until the link activates it, once', async () => {
    const form = signupForm();
    expect((await signup(form)).status).toBe(201);
    const before = await signin(form.email);
    expect(before).toMatchObject({ status: 403, body: { messageKey: 'error.account.inactive' } });

    const token = await lastTokenTo(ctx, form.email, '/signup-activate/');
    const answer = await activate(token);
    expect(answer).toMatchObject({ status: 200, body: { email: form.email, tierId: null } });
    const [account] = await ctx.accountsNamed([form.email]);
    expect(account!.status).toBe('ACTIVE');
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, account!.customerId!));
    expect(customer!.status).toBe('ACTIVE');

    const signedIn = await signin(form.email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.account).toEqual({ customerId: customer!.id, forceChangePassword: false });

    expect(await activate(token)).toMatchObject({
      status: 409,
      body: {
        messageKey: 'error.signupActivation.processed',
        message: 'This activation request has already been processed. Please contact your administrator.',
      },
    });
  });

  it('keeps the plan chosen before signing up, and the activation answers it', async () => {
    const form = signupForm({ tierId: ' NORMAL ' });
    expect((await signup(form)).status).toBe(201);
    const token = await lastTokenTo(ctx, form.email, '/signup-activate/');
    expect(await activate(token)).toMatchObject({
      status: 200,
      body: { email: form.email, tierId: 'NORMAL' },
    });
  });

  it('keeps only the hash of the token: the database never holds the token itself', async () => {
    const form = signupForm();
    expect((await signup(form)).status).toBe(201);
    const token = await lastTokenTo(ctx, form.email, '/signup-activate/');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await ctx.db
      .select()
      .from(selfServiceTokens)
      .where(eq(selfServiceTokens.tokenHash, sha256Hex(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'signupActivation', email: form.email, usedAt: null });
    const [holding] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(selfServiceTokens)
      .where(sql`${selfServiceTokens}::text like ${`%${token}%`}`);
    expect(holding!.count).toBe(0);
    const expiresIn = rows[0]!.expiresAt.getTime() - clock.now().getTime();
    expect(expiresIn).toBe(72 * HOUR_MS);
  });

  it.each([
    [
      'an address that is none',
      { email: 'not-an-email' },
      { messageKey: 'error.email.invalid', message: 'Invalid Email', params: { field: 'email' } },
    ],
    [
      'a form whose agreement is not checked',
      { agreement: false },
      {
        messageKey: 'error.signup.agreementRequired',
        message: 'Please agree to the terms of use and the privacy policy.',
        params: { field: 'agreement' },
      },
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'Correct-Horse-8' },
      {
        messageKey: 'error.signup.confirmMismatch',
        message: 'Password and confirm password do not match.',
        params: { field: 'confirmPassword' },
      },
    ],
    [
      'a password that breaks the policy',
      { password: 'alllowercase1', confirmPassword: 'alllowercase1' },
      {
        messageKey: 'error.password.policy',
        message:
          'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
        params: { field: 'password' },
      },
    ],
    [
      'a common password',
      { password: 'Password1', confirmPassword: 'Password1' },
      { messageKey: 'error.password.common', params: { field: 'password' } },
    ],
    [
      'a company phone that is no phone number',
      { companyPhone: 'call me' },
      { messageKey: 'error.phone.invalid', params: { field: 'companyPhone' } },
    ],
    [
      'a blank first name',
      { firstName: '   ' },
      { messageKey: 'error.validation.invalid', params: { field: 'firstName' } },
    ],
    [
      'a missing company name',
      { companyName: undefined },
      { messageKey: 'error.validation.invalid', params: { field: 'companyName' } },
    ],
    ['another field', { isCustomerRoot: false }, { messageKey: 'error.validation.invalid' }],
  ])('refuses %s and writes nothing', async (_, overrides, expected) => {
    const form = signupForm(overrides);
    const answer = await signup(form);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(expected);
    await expectNothingFor(String(form.email), String(form.companyName));
  });

  it('refuses an address in use with 409 error.email.existed, naming nothing of its holder', async () => {
    const holder = await ctx.createCustomer({ companyName: 'Holder Industries' });
    const email = uniqueEmail('held');
    const held = await ctx.createAccount({ email, password: PASSWORD, customerId: holder.id });
    const mailsBefore = await ctx.db.select({ id: mailMessages.id }).from(mailMessages);
    const form = signupForm({ email: email.toUpperCase() });

    const answer = await signup(form);
    expect(answer).toMatchObject({
      status: 409,
      body: {
        messageKey: 'error.email.existed',
        message: 'Email already existed',
        params: { field: 'email' },
      },
    });
    const text = JSON.stringify(answer.body);
    for (const secret of [holder.id, 'Holder', held.id, 'Ada', 'Lovelace'])
      expect(text).not.toContain(secret);
    expect(await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).toHaveLength(mailsBefore.length);
    const made = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyName, form.companyName));
    expect(made).toEqual([]);
  });

  it('leaves nothing half-written: a company name taken refuses the whole sign-up', async () => {
    await ctx.createCustomer({ companyName: 'Taken Trading' });
    const tokensBefore = await ctx.db.select({ id: selfServiceTokens.id }).from(selfServiceTokens);
    const form = signupForm({ companyName: '  taken TRADING ' });

    const answer = await signup(form);
    expect(answer).toMatchObject({
      status: 409,
      body: { messageKey: 'error.customer.companyNameExisted', params: { field: 'companyName' } },
    });
    await expectNothingFor(form.email);
    expect(await ctx.db.select({ id: selfServiceTokens.id }).from(selfServiceTokens)).toHaveLength(
      tokensBefore.length,
    );
    const named = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.companyName}) = 'taken trading'`);
    expect(named).toHaveLength(1);
  });

  it('refuses the second of two sign-ups of one address', async () => {
    const email = uniqueEmail('twice');
    expect((await signup(signupForm({ email }))).status).toBe(201);
    const again = await signup(signupForm({ email }));
    expect(again).toMatchObject({ status: 409, body: { messageKey: 'error.email.existed' } });
    expect(await mailsTo(ctx, email)).toHaveLength(1);
  });
});

describe('POST /api/customer/signup/activate', () => {
  it('answers an unknown token 404 error.signupActivation.invalid', async () => {
    expect(await activate('x'.repeat(43))).toMatchObject({
      status: 404,
      body: {
        messageKey: 'error.signupActivation.invalid',
        message: 'This activation link is invalid. Please contact your administrator.',
      },
    });
  });

  it('answers an expired link 410 error.signupActivation.expired and activates nothing', async () => {
    const form = signupForm();
    expect((await signup(form)).status).toBe(201);
    const token = await lastTokenTo(ctx, form.email, '/signup-activate/');
    clock.pass(72 * HOUR_MS + 1000);
    expect(await activate(token)).toMatchObject({
      status: 410,
      body: {
        messageKey: 'error.signupActivation.expired',
        message: 'This activation link has expired. Please contact your administrator.',
      },
    });
    const [account] = await ctx.accountsNamed([form.email]);
    expect(account!.status).toBe('INACTIVE');
  });

  it("refuses a token of another kind of link (a password reset's)", async () => {
    const form = signupForm();
    expect((await signup(form)).status).toBe(201);
    await activate(await lastTokenTo(ctx, form.email, '/signup-activate/'));
    expect(
      (await ctx.call('POST', '/api/account/forgot-password', { json: { email: form.email } })).status,
    ).toBe(202);
    const reset = await lastTokenTo(ctx, form.email, '/account/reset-password?token=');
    expect((await activate(reset)).status).toBe(404);
  });

  it('keeps an account of the activated customer from being activated twice by two links', async () => {
    const form = signupForm();
    expect((await signup(form)).status).toBe(201);
    const token = await lastTokenTo(ctx, form.email, '/signup-activate/');
    const answers = await Promise.all([activate(token), activate(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [account] = await ctx.accountsNamed([form.email]);
    const activations = await ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account!.id), eq(auditLog.action, 'ACTIVATE')));
    expect(activations).toHaveLength(1);
  });
});

describe('the sign-up limit', () => {
  it('refuses a second sign-up from the same address with 429 and Retry-After', async () => {
    const limited = await createTestContext({
      config: {
        publicUrl: PUBLIC_URL,
        rateLimits: { ...ctx.config.rateLimits, signup: { max: 1, windowSec: 3600 } },
      },
    });
    try {
      const first = await limited.call('POST', '/api/customer/signup', {
        json: signupForm(),
        remoteAddress: '203.0.113.7',
      });
      expect(first.status).toBe(201);
      const second = await limited.call('POST', '/api/customer/signup', {
        json: signupForm(),
        remoteAddress: '203.0.113.7',
      });
      expect(second.status).toBe(429);
      expect(second.body.messageKey).toBe('error.signup.tooMany');
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      const elsewhere = await limited.call('POST', '/api/customer/signup', {
        json: signupForm(),
        remoteAddress: '203.0.113.8',
      });
      expect(elsewhere.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
