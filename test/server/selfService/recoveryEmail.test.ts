import { eq } from 'drizzle-orm';
import { accounts, selfServiceTokens } from '../../../server/db/schema.ts';
import { sha256Hex } from '../../../server/domain/secrets.ts';
import { CUSTOMER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId } from '../fixtures/admin.ts';
import { sharedTestContext, uniqueEmail } from '../helpers.ts';
import { HOUR_MS, lastTokenTo, mailsTo, NEW_PASSWORD, PASSWORD, PUBLIC_URL, testClock } from './fixtures.ts';

/**
 * My Account > Profile and the recovery email (contract/account.ts updateProfile, contract/selfService.ts
 * getProfile, verifyRecoveryEmail, forgotPassword to the recovery email).
 */

const VERIFY_PATH = '/verify-personal-email/';
const BACKUP_RESET_PATH = '/reset-user-by-backup-email/';

const clock = testClock();
const ctx = sharedTestContext({ now: clock.now, config: { publicUrl: PUBLIC_URL } });

const NAMES = { firstName: 'Ada', lastName: 'Lovelace', mobilePhone: '+1 202 555 0100' };

async function signedIn(customerId: string | null = null) {
  const email = uniqueEmail('profiled');
  const roleIds = customerId ? [await builtInRoleId(ctx, CUSTOMER_ADMIN_ROLE)] : [];
  const account = await ctx.createAccount({ email, password: PASSWORD, customerId, roleIds });
  return { email, id: account.id, token: await ctx.signIn(email, PASSWORD) };
}

const putProfile = (token: string, json: unknown) => ctx.call('PUT', '/api/account/profile', { token, json });
const getProfile = (token: string) => ctx.call('GET', '/api/account/profile', { token });
const verify = (token: string) => ctx.call('POST', '/api/account/verify-personal-email', { json: { token } });

describe('PUT /api/account/profile', () => {
  it('takes the rest of the profile, and answers the account as the session keeps it', async () => {
    const me = await signedIn();
    const answer = await putProfile(me.token, {
      ...NAMES,
      organization: ' Analytical Engines ',
      address: '12 St James Square',
      contactNumber: '+44 20 7946 0958',
      otherInfo: '',
      avatar: 'https://images.example.com/ada.png',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: me.id, username: me.email, firstName: 'Ada', roles: [] });
    expect((await getProfile(me.token)).body).toEqual({
      id: me.id,
      email: me.email,
      ...NAMES,
      organization: 'Analytical Engines',
      address: '12 St James Square',
      contactNumber: '+44 20 7946 0958',
      otherInfo: null,
      avatar: 'https://images.example.com/ada.png',
      recoveryEmail: null,
      recoveryEmailVerified: false,
    });

    // The first sign-in's page sends the three names only: the rest stays.
    expect((await putProfile(me.token, { ...NAMES, firstName: 'Augusta' })).status).toBe(200);
    expect((await getProfile(me.token)).body).toMatchObject({
      firstName: 'Augusta',
      organization: 'Analytical Engines',
      avatar: 'https://images.example.com/ada.png',
    });
  });

  it('accepts the profile record sent back whole (its read-only fields are ignored)', async () => {
    const me = await signedIn();
    const record = (await getProfile(me.token)).body;
    const answer = await putProfile(me.token, { ...record, ...NAMES, email: 'other@example.com' });
    expect(answer.status).toBe(200);
    expect((await getProfile(me.token)).body.email).toBe(me.email);
  });

  it('refuses a contact number that is no phone number', async () => {
    const me = await signedIn();
    const answer = await putProfile(me.token, { ...NAMES, contactNumber: 'none' });
    expect(answer).toMatchObject({
      status: 400,
      body: { messageKey: 'error.phone.invalid', params: { field: 'contactNumber' } },
    });
  });
});

