import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accountRoles, accounts } from '../../../server/db/schema.ts';
import { checkPasswordPolicy } from '../../../server/domain/passwords.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { auditOf, builtInRoleId, insertAccount, providerRole, signedIn } from '../fixtures/admin.ts';
import { OPERATOR_EMAIL, sharedTestContext, uniqueEmail } from '../helpers.ts';

const ctx = sharedTestContext();
let token: string;
let providerAdminId: string;
let customerAdminId: string;
let acme: { id: string };
let globex: { id: string };

beforeAll(async () => {
  token = await ctx.signInOperator();
  providerAdminId = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
  customerAdminId = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  globex = await ctx.createCustomer({ companyName: 'Globex' });
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown, as = token) =>
  ctx.call(method, `/api${url}`, { token: as, json });

/** A valid create form for a provider account, with `change` applied. */
const providerForm = (change: Record<string, unknown> = {}) => ({
  email: uniqueEmail('new'),
  roleIds: [providerAdminId],
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobilePhone: '+44 20 0000 0000',
  ...change,
});

const accountCount = async () => (await ctx.db.select({ id: accounts.id }).from(accounts)).length;

describe('creating an account', () => {
  it('creates a provider account with a one-time initial password it must change at first sign-in', async () => {
    const form = providerForm({
      email: `  ${uniqueEmail('Op').toUpperCase()}  `,
      organization: 'Provider Inc',
      address: '1 Main St',
      contactNumber: '+44 20 7946 0958',
      otherInfo: 'night shift',
      enable2fa: true,
      avatar: 'https://cdn.example/ada.png',
    });
    const answer = await call('POST', '/account/create_account_organization', form);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), initialPassword: expect.any(String) });
    expect(checkPasswordPolicy(answer.body.initialPassword)).toBe(true);

    const email = (form.email as string).trim().toLowerCase();
    const signIn = await ctx.call('POST', '/api/auth/signin', {
      json: { login: email, password: answer.body.initialPassword },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.account).toEqual({ customerId: null, forceChangePassword: true });

    const record = await call('GET', `/account/${answer.body.id}`);
    expect(record.status).toBe(200);
    expect(record.body).toEqual({
      id: answer.body.id,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobilePhone: '+44 20 0000 0000',
      organization: 'Provider Inc',
      address: '1 Main St',
      contactNumber: '+44 20 7946 0958',
      otherInfo: 'night shift',
      avatar: 'https://cdn.example/ada.png',
      enable2fa: true,
      status: 'ACTIVE',
      customerId: null,
      customerName: null,
      isCustomerRoot: false,
      roleIds: [providerAdminId],
      roles: [
        {
          id: providerAdminId,
          name: 'provider_admin',
          displayName: 'Provider Administrator',
          scope: 'provider',
        },
      ],
      createdDate: expect.any(String),
    });
    expect(JSON.stringify(record.body)).not.toMatch(/password|scrypt/i);
  });

  it("creates an account inside a customer with a shared customer role and that customer's own role", async () => {
    const own = await ctx.createRole({
      name: `acme-${randomUUID().slice(0, 6)}`,
      customerId: acme.id,
      permissions: [],
    });
    const answer = await call(
      'POST',
      '/account/create_account_organization',
      providerForm({ customerId: acme.id, roleIds: [customerAdminId, own.id] }),
    );
    expect(answer.status).toBe(201);
    const record = (await call('GET', `/account/${answer.body.id}`)).body;
    expect(record).toMatchObject({ customerId: acme.id, customerName: 'Acme', isCustomerRoot: false });
    expect(record.roleIds.sort()).toEqual([customerAdminId, own.id].sort());
  });

  it('audits the creation with the fields and roles, never the password', async () => {
    const form = providerForm();
    const answer = await call('POST', '/account/create_account_organization', form);
    const [entry] = await auditOf(ctx, answer.body.id);
    expect(entry).toMatchObject({
      tableName: 'Account',
      action: 'CREATE',
      entityId: answer.body.id,
      customerId: null,
      modifiedBy: OPERATOR_EMAIL,
      changes: {
        email: { before: null, after: form.email },
        firstName: { before: null, after: 'Ada' },
        roleIds: { before: null, after: [providerAdminId] },
        status: { before: null, after: 'ACTIVE' },
      },
    });
    expect(JSON.stringify(entry!.changes)).not.toContain(answer.body.initialPassword);
  });

  const existing = uniqueEmail('taken');
  beforeAll(async () => {
    await insertAccount(ctx, { email: existing, roleIds: [providerAdminId] });
  });

  it.each([
    ['a missing email', () => ({ email: undefined }), 400, 'error.email.invalid', 'Invalid Email'],
    ['a malformed email', () => ({ email: 'ada@' }), 400, 'error.email.invalid', 'Invalid Email'],
    [
      'an email with spaces inside',
      () => ({ email: 'ada lovelace@x.example' }),
      400,
      'error.email.invalid',
      'Invalid Email',
    ],
    [
      'an email already used',
      () => ({ email: existing.toUpperCase() }),
      409,
      'error.email.existed',
      'Email already existed',
    ],
    ['no roles', () => ({ roleIds: [] }), 400, 'error.account.roleRequired', 'Account Role is required'],
    [
      'missing roles',
      () => ({ roleIds: undefined }),
      400,
      'error.account.roleRequired',
      'Account Role is required',
    ],
    [
      'the same role twice',
      () => ({ roleIds: [providerAdminId, providerAdminId.toUpperCase()] }),
      400,
      'error.account.rolesDuplicated',
      'Selected roles are duplicated',
    ],
    [
      'a customer role for a provider account',
      () => ({ roleIds: [customerAdminId] }),
      400,
      'error.account.roleScope',
      'The selected roles cannot be given to this account.',
    ],
    [
      'an unknown role',
      () => ({ roleIds: [randomUUID()] }),
      400,
      'error.account.roleScope',
      'The selected roles cannot be given to this account.',
    ],
    [
      'an unknown customer',
      () => ({ customerId: randomUUID() }),
      404,
      'error.customer.notFound',
      'Customer not found',
    ],
    // The first broken rule answers.
    [
      'a bad email and no roles',
      () => ({ email: 'x', roleIds: [] }),
      400,
      'error.email.invalid',
      'Invalid Email',
    ],
    [
      'no roles and no first name',
      () => ({ roleIds: [], firstName: undefined }),
      400,
      'error.account.roleRequired',
      'Account Role is required',
    ],
  ])('refuses %s and creates nothing', async (_, change, status, messageKey, message) => {
    const before = await accountCount();
    const answer = await call('POST', '/account/create_account_organization', providerForm(change()));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ messageKey, message });
    expect(await accountCount()).toBe(before);
  });

  it('refuses a provider role for a customer account, and another customer’s own role', async () => {
    const globexOwn = await ctx.createRole({
      name: `globex-${randomUUID().slice(0, 6)}`,
      customerId: globex.id,
      permissions: [],
    });
    for (const roleIds of [[providerAdminId], [globexOwn.id], [customerAdminId, globexOwn.id]]) {
      const answer = await call(
        'POST',
        '/account/create_account_organization',
        providerForm({ customerId: acme.id, roleIds }),
      );
      expect(answer).toMatchObject({ status: 400, body: { messageKey: 'error.account.roleScope' } });
    }
  });

  it.each([
    ['firstName', { firstName: undefined }],
    ['firstName', { firstName: '   ' }],
    ['lastName', { lastName: '' }],
    ['mobilePhone', { mobilePhone: undefined }],
    ['organization', { organization: 'x'.repeat(201) }],
    ['avatar', { avatar: 'ftp://x.example/a.png' }],
    ['enable2fa', { enable2fa: 'yes' }],
    ['password', { password: 'Chosen-Pass-1' }],
  ])('refuses an invalid %s, naming it', async (field, change) => {
    const answer = await call('POST', '/account/create_account_organization', providerForm(change));
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.validation.invalid');
    expect(answer.body.params.field).toBe(field);
  });
});

