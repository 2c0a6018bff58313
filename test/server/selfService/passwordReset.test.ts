import { eq } from 'drizzle-orm';
import { accounts, auditLog, mailMessages, selfServiceTokens } from '../../../server/db/schema.ts';
import { sha256Hex } from '../../../server/domain/secrets.ts';
import { sharedTestContext, uniqueEmail } from '../helpers.ts';
import {
  lastTokenTo,
  MINUTE_MS,
  mailsTo,
  NEW_PASSWORD,
  PASSWORD,
  PUBLIC_URL,
  testClock,
} from './fixtures.ts';

/** A forgotten password (contract/selfService.ts forgotPassword, resetPassword). */

const RESET_PATH = '/account/reset-password?token=';

const clock = testClock();
const ctx = sharedTestContext({ now: clock.now, config: { publicUrl: PUBLIC_URL } });

const forgot = (json: unknown) => ctx.call('POST', '/api/account/forgot-password', { json });
const reset = (token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  ctx.call('POST', '/api/account/reset-password', { json: { token, newPassword, confirmPassword } });
const signin = (login: string, password: string) =>
  ctx.call('POST', '/api/auth/signin', { json: { login, password } });

async function account(values: { status?: 'ACTIVE' | 'INACTIVE'; forceChangePassword?: boolean } = {}) {
  const email = uniqueEmail('forgetful');
  const made = await ctx.createAccount({ email, password: PASSWORD, ...values });
  return { email, id: made.id };
}

describe('POST /api/account/forgot-password', () => {
  it('answers a known and an unknown address alike, and mails a link to the known one only', async () => {
    const { email } = await account();
    const unknown = uniqueEmail('nobody');
    const countBefore = (await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length;

    const known = await forgot({ email: ` ${email.toUpperCase()} ` });
    const stranger = await forgot({ email: unknown });
    expect(known.status).toBe(202);
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true });
    expect(stranger.headers['content-length']).toBe(known.headers['content-length']);

    const mails = await mailsTo(ctx, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Test Portal password');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}${RESET_PATH}`);
    expect(await mailsTo(ctx, unknown)).toEqual([]);
    expect((await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length).toBe(countBefore + 1);
  });

  it('mails nothing for an inactive account, and answers the same', async () => {
    const { email } = await account({ status: 'INACTIVE' });
    expect(await forgot({ email })).toMatchObject({ status: 202, body: { success: true } });
    expect(await mailsTo(ctx, email)).toEqual([]);
  });

  it('mails nothing to the recovery email of an account that has none verified', async () => {
    const { email } = await account();
    expect(await forgot({ email, to: 'recoveryEmail' })).toMatchObject({ status: 202 });
    expect(await mailsTo(ctx, email)).toEqual([]);
  });

  it('refuses what is not an address', async () => {
    expect(await forgot({ email: 'nope' })).toMatchObject({
      status: 400,
      body: { messageKey: 'error.email.invalid', params: { field: 'email' } },
    });
  });
});

describe('POST /api/account/reset-password', () => {
  it('sets the password once: the old one stops working, the new one signs in, every session ends', async () => {
    const { email, id } = await account({ forceChangePassword: true });
    const before = await ctx.signIn(email, PASSWORD);
    await forgot({ email });
    const token = await lastTokenTo(ctx, email, RESET_PATH);

    expect(await reset(token)).toMatchObject({ status: 200, body: { success: true } });

    expect((await signin(email, PASSWORD)).status).toBe(401);
    const after = await signin(email, NEW_PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.account.forceChangePassword).toBe(false);
    const old = await ctx.call('POST', '/api/account/load_account_by_token', { token: before });
    expect(old.status).toBe(401);

    expect(await reset(token, 'Another-Pass-42')).toMatchObject({
      status: 410,
      body: {
        messageKey: 'error.resetToken.used',
        message:
          'This reset link has already been used. Ask for a new one on the Forgot password page if you still need it.',
      },
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({
      tableName: 'Account',
      action: 'UPDATE',
      modifiedBy: email,
      changes: { password: { before: '(hidden)', after: '(hidden)' } },
    });
  });

  it("spends the account's other reset links once one is used", async () => {
    const { email } = await account();
    await forgot({ email });
    const first = await lastTokenTo(ctx, email, RESET_PATH);
    await forgot({ email });
    const second = await lastTokenTo(ctx, email, RESET_PATH);
    expect(second).not.toBe(first);
    expect((await reset(second)).status).toBe(200);
    expect(await reset(first, 'Another-Pass-42')).toMatchObject({
      status: 410,
      body: { messageKey: 'error.resetToken.used' },
    });
  });

  it('answers an expired link 410 error.resetToken.expired and keeps the password', async () => {
    const { email } = await account();
    await forgot({ email });
    const token = await lastTokenTo(ctx, email, RESET_PATH);
    const [row] = await ctx.db
      .select()
      .from(selfServiceTokens)
      .where(eq(selfServiceTokens.tokenHash, sha256Hex(token)));
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(60 * MINUTE_MS);
    clock.pass(60 * MINUTE_MS + 1000);
    expect(await reset(token)).toMatchObject({
      status: 410,
      body: {
        messageKey: 'error.resetToken.expired',
        message: 'This reset link has expired. Ask for a new one on the Forgot password page.',
      },
    });
    expect((await signin(email, PASSWORD)).status).toBe(200);
  });

  it('answers an unknown token 400 error.account.invalidResetToken', async () => {
    expect(await reset('y'.repeat(43))).toMatchObject({
      status: 400,
      body: { messageKey: 'error.account.invalidResetToken', message: 'Invalid Reset Token' },
    });
  });

  it('answers the link of a deactivated account as unknown', async () => {
    const { email, id } = await account();
    await forgot({ email });
    const token = await lastTokenTo(ctx, email, RESET_PATH);
    await ctx.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, id));
    expect((await reset(token)).body.messageKey).toBe('error.account.invalidResetToken');
  });

  it.each([
    [
      'a confirmation that differs',
      [NEW_PASSWORD, 'Battery-Staple-8'],
      {
        messageKey: 'error.password.confirmMismatch',
        message: 'Password and Confirm New Password does not match',
        params: { field: 'confirmPassword' },
      },
    ],
    [
      'a password that breaks the policy',
      ['alllowercase1', 'alllowercase1'],
      { messageKey: 'error.password.policy', params: { field: 'newPassword' } },
    ],
    [
      'the current password',
      [PASSWORD, PASSWORD],
      {
        messageKey: 'error.password.reused',
        message: 'The new password must be different from your last 5 passwords.',
        params: { field: 'newPassword', count: 5 },
      },
    ],
  ])('refuses %s and keeps the link usable', async (_, [newPassword, confirmPassword], expected) => {
    const { email } = await account();
    await forgot({ email });
    const token = await lastTokenTo(ctx, email, RESET_PATH);
    const answer = await reset(token, newPassword, confirmPassword);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(expected);
    expect((await signin(email, PASSWORD)).status).toBe(200);
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a password the account had before', async () => {
    const { email } = await account();
    await forgot({ email });
    expect((await reset(await lastTokenTo(ctx, email, RESET_PATH))).status).toBe(200);
    await forgot({ email });
    const answer = await reset(await lastTokenTo(ctx, email, RESET_PATH), PASSWORD);
    expect(answer.body.messageKey).toBe('error.password.reused');
  });
});
