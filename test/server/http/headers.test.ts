import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config.ts';
import { PROVIDER_ADMIN_ROLE } from '../../../server/seed.ts';
import { builtInRoleId, signedIn } from '../fixtures/admin.ts';
import {
  createTestContext,
  type JsonAnswer,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
} from '../helpers.ts';

/** The policy directives of an answer, by name. */
function policyOf(answer: JsonAnswer): Record<string, string[]> {
  const header = String(answer.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let distDir: string;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>%PRODUCT_NAME%</title><meta name="frame-ancestors" content="%FRAME_ANCESTORS%"><div id="root"></div>',
  );
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("portal");');
  ctx = await createTestContext({ config: { distDir } });
  ({ token } = await signedIn(ctx, { roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)] }));
});
afterAll(async () => {
  await ctx?.close();
  await rm(distDir, { recursive: true, force: true });
});

const page = (url: string, context = ctx) => context.call('GET', url, { headers: { accept: 'text/html' } });

describe('the portal pages', () => {
  it('run under a policy without inline scripts, with the styles MUI injects, and cannot be framed', async () => {
    const answer = await page('/login');
    expect(answer.status).toBe(200);
    const policy = policyOf(answer);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it("let the QR sign-in post its form to a client's https redirect URL, or to a local client", async () => {
    expect(policyOf(await page('/login'))['form-action']).toEqual([
      "'self'",
      'https:',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
  });

  it('keep the one-time code of /oauth2/handler out of the Referer of what the page loads', async () => {
    const answer = await page('/oauth2/handler?code=one-time&state=s');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serve their assets with the same headers, cached for good', async () => {
    const answer = await ctx.call('GET', '/assets/index-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(policyOf(answer)['script-src']).toEqual(["'self'"]);
  });
});

describe('the embeddable screens', () => {
  it("allow the sign-in page's own inline script by its hash, and no other inline script anywhere", async () => {
    const firstScript = 'document.documentElement.dataset.signIn = "ahead";';
    const loginDist = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
    await writeFile(path.join(loginDist, 'index.html'), '<!doctype html><title>%PRODUCT_NAME%</title>');
    await writeFile(
      path.join(loginDist, 'login.html'),
      `<!doctype html><title>%PRODUCT_NAME%</title><script>${firstScript}</script><script type="module" src="/assets/login.js"></script>`,
    );
    // A product name with what a replacement pattern would read ($& the match, $` what comes before it).
    const productName = 'Acme $` $& Gateway';
    const served = await createTestContext({ config: { distDir: loginDist, productName } });
    try {
      const login = await page('/login?client_id=web', served);
      expect(login.body).toContain(firstScript);
      expect(login.body).toContain('<title>Acme $` $&#38; Gateway</title>');
      expect(login.body.match(/<script>/g)).toHaveLength(1);
      expect(policyOf(login)['script-src']).toEqual([
        "'self'",
        `'sha256-${createHash('sha256').update(firstScript).digest('base64')}'`,
      ]);
      // The rest of the policy is the portal's.
      expect(policyOf(login)['script-src-attr']).toEqual(["'none'"]);
      expect(policyOf(login)['frame-ancestors']).toEqual(["'none'"]);
      for (const url of ['/', '/users', '/signup']) {
        expect(policyOf(await page(url, served))['script-src'], url).toEqual(["'self'"]);
      }
    } finally {
      await served.close();
      await rm(loginDist, { recursive: true, force: true });
    }
  });

  it('may be framed by the portal itself when FRAME_ANCESTORS is not set', async () => {
    for (const url of ['/iframe/account-list', '/iframe/ldap-edit/42', '/iframe/wizard/abc']) {
      const answer = await page(url);
      expect(answer.status, url).toBe(200);
      expect(policyOf(answer)['frame-ancestors'], url).toEqual(["'self'"]);
      expect(answer.headers['x-frame-options'], url).toBeUndefined();
      expect(policyOf(answer)['script-src'], url).toEqual(["'self'"]);
      // The screen takes its token only from the origins that may frame it: the page says which.
      expect(answer.body, url).toContain('<meta name="frame-ancestors" content="&#39;self&#39;">');
    }
  });

  it('may be framed by the sources FRAME_ANCESTORS names, and nothing else may', async () => {
    const config = loadConfig({
      FRAME_ANCESTORS: "'self' https://app.example.com, https://*.partner.example:8443",
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.frameAncestors).toEqual([
      "'self'",
      'https://app.example.com',
      'https://*.partner.example:8443',
    ]);
    const framed = await createTestContext({ config: { distDir, frameAncestors: config.frameAncestors } });
    try {
      expect(policyOf(await page('/iframe/user-list', framed))['frame-ancestors']).toEqual([
        "'self'",
        'https://app.example.com',
        'https://*.partner.example:8443',
      ]);
      expect((await page('/iframe/user-list', framed)).body).toContain(
        '<meta name="frame-ancestors" content="&#39;self&#39; https://app.example.com https://*.partner.example:8443">',
      );
      for (const url of [
        '/login',
        '/iframe-account-list',
        '/users',
        '/account/a1',
        '/ldap/d1',
        '/wizard/abc',
      ]) {
        const answer = await page(url, framed);
        expect(policyOf(answer)['frame-ancestors'], url).toEqual(["'none'"]);
        expect(answer.headers['x-frame-options'], url).toBe('DENY');
      }
      const api = await framed.call('GET', '/api/billing/payment_plan');
      expect(policyOf(api)['frame-ancestors']).toEqual(["'none'"]);
      expect(api.headers['x-frame-options']).toBe('DENY');
    } finally {
      await framed.close();
    }
  });

  it('refuses a FRAME_ANCESTORS that is not a list of sources', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(() =>
      loadConfig({ ...secret, FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" }),
    ).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ ...secret, FRAME_ANCESTORS: "'none' https://a.example" })).toThrow(/'none'/);
    expect(() => loadConfig({ ...secret, FRAME_ANCESTORS: '*' })).toThrow(/FRAME_ANCESTORS/);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const answer = await ctx.call('GET', '/api/account/permission', { token });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    // A client's claim of HTTPS counts only from a trusted proxy (none here).
    const claimed = await ctx.call('GET', '/api/account/permission', {
      token,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when PUBLIC_URL is https, or the trusted proxy says the request came over HTTPS', async () => {
    const served = await createTestContext({ config: { distDir, publicUrl: 'https://portal.example' } });
    const proxied = await createTestContext({ config: { distDir, trustProxy: 1 } });
    try {
      const overHttps = await served.call('GET', '/api/auth/signin');
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const throughProxy = await proxied.call('GET', '/api/auth/signin', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(throughProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await served.close();
      await proxied.close();
    }
  });
});

describe('the API', () => {
  it('answers the sign-in with no-store', async () => {
    const answer = await ctx.call('POST', '/api/auth/signin', {
      json: { login: OPERATOR_EMAIL, password: OPERATOR_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a one-time password with no-store', async () => {
    const answer = await ctx.call('POST', '/api/account/create_account_organization', {
      token,
      json: {
        email: 'first-password@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        mobilePhone: '+1 202 555 0100',
        roleIds: [await builtInRoleId(ctx, PROVIDER_ADMIN_ROLE)],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.initialPassword).toEqual(expect.any(String));
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers every call with no-store and the security headers, errors included', async () => {
    for (const [method, url, auth] of [
      ['GET', '/api/account/permission', token],
      ['GET', '/api/account/permission', undefined],
      ['GET', '/api/no-such-call', undefined],
      ['POST', '/api/customer/search', token],
    ] as const) {
      const answer = await ctx.call(method, url, { token: auth, json: method === 'POST' ? {} : undefined });
      expect(answer.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      expect(answer.headers['x-content-type-options'], `${method} ${url}`).toBe('nosniff');
      expect(answer.headers['x-frame-options'], `${method} ${url}`).toBe('DENY');
      expect(policyOf(answer)['frame-ancestors'], `${method} ${url}`).toEqual(["'none'"]);
    }
  });

  it('lets browsers cache a public, versioned template icon, and not its absence', async () => {
    const boundary = 'icon-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\nContent-Type: application/json\r\n\r\n` +
          '{"uname":"cached-icon","templateName":"Cached icon","protocol":"RADIUS"}\r\n' +
          `--${boundary}\r\nContent-Disposition: form-data; name="iconFile"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/service-mgmt/template/create',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { id } = created.json() as { id: string };
    const detail = await ctx.call('POST', '/api/service-mgmt/template/detail', { token, json: { id } });

    const icon = await ctx.call('GET', detail.body.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect(icon.headers['x-content-type-options']).toBe('nosniff');

    const missing = await ctx.call(
      'GET',
      '/api/service-mgmt/template/7d444840-9dc0-11d1-b245-5ffdce74fad2/icon',
    );
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