describe('listing accounts', () => {
  const tag = `lst${randomUUID().slice(0, 6)}`;
  let customerCaller: { token: string; account: { id: string } };

  beforeAll(async () => {
    for (const [index, name] of ['carol', 'alice', 'bob'].entries()) {
      await insertAccount(ctx, {
        email: `${name}.${tag}@example.com`,
        roleIds: [providerAdminId],
        status: index === 2 ? 'INACTIVE' : 'ACTIVE',
      });
      await insertAccount(ctx, {
        email: `${name}.${tag}@acme.example`,
        customerId: acme.id,
        roleIds: [customerAdminId],
      });
    }
    await insertAccount(ctx, {
      email: `dave.${tag}@globex.example`,
      customerId: globex.id,
      roleIds: [customerAdminId],
    });
    customerCaller = await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
  });

  const search = (body: Record<string, unknown>, as = token) =>
    call(
      'POST',
      '/account/search',
      { page: 0, limit: 25, ...body, filters: { q: tag, ...(body.filters ?? {}) } },
      as,
    );
  const emails = (answer: { body: { contents: { email: string }[] } }) =>
    answer.body.contents.map((row) => row.email);

  it("lists the provider's own accounts to an operator who names no customer", async () => {
    const answer = await search({ sort: { field: 'email', order: 'ASC' } });
    expect(answer.status).toBe(200);
    expect(emails(answer)).toEqual([
      `alice.${tag}@example.com`,
      `bob.${tag}@example.com`,
      `carol.${tag}@example.com`,
    ]);
    expect(answer.body.totalElements).toBe(3);
    expect(answer.body.contents[0]).toMatchObject({
      customerId: null,
      customerName: null,
      roleIds: [providerAdminId],
      roles: [{ name: 'provider_admin' }],
    });
  });

  it("lists a named customer's accounts to an operator", async () => {
    const answer = await search({
      filters: { customerId: acme.id },
      sort: { field: 'email', order: 'DESC' },
    });
    expect(emails(answer)).toEqual([
      `carol.${tag}@acme.example`,
      `bob.${tag}@acme.example`,
      `alice.${tag}@acme.example`,
    ]);
    expect(answer.body.contents[0]).toMatchObject({ customerId: acme.id, customerName: 'Acme' });
    expect((await search({ filters: { customerId: randomUUID() } })).status).toBe(404);
  });

  it("lists a customer's accounts only to its own accounts, and refuses another customer's id", async () => {
    const own = await search({ filters: { q: '' } }, customerCaller.token);
    expect(own.status).toBe(200);
    expect(own.body.contents.every((row: { customerId: string }) => row.customerId === acme.id)).toBe(true);
    expect(emails(own)).toContain(`alice.${tag}@acme.example`);
    expect(emails(own)).not.toContain(`dave.${tag}@globex.example`);
    const named = await search({ filters: { customerId: acme.id } }, customerCaller.token);
    expect(named.body.totalElements).toBe(3);
    const other = await search({ filters: { customerId: globex.id } }, customerCaller.token);
    expect(other).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
  });

  it('filters by status and text, pages and sorts', async () => {
    expect(emails(await search({ filters: { status: 'INACTIVE' } }))).toEqual([`bob.${tag}@example.com`]);
    expect(emails(await search({ filters: { q: `carol.${tag}` } }))).toEqual([`carol.${tag}@example.com`]);
    const page = await search({ page: 1, limit: 2, sort: { field: 'email', order: 'ASC' } });
    expect(page.body).toMatchObject({ totalElements: 3 });
    expect(emails(page)).toEqual([`carol.${tag}@example.com`]);
    for (const field of ['firstName', 'lastName', 'mobilePhone', 'status', 'createdDate', 'id']) {
      expect((await search({ sort: { field, order: 'DESC' } })).status).toBe(200);
    }
    expect((await search({ sort: { field: 'passwordHash', order: 'DESC' } })).status).toBe(400);
  });
});

