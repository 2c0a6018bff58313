import { eq } from 'drizzle-orm';
import { accounts, mailMessages } from '../../../server/db/schema.ts';
import { PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId } from '../fixtures/admin.ts';
import { createTestContext, OPERATOR_EMAIL, sharedTestContext, uniqueEmail } from '../helpers.ts';
import { mailsTo, NEW_PASSWORD, PASSWORD, PUBLIC_URL, signupForm, tokenIn } from './fixtures.ts';

/**
 * The contact form (contract/selfService.ts contactUs), the account lookups by email, and what the server
 * log keeps of the self-service calls.
 */

const logLines: string[] = [];
const ctx = sharedTestContext({
  config: { publicUrl: PUBLIC_URL },
  logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
});

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mallory <script>',
  email: uniqueEmail('visitor'),
  company: 'Evil & Co',
  phone: '+1 202 555 0199',
  subject: 'Pricing\r\nBcc: everyone@example.com',
  message: 'Hello,\n<b>how much</b> for 500 users?',
  ...overrides,
});

describe('POST /api/contact-us', () => {
  it('mails the message to every active provider administrator, escaped, saying where to answer', async () => {
    const second = uniqueEmail('second-operator');
    await ctx.createAccount({
      email: second,
      password: PASSWORD,
      roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)],
    });
    const retired = uniqueEmail('retired-operator');
    await ctx.createAccount({
      email: retired,
      password: PASSWORD,
      status: 'INACTIVE',
      roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)],
    });
    const sent = message();
    expect(await ctx.call('POST', '/api/contact-us', { json: sent })).toMatchObject({
      status: 202,
      body: { success: true },
    });

    for (const to of [OPERATOR_EMAIL, second]) {
      const [mail] = await mailsTo(ctx, to);
      expect(mail).toMatchObject({
        customerId: null,
        subject: '[Test Portal] Contact: Pricing Bcc: everyone@example.com',
      });
      expect(mail!.text).toContain(`To answer, write to ${sent.email}`);
      expect(mail!.text).toContain('Company: Evil & Co');
      expect(mail!.text).toContain('<b>how much</b> for 500 users?');
      expect(mail!.html).toContain('Mallory &#60;script&#62;');
      expect(mail!.html).toContain('&#60;b&#62;how much&#60;/b&#62;');
      expect(mail!.html).not.toContain('<script>');
      expect(mail!.html).not.toContain('<b>');
    }
    expect(await mailsTo(ctx, retired)).toEqual([]);
  });

  it('refuses a message without a subject, or from what is not an address', async () => {
    const before = (await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length;
    expect((await ctx.call('POST', '/api/contact-us', { json: message({ subject: ' ' }) })).status).toBe(400);
    expect(await ctx.call('POST', '/api/contact-us', { json: message({ email: 'nobody' }) })).toMatchObject({
      status: 400,
      body: { messageKey: 'error.email.invalid', params: { field: 'email' } },
    });
    expect((await ctx.db.select({ id: mailMessages.id }).from(mailMessages)).length).toBe(before);
  });

  it('mails CONTACT_EMAIL alone when it is set', async () => {
    const other = await createTestContext({ config: { contactEmail: 'support@example.com' } });
    try {
      expect((await other.call('POST', '/api/contact-us', { json: message() })).status).toBe(202);
      const rows = await other.db.select({ to: mailMessages.to }).from(mailMessages);
      expect(rows).toEqual([{ to: 'support@example.com' }]);
    } finally {
      await other.close();
    }
  });
});

describe('the account lookups by email', () => {
  it('tell whether an account has the address, and nothing more', async () => {
    const email = uniqueEmail('looked-up');
    await ctx.createAccount({ email, password: PASSWORD });
    const ask = (path: string, value: string) =>
      ctx.call('GET', `/api/account/email/${path}?email=${encodeURIComponent(value)}`);
    expect(await ask('existed', ` ${email.toUpperCase()}`)).toMatchObject({
      status: 200,
      body: { existed: true },
    });
    expect((await ask('existed', uniqueEmail('free'))).body).toEqual({ existed: false });
    expect((await ask('existed', 'not an address')).body).toEqual({ existed: false });
    expect((await ask('not-existed', email)).body).toEqual({ notExisted: false });
    expect((await ask('not-existed', uniqueEmail('free'))).body).toEqual({ notExisted: true });
  });
});

describe('the server log', () => {
  it('keeps neither the addresses nor the tokens of the self-service calls', async () => {
    logLines.splice(0);
    const form = signupForm();
    expect((await ctx.call('POST', '/api/customer/signup', { json: form })).status).toBe(201);
    const [activation] = await mailsTo(ctx, form.email);
    const activationToken = tokenIn(activation!.text, '/signup-activate/');
    await ctx.call('POST', '/api/customer/signup/activate', { json: { token: activationToken } });
    await ctx.call('GET', `/api/account/email/existed?email=${encodeURIComponent(form.email)}`);
    await ctx.call('POST', '/api/account/forgot-password', { json: { email: form.email } });
    const resetToken = tokenIn(
      (await mailsTo(ctx, form.email)).at(-1)!.text,
      '/account/reset-password?token=',
    );
    await ctx.call('POST', '/api/account/reset-password', {
      json: { token: resetToken, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, form.email));
    expect(account!.status).toBe('ACTIVE');

    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('\n');
    for (const secret of [form.email, encodeURIComponent(form.email), activationToken, resetToken]) {
      expect(log).not.toContain(secret);
    }
  });
});
