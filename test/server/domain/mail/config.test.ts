import { loadConfig, redactSmtpUrl } from '../../../../server/config.ts';

/** SMTP_URL and MAIL_FROM (server/config.ts): checked at start, with errors that never show the password. */

const base = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'y'.repeat(40) };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

/** The error loadConfig throws for env (fails the test when none is thrown). */
function errorOf(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe('the SMTP settings', () => {
  it('are unset without SMTP_URL: mail goes to the outbox', () => {
    expect(load({}).smtp).toBeUndefined();
    expect(load({ MAIL_FROM: 'ops@example.com' }).smtp).toBeUndefined();
  });

  it('read SMTP_URL as given, with MAIL_FROM', () => {
    const url = 'smtps://mailer:p%40ss@mail.example.com:465?tls.rejectUnauthorized=false';
    expect(load({ SMTP_URL: url, MAIL_FROM: 'Gateway <gw@example.com>' }).smtp).toEqual({
      url,
      from: 'Gateway <gw@example.com>',
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtp?.url).toBe('smtp://127.0.0.1:2525');
  });

  it('send from no-reply@ the host of PUBLIC_URL, or localhost, unless MAIL_FROM says otherwise', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com' };
    expect(load(smtp).smtp?.from).toBe('no-reply@localhost');
    expect(load({ ...smtp, PUBLIC_URL: 'https://gateway.example.org:8443/portal' }).smtp?.from).toBe(
      'no-reply@gateway.example.org',
    );
    expect(load({ ...smtp, MAIL_FROM: 'codes@example.net' }).smtp?.from).toBe('codes@example.net');
  });

  it.each([
    ['http://mail.example.com'],
    ['mail.example.com:25'],
    ['smtp://'],
    ['smtp://mail.example.com:99999'],
    ['smtp://mail.example.com:0'],
    ['postgres://mail.example.com'],
  ])('refuse SMTP_URL %s with a clear error', (url) => {
    expect(errorOf({ SMTP_URL: url })).toMatch(
      /^SMTP_URL (must be an smtp:\/\/ or smtps:\/\/ URL|has port 0)/,
    );
  });

  it('never show the password in an error', () => {
    for (const url of [
      'http://mailer:Hunter2-secret@mail.example.com',
      'smtp://mailer:Hunter2-secret@mail.example.com:port',
      'smtp//mailer:Hunter2-secret@mail.example.com',
      'smtp://mailer:Hunter2:secret@mail.example.com:0',
    ]) {
      const message = errorOf({ SMTP_URL: url });
      expect(message).toContain('SMTP_URL');
      expect(message).toContain('mailer:***@');
      expect(message).not.toContain('Hunter2');
      expect(message).not.toContain('secret');
    }
  });

  it.each([
    ['not an address'],
    ['a@b@c'],
    ['Gateway <gw@example.com'],
    ['x@example.com\r\nBcc: y@example.com'],
  ])('refuse MAIL_FROM %j', (from) => {
    expect(errorOf({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: from })).toMatch(
      /^MAIL_FROM must be an email address/,
    );
  });
});

describe('redactSmtpUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactSmtpUrl('smtp://u:p@host:25')).toBe('smtp://u:***@host:25');
    expect(redactSmtpUrl('smtp://u:p@a@ss@host')).toBe('smtp://u:***@host');
    expect(redactSmtpUrl('smtp://host:25')).toBe('smtp://host:25');
    expect(redactSmtpUrl('smtp://user@host:25')).toBe('smtp://user@host:25');
  });
});

describe('CONTACT_EMAIL', () => {
  it('is unset by default: contact messages go to the provider administrators', () => {
    expect(load({}).contactEmail).toBeUndefined();
  });

  it('takes one address, and refuses anything else', () => {
    expect(load({ CONTACT_EMAIL: ' support@example.com ' }).contactEmail).toBe('support@example.com');
    expect(errorOf({ CONTACT_EMAIL: 'support' })).toMatch(/CONTACT_EMAIL must be an email address/);
    expect(errorOf({ CONTACT_EMAIL: 'a@example.com, b@example.com' })).toMatch(/CONTACT_EMAIL/);
  });
});