describe('reading, editing, activating and deactivating an account', () => {
  it('updates the fields, email and roles, answers the record, and audits only what changed', async () => {
    const viewer = await providerRole(ctx, ['customer:view']);
    const target = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const record = (await call('GET', `/account/${target.id}`)).body;
    const email = uniqueEmail('renamed');
    // The whole record comes back from the edit form: its read-only fields are ignored.
    const answer = await call('PUT', `/account/${target.id}`, {
      ...record,
      email,
      lastName: 'Hopper-Smith',
      roleIds: [viewer.id],
      status: 'INACTIVE',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: target.id,
      email,
      lastName: 'Hopper-Smith',
      status: 'ACTIVE',
      roleIds: [viewer.id],
      roles: [{ id: viewer.id, name: viewer.name }],
    });
    const entries = await auditOf(ctx, target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tableName: 'Account',
      action: 'UPDATE',
      modifiedBy: OPERATOR_EMAIL,
      changes: {
        email: { before: target.email, after: email },
        lastName: { before: 'Hopper', after: 'Hopper-Smith' },
        roleIds: { before: [providerAdminId], after: [viewer.id] },
      },
    });
    expect(Object.keys(entries[0]!.changes).sort()).toEqual(['email', 'lastName', 'roleIds']);
  });

  it('refuses an email of another account, a change of customer, and the account rules', async () => {
    const other = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const target = await insertAccount(ctx, { roleIds: [providerAdminId] });
    const form = providerForm({ email: target.email });
    expect(
      (await call('PUT', `/account/${target.id}`, { ...form, email: other.email.toUpperCase() })).body,
    ).toEqual({
      messageKey: 'error.email.existed',
      message: 'Email already existed',
    });
    const moved = await call('PUT', `/account/${target.id}`, { ...form, customerId: acme.id });
    expect(moved).toMatchObject({ status: 400, body: { messageKey: 'error.validation.invalid' } });
    expect(moved.body.params.field).toBe('customerId');
    expect((await call('PUT', `/account/${target.id}`, { ...form, roleIds: [] })).body.messageKey).toBe(
      'error.account.roleRequired',
    );
    expect(
      (await call('PUT', `/account/${target.id}`, { ...form, roleIds: [customerAdminId] })).body.messageKey,
    ).toBe('error.account.roleScope');
    // Its own email, unchanged, is no conflict; nothing above was written.
    expect(await auditOf(ctx, target.id)).toEqual([]);
    expect((await call('PUT', `/account/${target.id}`, { ...form, customerId: null })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect((await call('GET', `/account/${id}`)).body).toEqual({
        messageKey: 'error.account.idNotFound',
        message: 'Account ID not found',
      });
      expect((await call('PUT', `/account/${id}`, providerForm())).status).toBe(404);
    }
    expect((await call('POST', '/account/activate', { id: randomUUID() })).status).toBe(404);
  });

  it('deactivates an account, which can then no longer sign in, and activates it again', async () => {
    const member = await signedIn(ctx, { roleIds: [providerAdminId] });
    const off = await call('POST', '/account/deactivate', { id: member.account.id });
    expect(off.body).toEqual({ id: member.account.id, status: 'INACTIVE' });
    const signIn = await ctx.call('POST', '/api/auth/signin', {
      json: { login: member.email, password: 'Correct-Horse-9' },
    });
    expect(signIn).toMatchObject({ status: 403, body: { messageKey: 'error.account.inactive' } });
    expect((await call('POST', '/account/search', { page: 0, limit: 1 }, member.token)).status).toBe(401);
    const on = await call('POST', '/account/activate', { id: member.account.id });
    expect(on.body).toEqual({ id: member.account.id, status: 'ACTIVE' });
    const entries = await auditOf(ctx, member.account.id);
    expect(entries.map((entry) => [entry.tableName, entry.action, entry.modifiedBy, entry.changes])).toEqual([
      ['Account', 'DEACTIVATE', OPERATOR_EMAIL, { status: { before: 'ACTIVE', after: 'INACTIVE' } }],
      ['Account', 'ACTIVATE', OPERATOR_EMAIL, { status: { before: 'INACTIVE', after: 'ACTIVE' } }],
    ]);
  });

  it('refuses to let an operator deactivate itself', async () => {
    const me = (await call('POST', '/account/load_account_by_token')).body;
    const answer = await call('POST', '/account/deactivate', { id: me.id });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        messageKey: 'error.account.selfDeactivate',
        message: 'You cannot deactivate your own account.',
      },
    });
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.id, me.id));
    expect(stored!.status).toBe('ACTIVE');
  });
});

