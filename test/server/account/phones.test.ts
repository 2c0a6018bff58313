import { eq } from 'drizzle-orm';
import { accounts, directories, users } from '../../../server/db/schema.ts';
import { CUSTOMER_ADMIN_ROLE, PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, insertAccount, signedIn } from '../fixtures/admin.ts';
import { type JsonAnswer, sharedTestContext, uniqueEmail } from '../helpers.ts';

/**
 * Phone numbers (contract/phone.ts) wherever one is taken: an account's mobile phone and contact number
 * (created, changed, or the signed-in account's own), a user's mobile phone (the users list's edit and a
 * directory's). International format, valid for its country; a number the record already holds is not
 * checked again. A refusal is 400 `error.phone.invalid`, naming the field.
 */

const ctx = sharedTestContext();
let operator: string;
let admin: string;
let acme: { id: string };
let providerAdmin: string;
let directoryId: string;

const INVALID_TEXT =
  'Enter a phone number in international format: + and the country code, then the number (+84 90 123 45 67).';

const NOT_PHONES: [string, string][] = [
  ['HTML', '<b>+84 90 123 4567</b>'],
  ['a script', '<script>alert(1)</script>'],
  ['a national number without its country code', '090 123 4567'],
  ['too few digits for its country', '+1 555 0100'],
  ['digits no country has', '+999 123 456 789'],
  ['an extension', '+84 90 123 4567 ext. 12'],
  ['a tel: link', 'tel:+84901234567'],
  ['words', 'call me'],
];

const PHONES = ['+84 90 123 45 67', '+84901234567', '+1 (202) 555-0143', '+44 20 7946 0958', '+65 6123 4567'];

const refusedFor = (answer: JsonAnswer, field: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({
    messageKey: 'error.phone.invalid',
    message: INVALID_TEXT,
    params: { field },
  });
};

beforeAll(async () => {
  operator = await ctx.signInOperator();
  providerAdmin = await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE);
  acme = await ctx.createCustomer({ companyName: 'Acme' });
  const role = await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE);
  admin = (await signedIn(ctx, { customerId: acme.id, roleIds: [role] })).token;
  const [directory] = await ctx.db
    .insert(directories)
    .values({ customerId: acme.id, name: 'Head office', type: 'LDAP' })
    .returning();
  directoryId = directory!.id;
});

const accountForm = (change: Record<string, unknown> = {}) => ({
  email: uniqueEmail('phone'),
  roleIds: [providerAdmin],
  firstName: 'Ann',
  lastName: 'Lee',
  mobilePhone: '+84 90 123 45 67',
  ...change,
});
const createAccount = (json: unknown) =>
  ctx.call('POST', '/api/account/create_account_organization', { token: operator, json });

describe("an account's phones", () => {
  it.each(NOT_PHONES)('refuses %s as the mobile phone or the contact number', async (_, phone) => {
    const before = (await ctx.db.select({ id: accounts.id }).from(accounts)).length;
    refusedFor(await createAccount(accountForm({ mobilePhone: phone })), 'mobilePhone');
    refusedFor(await createAccount(accountForm({ contactNumber: phone })), 'contactNumber');
    expect((await ctx.db.select({ id: accounts.id }).from(accounts)).length).toBe(before);
  });

  it.each(PHONES)('takes %s, as it was typed', async (phone) => {
    const answer = await createAccount(accountForm({ mobilePhone: phone, contactNumber: ` ${phone} ` }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, answer.body.id));
    expect(row).toMatchObject({ mobilePhone: phone, contactNumber: phone });
  });

  it('refuses a new phone on a change, and keeps one the account held before the rule', async () => {
    const held = await insertAccount(ctx, { roleIds: [providerAdmin] });
    await ctx.db
      .update(accounts)
      .set({ mobilePhone: '555-0100', contactNumber: 'ext 12' })
      .where(eq(accounts.id, held.id));
    const form = {
      email: held.email,
      roleIds: [providerAdmin],
      firstName: 'Grace',
      lastName: 'Renamed',
      mobilePhone: '555-0100',
      contactNumber: 'ext 12',
    };
    const kept = await ctx.call('PUT', `/api/account/${held.id}`, { token: operator, json: form });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ lastName: 'Renamed', mobilePhone: '555-0100' });

    const changed = await ctx.call('PUT', `/api/account/${held.id}`, {
      token: operator,
      json: { ...form, mobilePhone: '555-0199' },
    });
    refusedFor(changed, 'mobilePhone');
    const contact = await ctx.call('PUT', `/api/account/${held.id}`, {
      token: operator,
      json: { ...form, contactNumber: '<i>0</i>' },
    });
    refusedFor(contact, 'contactNumber');
  });

  it("refuses a signed-in account's own mobile phone that is not one, and takes one that is", async () => {
    const email = uniqueEmail('own');
    await ctx.createAccount({ email, password: 'Correct-Horse-9', forceChangePassword: true });
    const token = await ctx.signIn(email, 'Correct-Horse-9');
    const profile = (mobilePhone: string) =>
      ctx.call('PUT', '/api/account/profile', {
        token,
        json: { firstName: 'Ann', lastName: 'Lee', mobilePhone },
      });
    refusedFor(await profile('<b>1</b>'), 'mobilePhone');
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(stored!.mobilePhone).toBe('');
    expect((await profile('+84 90 123 45 67')).status).toBe(200);
  });
});

describe("a user's mobile phone", () => {
  let user: { id: string };
  beforeAll(async () => {
    const [row] = await ctx.db
      .insert(users)
      .values({
        customerId: acme.id,
        directoryId,
        source: 'LDAP',
        username: 'pat.doe',
        // As the directory wrote it: kept through an edit of the other fields.
        mobilePhone: '(555) 0100',
      })
      .returning();
    user = row!;
  });

  const edits = {
    'the users list': (json: unknown) =>
      ctx.call('PUT', `/api/user-management/users/${acme.id}/${user.id}`, { token: admin, json }),
    "the directory's users": (json: unknown) =>
      ctx.call('PUT', `/api/idm-ldap/users/r-${acme.id}/users/connectors/${directoryId}/users/${user.id}`, {
        token: admin,
        json,
      }),
  };

  describe.each(Object.entries(edits))('edited from %s', (_, edit) => {
    it.each(NOT_PHONES)('refuses %s', async (_, phone) => {
      refusedFor(await edit({ mobilePhone: phone }), 'mobilePhone');
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.mobilePhone).toBe('(555) 0100');
    });

    it("keeps the directory's number through an edit of the other fields, and takes a phone number", async () => {
      const kept = await edit({ displayName: 'Pat', mobilePhone: '(555) 0100' });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body).toMatchObject({ displayName: 'Pat', mobilePhone: '(555) 0100' });
      const changed = await edit({ mobilePhone: '+84 90 123 45 67' });
      expect(changed.body).toMatchObject({ mobilePhone: '+84 90 123 45 67' });
      await ctx.db.update(users).set({ mobilePhone: '(555) 0100' }).where(eq(users.id, user.id));
    });
  });
});
