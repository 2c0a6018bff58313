import { loadConfig } from '../../../server/config.ts';
import { defaultAllowedHosts } from '../../../server/http/allowedHosts.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * ALLOWED_HOSTS: the Host header builds the links the server gives out without PUBLIC_URL (the OAuth2
 * redirect_uri, the QR link, SAML metadata), so a request naming another host is refused with 421.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { allowedHosts: ['localhost', 'portal.example.com'] } });
});
afterAll(async () => {
  await ctx?.close();
});

const authorize = (host: string) =>
  ctx.call('GET', '/api/authentication/oauth2/authorize/custom', { headers: { host } });

describe('the host names the server answers to', () => {
  it('answers the names listed, with or without a port, in any case', async () => {
    for (const host of ['localhost', 'localhost:8080', 'Portal.Example.com', 'portal.example.com.']) {
      expect((await authorize(host)).status, host).toBe(302);
    }
  });

  it('refuses any other name with 421, before building a link from it', async () => {
    const answer = await authorize('evil.example');
    expect(answer.status).toBe(421);
    expect(answer.body.messageKey).toBe('error.host.notAllowed');
    expect(answer.body.params).toEqual({ host: 'evil.example' });
    expect(answer.headers.location).toBeUndefined();
    expect(i18nProvider.translate(answer.body.messageKey, answer.body.params)).toBe(answer.body.message);
  });

  it('lets the health probes and the metrics answer whatever the name', async () => {
    expect((await ctx.call('GET', '/health/live', { headers: { host: '10.1.2.3:8080' } })).status).toBe(200);
    expect((await ctx.call('GET', '/api/auth/signin', { headers: { host: '10.1.2.3:8080' } })).status).toBe(
      421,
    );
  });

  it('defaults to the listening address, localhost, loopback and PUBLIC_URL', () => {
    expect(defaultAllowedHosts({ host: '127.0.0.1', publicUrl: undefined })).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
    ]);
    expect(defaultAllowedHosts({ host: '0.0.0.0', publicUrl: 'https://Gateway.Example.com' })).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'gateway.example.com',
    ]);
    expect(defaultAllowedHosts({ host: '10.0.0.5', publicUrl: undefined })).toContain('10.0.0.5');
  });

  it('reads ALLOWED_HOSTS as names separated by commas, or *, and refuses anything else', () => {
    const env = { DATA_DIR: '/tmp/portal-allowed-hosts', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...env, ALLOWED_HOSTS: 'portal.example.com, 10.0.0.5' }).allowedHosts).toEqual([
      'portal.example.com',
      '10.0.0.5',
    ]);
    expect(loadConfig({ ...env, ALLOWED_HOSTS: '*' }).allowedHosts).toEqual(['*']);
    expect(loadConfig(env).allowedHosts).toBeUndefined();
    expect(() => loadConfig({ ...env, ALLOWED_HOSTS: 'http://portal.example.com' })).toThrow(
      /^ALLOWED_HOSTS must be/,
    );
  });
});