describe('the recovery email', () => {
  it('is kept unverified, verified by the mailed link, then receives a reset link that works', async () => {
    const me = await signedIn();
    const personal = uniqueEmail('personal');
    const answer = await putProfile(me.token, { ...NAMES, recoveryEmail: ` ${personal.toUpperCase()} ` });
    expect(answer.status).toBe(200);
    expect((await getProfile(me.token)).body).toMatchObject({
      recoveryEmail: personal,
      recoveryEmailVerified: false,
    });
    const [mail] = await mailsTo(ctx, personal);
    expect(mail!.subject).toBe('Verify your Test Portal recovery email');
    expect(mail!.text).toContain(me.email);

    // Not verified yet: nothing goes to it.
    await ctx.call('POST', '/api/account/forgot-password', {
      json: { email: me.email, to: 'recoveryEmail' },
    });
    expect(await mailsTo(ctx, personal)).toHaveLength(1);

    const token = await lastTokenTo(ctx, personal, VERIFY_PATH);
    expect(await verify(token)).toMatchObject({ status: 200, body: { recoveryEmail: personal } });
    expect((await getProfile(me.token)).body.recoveryEmailVerified).toBe(true);
    expect(await verify(token)).toMatchObject({
      status: 409,
      body: {
        messageKey: 'error.recoveryEmail.used',
        message: 'This verification link has already been used.',
      },
    });

    const forgot = await ctx.call('POST', '/api/account/forgot-password', {
      json: { email: me.email, to: 'recoveryEmail' },
    });
    expect(forgot).toMatchObject({ status: 202, body: { success: true } });
    expect(await mailsTo(ctx, me.email)).toEqual([]);
    const resetToken = await lastTokenTo(ctx, personal, BACKUP_RESET_PATH);
    const reset = await ctx.call('POST', '/api/account/reset-password', {
      json: { token: resetToken, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true } });
    expect(
      (await ctx.call('POST', '/api/auth/signin', { json: { login: me.email, password: NEW_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it("works for a customer's account (its transaction in the customer's reach)", async () => {
    const customer = await ctx.createCustomer({ companyName: 'Recovery Customer' });
    const me = await signedIn(customer.id);
    const personal = uniqueEmail('customer-personal');
    expect((await putProfile(me.token, { ...NAMES, recoveryEmail: personal })).status).toBe(200);
    const token = await lastTokenTo(ctx, personal, VERIFY_PATH);
    const [row] = await ctx.db
      .select()
      .from(selfServiceTokens)
      .where(eq(selfServiceTokens.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ kind: 'recoveryEmail', customerId: customer.id, accountId: me.id });
    expect((await mailsTo(ctx, personal))[0]!.customerId).toBe(customer.id);
    expect((await verify(token)).status).toBe(200);
  });

  it('mails nothing when it is sent again unchanged, and is removed by null or blank', async () => {
    const me = await signedIn();
    const personal = uniqueEmail('kept');
    await putProfile(me.token, { ...NAMES, recoveryEmail: personal });
    await putProfile(me.token, { ...NAMES, recoveryEmail: personal.toUpperCase() });
    await putProfile(me.token, NAMES);
    expect(await mailsTo(ctx, personal)).toHaveLength(1);

    await putProfile(me.token, { ...NAMES, recoveryEmail: '  ' });
    expect((await getProfile(me.token)).body).toMatchObject({
      recoveryEmail: null,
      recoveryEmailVerified: false,
    });
    await putProfile(me.token, { ...NAMES, recoveryEmail: personal });
    expect(await mailsTo(ctx, personal)).toHaveLength(2);
    await putProfile(me.token, { ...NAMES, recoveryEmail: null });
    expect((await getProfile(me.token)).body.recoveryEmail).toBeNull();
  });

  it.each([
    [
      'an address that is none',
      'personal.example.com',
      { messageKey: 'error.email.invalid', params: { field: 'recoveryEmail' } },
    ],
    [
      'the sign-in address itself',
      'SELF',
      {
        messageKey: 'error.recoveryEmail.sameAsEmail',
        message: 'The recovery email must be another address than the one you sign in with.',
        params: { field: 'recoveryEmail' },
      },
    ],
  ])('refuses %s and changes nothing', async (_, value, expected) => {
    const me = await signedIn();
    const recoveryEmail = value === 'SELF' ? me.email.toUpperCase() : value;
    const answer = await putProfile(me.token, { ...NAMES, firstName: 'Changed', recoveryEmail });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(expected);
    const [stored] = await ctx.db.select().from(accounts).where(eq(accounts.id, me.id));
    expect(stored).toMatchObject({ firstName: 'Ada', recoveryEmail: null });
  });
});

describe('POST /api/account/verify-personal-email', () => {
  it('answers an unknown token 404 error.recoveryEmail.invalidLink', async () => {
    expect(await verify('z'.repeat(43))).toMatchObject({
      status: 404,
      body: { messageKey: 'error.recoveryEmail.invalidLink' },
    });
  });

  it('answers an expired link 410 error.recoveryEmail.expired', async () => {
    const me = await signedIn();
    const personal = uniqueEmail('late');
    await putProfile(me.token, { ...NAMES, recoveryEmail: personal });
    const token = await lastTokenTo(ctx, personal, VERIFY_PATH);
    clock.pass(24 * HOUR_MS + 1000);
    expect(await verify(token)).toMatchObject({
      status: 410,
      body: { messageKey: 'error.recoveryEmail.expired' },
    });
    expect((await getProfile(me.token)).body.recoveryEmailVerified).toBe(false);
  });

  it('answers the link of an address that is no longer the recovery email as invalid', async () => {
    const me = await signedIn();
    const first = uniqueEmail('first');
    await putProfile(me.token, { ...NAMES, recoveryEmail: first });
    const stale = await lastTokenTo(ctx, first, VERIFY_PATH);
    const second = uniqueEmail('second');
    await putProfile(me.token, { ...NAMES, recoveryEmail: second });
    expect(await verify(stale)).toMatchObject({
      status: 404,
      body: { messageKey: 'error.recoveryEmail.invalidLink' },
    });
    expect((await getProfile(me.token)).body).toMatchObject({
      recoveryEmail: second,
      recoveryEmailVerified: false,
    });
  });
});
