import { eq } from 'drizzle-orm';
import { accountRoles, accounts, auditLog } from '../../../server/db/schema.ts';
import { allPermissionKeys } from '../../../server/domain/permissions.ts';
import { OPERATOR_EMAIL, sharedTestContext, uniqueEmail } from '../helpers.ts';

const PASSWORD = 'Correct-Horse-9';

const ctx = sharedTestContext({ operator: 'fresh' });

describe('GET /api/account/permission?flattern=1', () => {
  it('lists every permission of the catalogue for the operator, sorted and without duplicates', async () => {
    const token = await ctx.signInOperator();
    const answer = await ctx.call('GET', '/api/account/permission?flattern=1', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('customer:view');
    expect(answer.body).toContain('directories:delete');
    expect(answer.body).toEqual([...answer.body].sort());
    expect(new Set(answer.body).size).toBe(answer.body.length);
    expect([...answer.body].sort()).toEqual(allPermissionKeys().sort());
  });

  it("gives a customer's account only what its roles grant", async () => {
    const customer = await ctx.createCustomer();
    const viewer = await ctx.createRole({
      name: 'token-viewer',
      customerId: customer.id,
      permissions: ['token-pack:view', 'theme:view'],
    });
    const editor = await ctx.createRole({
      name: 'token-editor',
      customerId: customer.id,
      permissions: ['token-pack:view', 'token-pack:modify'],
    });
    const email = uniqueEmail('customer');
    await ctx.createAccount({
      email,
      password: PASSWORD,
      customerId: customer.id,
      roleIds: [viewer.id, editor.id],
    });
    const token = await ctx.signIn(email, PASSWORD);

    const answer = await ctx.call('GET', '/api/account/permission?flattern=1', { token });
    expect(answer.body).toEqual(['theme:view', 'token-pack:modify', 'token-pack:view']);
  });

  it('gives an account without roles an empty list', async () => {
    const email = uniqueEmail('roleless');
    await ctx.createAccount({ email, password: PASSWORD });
    const token = await ctx.signIn(email, PASSWORD);
    const answer = await ctx.call('GET', '/api/account/permission?flattern=1', { token });
    expect(answer).toMatchObject({ status: 200, body: [] });
  });

  it('reads the roles afresh on every call', async () => {
    const customer = await ctx.createCustomer();
    const email = uniqueEmail('promoted');
    const account = await ctx.createAccount({ email, password: PASSWORD, customerId: customer.id });
    const token = await ctx.signIn(email, PASSWORD);
    expect((await ctx.call('GET', '/api/account/permission?flattern=1', { token })).body).toEqual([]);

    const role = await ctx.createRole({
      name: 'auditors',
      customerId: customer.id,
      permissions: ['subscription:view'],
    });
    await ctx.db.insert(accountRoles).values({ accountId: account.id, roleId: role.id });
    expect((await ctx.call('GET', '/api/account/permission?flattern=1', { token })).body).toEqual([
      'subscription:view',
    ]);
  });

  it.each([
    '/api/account/permission',
    '/api/account/permission?flattern=0',
    '/api/account/permission?flattern=yes',
  ])('refuses %s with a validation error', async (url) => {
    const token = await ctx.signInOperator();
    const answer = await ctx.call('GET', url, { token });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain("'flattern'");
  });
});

describe('POST /api/account/change-password', () => {
  async function freshAccount(forceChangePassword = true) {
    const email = uniqueEmail('changer');
    await ctx.createAccount({ email, password: PASSWORD, forceChangePassword });
    return { email, token: await ctx.signIn(email, PASSWORD) };
  }

  const change = (token: string, json: unknown) =>
    ctx.call('POST', '/api/account/change-password', { token, json });

  it('changes the password: the new one signs in, the old one no longer does, and the forced change is over', async () => {
    const { email, token } = await freshAccount(true);
    const answer = await change(token, {
      oldPassword: PASSWORD,
      newPassword: 'Brand-New-Pass7',
      confirmPassword: 'Brand-New-Pass7',
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });

    const old = await ctx.call('POST', '/api/auth/signin', { json: { login: email, password: PASSWORD } });
    expect(old.status).toBe(401);
    const renewed = await ctx.call('POST', '/api/auth/signin', {
      json: { login: email, password: 'Brand-New-Pass7' },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.account.forceChangePassword).toBe(false);
    const me = await ctx.call('POST', '/api/account/load_account_by_token', { token: renewed.body.token });
    expect(me.body.forceChangePassword).toBe(false);
  });

  it('keeps the current session and ends the other sessions of the account', async () => {
    const { email, token } = await freshAccount(false);
    const elsewhere = await ctx.signIn(email, PASSWORD);
    await change(token, {
      oldPassword: PASSWORD,
      newPassword: 'Brand-New-Pass7',
      confirmPassword: 'Brand-New-Pass7',
    });
    expect((await ctx.call('POST', '/api/account/load_account_by_token', { token })).status).toBe(200);
    expect((await ctx.call('POST', '/api/account/load_account_by_token', { token: elsewhere })).status).toBe(
      401,
    );
  });

  it('updates the modification date', async () => {
    const { email, token } = await freshAccount(false);
    const [before] = await ctx.accountsNamed([email]);
    await change(token, {
      oldPassword: PASSWORD,
      newPassword: 'Brand-New-Pass7',
      confirmPassword: 'Brand-New-Pass7',
    });
    const [after] = await ctx.accountsNamed([email]);
    expect(after!.modifiedDate.getTime()).toBeGreaterThan(before!.modifiedDate.getTime());
  });

  it.each([
    [
      'a confirmation that differs',
      { oldPassword: PASSWORD, newPassword: 'Brand-New-Pass7', confirmPassword: 'Brand-New-Pass8' },
      {
        messageKey: 'error.password.confirmMismatch',
        message: 'Password and Confirm New Password does not match',
        params: { field: 'confirmPassword' },
      },
    ],
    [
      'a password that breaks the policy',
      { oldPassword: PASSWORD, newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' },
      {
        messageKey: 'error.password.policy',
        message:
          'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
        params: { field: 'newPassword' },
      },
    ],
    [
      'a wrong old password',
      { oldPassword: 'Not-The-Old-1', newPassword: 'Brand-New-Pass7', confirmPassword: 'Brand-New-Pass7' },
      {
        messageKey: 'error.account.oldPasswordIncorrect',
        message: 'Old Password is Incorrect',
        params: { field: 'oldPassword' },
      },
    ],
    [
      'a new password equal to the old one',
      { oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
      {
        messageKey: 'error.password.sameAsOld',
        message: 'The new password must be different from the old password.',
        params: { field: 'newPassword' },
      },
    ],
    [
      'a mismatch before a wrong old password',
      { oldPassword: 'Not-The-Old-1', newPassword: 'short', confirmPassword: 'other' },
      {
        messageKey: 'error.password.confirmMismatch',
        message: 'Password and Confirm New Password does not match',
        params: { field: 'confirmPassword' },
      },
    ],
    [
      'a policy breach before a wrong old password',
      { oldPassword: 'Not-The-Old-1', newPassword: 'short', confirmPassword: 'short' },
      {
        messageKey: 'error.password.policy',
        message:
          'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a number.',
        params: { field: 'newPassword' },
      },
    ],
  ])('refuses %s and keeps the password', async (_, body, expected) => {
    const { email, token } = await freshAccount(true);
    const hashBefore = await ctx.passwordHashOf(email);
    const answer = await change(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expected);
    expect(await ctx.passwordHashOf(email)).toBe(hashBefore);
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account!.forceChangePassword).toBe(true);
  });

  it.each([
    ['a missing confirmation', { oldPassword: PASSWORD, newPassword: 'Brand-New-Pass7' }, 'confirmPassword'],
    [
      'a number as new password',
      { oldPassword: PASSWORD, newPassword: 12345678, confirmPassword: 12345678 },
      'newPassword',
    ],
    [
      'an empty old password',
      { oldPassword: '', newPassword: 'Brand-New-Pass7', confirmPassword: 'Brand-New-Pass7' },
      'oldPassword',
    ],
  ])('refuses %s with a validation error and keeps the password', async (_, body, field) => {
    const { email, token } = await freshAccount(true);
    const hashBefore = await ctx.passwordHashOf(email);
    const answer = await change(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.message).toContain(`'${field}'`);
    expect(await ctx.passwordHashOf(email)).toBe(hashBefore);
  });

  it('refuses a body that is not JSON and keeps the password', async () => {
    const { email, token } = await freshAccount(true);
    const hashBefore = await ctx.passwordHashOf(email);
    const invalid = await ctx.call('POST', '/api/account/change-password', {
      token,
      payload: '{"oldPassword":',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { messageKey: 'error.request.invalidJson' } });
    const text = await ctx.call('POST', '/api/account/change-password', {
      token,
      payload: 'Brand-New-Pass7',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text).toMatchObject({ status: 415, body: { messageKey: 'error.request.unsupportedMediaType' } });
    expect(await ctx.passwordHashOf(email)).toBe(hashBefore);
  });

  it('asks for a token first', async () => {
    const answer = await ctx.call('POST', '/api/account/change-password', {
      json: { oldPassword: PASSWORD, newPassword: 'Brand-New-Pass7', confirmPassword: 'Brand-New-Pass7' },
    });
    expect(answer).toMatchObject({ status: 401, body: { messageKey: 'error.auth.unauthorized' } });
  });
});

describe('POST /api/account/load_account_by_token', () => {
  it("answers the operator's account", async () => {
    const token = await ctx.signInOperator();
    const answer = await ctx.call('POST', '/api/account/load_account_by_token', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(String),
      username: OPERATOR_EMAIL,
      firstName: '',
      lastName: '',
      mobilePhone: '',
      email: OPERATOR_EMAIL,
      roleIds: [expect.any(String)],
      roles: [
        {
          id: answer.body.roleIds[0],
          name: 'provider_admin',
          displayName: 'Provider Administrator',
          scope: 'provider',
        },
      ],
      status: 'ACTIVE',
      isCustomerRoot: false,
      customerId: null,
      customerName: null,
      forceChangePassword: true,
      // No language chosen yet: the browser's.
      locale: null,
    });
  });

  it("answers a customer's account with its customer and roles", async () => {
    const customer = await ctx.createCustomer({ companyName: 'Globex' });
    const admins = await ctx.createRole({
      name: 'admins',
      customerId: customer.id,
      permissions: ['theme:view'],
    });
    const billing = await ctx.createRole({ name: 'billing', customerId: customer.id, permissions: [] });
    const email = uniqueEmail('root');
    const account = await ctx.createAccount({
      email,
      password: PASSWORD,
      customerId: customer.id,
      isCustomerRoot: true,
      firstName: 'Hank',
      lastName: 'Scorpio',
      roleIds: [billing.id, admins.id],
    });
    const token = await ctx.signIn(email, PASSWORD);

    const answer = await ctx.call('POST', '/api/account/load_account_by_token', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: account.id,
      username: email,
      firstName: 'Hank',
      lastName: 'Scorpio',
      mobilePhone: expect.any(String),
      email,
      roleIds: [admins.id, billing.id],
      roles: [
        { id: admins.id, name: 'admins', displayName: 'admins', scope: 'customer' },
        { id: billing.id, name: 'billing', displayName: 'billing', scope: 'customer' },
      ],
      status: 'ACTIVE',
      isCustomerRoot: true,
      customerId: customer.id,
      customerName: 'Globex',
      forceChangePassword: false,
      locale: null,
    });
  });
});

describe('PUT /api/account/profile', () => {
  it("takes the signed-in account's name and mobile phone, during the first password change too", async () => {
    const email = uniqueEmail('first');
    const account = await ctx.createAccount({
      email,
      password: PASSWORD,
      forceChangePassword: true,
      roleIds: [],
    });
    const token = await ctx.signIn(email, PASSWORD);
    const answer = await ctx.call('PUT', '/api/account/profile', {
      token,
      json: { firstName: ' Grace ', lastName: 'Hopper', mobilePhone: '+1 202 555 0100' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: account.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      mobilePhone: '+1 202 555 0100',
      forceChangePassword: true,
    });
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', mobilePhone: '+1 202 555 0100' });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, account.id));
    expect(entry).toMatchObject({
      tableName: 'Account',
      action: 'UPDATE',
      modifiedBy: email,
      changes: { firstName: { after: 'Grace' }, mobilePhone: { before: '', after: '+1 202 555 0100' } },
    });
  });

  it.each([
    ['a blank mobile phone', { firstName: 'Ada', lastName: 'L', mobilePhone: '  ' }],
    ['a missing last name', { firstName: 'Ada', mobilePhone: '1' }],
    ['another field', { firstName: 'Ada', lastName: 'L', mobilePhone: '1', customerId: null }],
  ])('refuses %s and changes nothing', async (_, json) => {
    const email = uniqueEmail('blank');
    const account = await ctx.createAccount({ email, password: PASSWORD, roleIds: [] });
    const token = await ctx.signIn(email, PASSWORD);
    const answer = await ctx.call('PUT', '/api/account/profile', { token, json });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email });
  });
});