describe("a customer's administrator", () => {
  let admin: { token: string; account: { id: string } };
  beforeAll(async () => {
    admin = await signedIn(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
  });

  it('creates accounts in its own customer, whatever customer it leaves out', async () => {
    const answer = await call(
      'POST',
      '/account/create_account_organization',
      providerForm({ roleIds: [customerAdminId] }),
      admin.token,
    );
    expect(answer.status).toBe(201);
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.id, answer.body.id));
    expect(stored!.customerId).toBe(acme.id);
    const [entry] = await auditOf(ctx, answer.body.id);
    expect(entry).toMatchObject({ customerId: acme.id, modifiedById: admin.account.id });
  });

  it('cannot create an account in another customer or give a provider role', async () => {
    const elsewhere = await call(
      'POST',
      '/account/create_account_organization',
      providerForm({ roleIds: [customerAdminId], customerId: globex.id }),
      admin.token,
    );
    expect(elsewhere).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
    const provider = await call('POST', '/account/create_account_organization', providerForm(), admin.token);
    expect(provider).toMatchObject({ status: 400, body: { messageKey: 'error.account.roleScope' } });
  });

  it('gets one answer for an email used anywhere, and nothing about the account that holds it', async () => {
    const holders = {
      'its own customer': await insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId] }),
      'another customer': await insertAccount(ctx, { customerId: globex.id, roleIds: [customerAdminId] }),
      'an inactive account of another customer': await insertAccount(ctx, {
        customerId: globex.id,
        status: 'INACTIVE',
      }),
      'the provider': await insertAccount(ctx, { roleIds: [providerAdminId] }),
    };
    const member = await insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
    const accountsBefore = await accountCount();
    const auditBefore = (await auditOf(ctx, member.id)).length;

    for (const [holder, account] of Object.entries(holders)) {
      const form = providerForm({ email: ` ${account.email.toUpperCase()} `, roleIds: [customerAdminId] });
      const created = await call('POST', '/account/create_account_organization', form, admin.token);
      const edited = await call('PUT', `/account/${member.id}`, form, admin.token);
      for (const answer of [created, edited]) {
        expect({ holder, status: answer.status, body: answer.body }).toEqual({
          holder,
          status: 409,
          body: { messageKey: 'error.email.existed', message: 'Email already existed' },
        });
      }
    }
    expect(await accountCount()).toBe(accountsBefore);
    expect((await auditOf(ctx, member.id)).length).toBe(auditBefore);
    const [unchanged] = await ctx.db.select().from(accounts).where(eq(accounts.id, member.id));
    expect(unchanged!.email).toBe(member.email);
  });

  it("reads and edits its own customer's accounts", async () => {
    const member = await insertAccount(ctx, { customerId: acme.id, roleIds: [customerAdminId] });
    expect((await call('GET', `/account/${member.id}`, undefined, admin.token)).body.email).toBe(
      member.email,
    );
    const form = providerForm({ email: member.email, roleIds: [customerAdminId], firstName: 'Edited' });
    const edited = await call('PUT', `/account/${member.id}`, form, admin.token);
    expect(edited).toMatchObject({ status: 200, body: { firstName: 'Edited', customerId: acme.id } });
    const rows = await ctx.db.select().from(accountRoles).where(eq(accountRoles.accountId, member.id));
    expect(rows.map((row) => row.roleId)).toEqual([customerAdminId]);
  });
});
