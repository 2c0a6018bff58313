import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import {
  createTestContext,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
  testConfig,
  uniqueEmail,
} from './helpers.ts';

const PASSWORD = 'Correct-Horse-9';

describe('errors', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      extend: (app) => {
        app.get('/api/test/explode', { config: { access: { public: true } } }, async () => {
          throw new Error('secret internals at /srv/app.ts:12');
        });
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const answer = await ctx.call('GET', '/api/nope?x=1');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.body).toEqual({
      messageKey: 'error.route.notFound',
      message: 'No API call matches GET /api/nope.',
      params: { method: 'GET', path: '/api/nope' },
    });
    expect((await ctx.call('DELETE', '/api/auth/signin')).body.messageKey).toBe('error.route.notFound');
  });

  it('answers an unexpected failure with the generic message and no details', async () => {
    const answer = await ctx.call('GET', '/api/test/explode');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      messageKey: 'error.default.internal.server.error',
      message: 'The server encountered an internal error and was unable to complete your request',
      requestId: answer.headers['x-request-id'],
    });
    expect(JSON.stringify(answer.body)).not.toContain('secret');
  });

  it('refuses a body larger than 1 MiB', async () => {
    const answer = await ctx.call('POST', '/api/auth/signin', {
      json: { login: OPERATOR_EMAIL, password: 'x'.repeat(1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      messageKey: 'error.request.bodyTooLarge',
      message: 'The request body is too large.',
    });
  });

  it('refuses a JSON body that tries to pollute prototypes', async () => {
    const answer = await ctx.call('POST', '/api/auth/signin', {
      payload: `{"login":"${OPERATOR_EMAIL}","password":"${OPERATOR_PASSWORD}","__proto__":{"admin":true}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messageKey).toBe('error.request.invalidJson');
  });

  it('tells to run npm run build when the portal is not built, and keeps the API in JSON', async () => {
    const answer = await ctx.call('GET', '/report', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('npm run build');
    expect((await ctx.call('GET', '/api/nope')).body.messageKey).toBe('error.route.notFound');
  });

  it('does not let a route go without an access rule', async () => {
    const app = buildApp({ db: ctx.db, config: testConfig() });
    expect(() => app.get('/api/test/open', async () => 'open')).toThrow(/declares no access rule/);
    app.register(
      async (plugin) => {
        plugin.post('/test/open', async () => 'open');
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow(/POST \/api\/test\/open declares no access rule/);
    await app.close();
  });
});

describe('access rules declared by routes', () => {
  let ctx: TestContext;
  let customerToken: string;
  let operatorToken: string;
  let customerId: string;
  let otherCustomerId: string;

  beforeAll(async () => {
    ctx = await createTestContext({
      extend: (app) => {
        const ok = async () => ({ ok: true });
        app.get('/api/test/provider', { config: { access: { scope: 'provider' } } }, ok);
        app.get('/api/test/customer', { config: { access: { scope: 'customer' } } }, ok);
        app.get('/api/test/themes', { config: { access: { permission: 'theme:view' } } }, ok);
        app.get(
          '/api/test/customers',
          { config: { access: { permission: 'customer:view', scope: 'provider' } } },
          ok,
        );
        app.post(
          '/api/test/:customerId/named-twice',
          { config: { access: { customer: { from: 'path', alsoIn: 'body' } } } },
          ok,
        );
      },
    });
    const customer = await ctx.createCustomer();
    customerId = customer.id;
    otherCustomerId = (await ctx.createCustomer()).id;
    const role = await ctx.createRole({
      name: 'designers',
      customerId: customer.id,
      permissions: ['theme:view'],
    });
    const email = uniqueEmail('designer');
    await ctx.createAccount({ email, password: PASSWORD, customerId: customer.id, roleIds: [role.id] });
    customerToken = await ctx.signIn(email, PASSWORD);
    operatorToken = await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const NOT_ALLOWED = { messageKey: 'error.action.notallow', message: 'Action does not allow.' };

  it('lets the operator through provider routes and keeps customer accounts out', async () => {
    expect(await ctx.call('GET', '/api/test/provider', { token: operatorToken })).toMatchObject({
      status: 200,
    });
    expect(await ctx.call('GET', '/api/test/provider', { token: customerToken })).toMatchObject({
      status: 403,
      body: NOT_ALLOWED,
    });
  });

  it("keeps the operator out of routes for a customer's own accounts", async () => {
    expect(await ctx.call('GET', '/api/test/customer', { token: customerToken })).toMatchObject({
      status: 200,
    });
    expect(await ctx.call('GET', '/api/test/customer', { token: operatorToken })).toMatchObject({
      status: 403,
      body: NOT_ALLOWED,
    });
  });

  it('asks for the permission the route declares', async () => {
    expect(await ctx.call('GET', '/api/test/themes', { token: customerToken })).toMatchObject({
      status: 200,
    });
    expect(await ctx.call('GET', '/api/test/themes', { token: operatorToken })).toMatchObject({
      status: 200,
    });
    expect(await ctx.call('GET', '/api/test/customers', { token: customerToken })).toMatchObject({
      status: 403,
      body: NOT_ALLOWED,
    });
    expect(await ctx.call('GET', '/api/test/customers', { token: operatorToken })).toMatchObject({
      status: 200,
    });
  });

  it('refuses a customer named again in the body that is not the one of the path (404)', async () => {
    const url = (id: string) => `/api/test/${id}/named-twice`;
    for (const token of [customerToken, operatorToken]) {
      expect(
        await ctx.call('POST', url(customerId), { token, json: { customerId: customerId.toUpperCase() } }),
      ).toMatchObject({ status: 200 });
      expect(await ctx.call('POST', url(customerId), { token, json: {} })).toMatchObject({ status: 200 });
      expect(
        await ctx.call('POST', url(customerId), { token, json: { customerId: otherCustomerId } }),
      ).toMatchObject({ status: 404, body: { messageKey: 'error.customer.notFound' } });
    }
  });

  it('checks who is calling before anything else', async () => {
    expect(await ctx.call('GET', '/api/test/customers')).toMatchObject({
      status: 401,
      body: { messageKey: 'error.auth.unauthorized' },
    });
  });
});

describe('the built portal', () => {
  let distDir: string;
  let ctx: TestContext;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>%PRODUCT_NAME%</title>' +
        '<meta name="product-name" content="%PRODUCT_NAME%" />' +
        '<meta name="support-url" content="%SUPPORT_URL%" /><meta name="help-url" content="%HELP_URL%" />' +
        '<meta name="social-links" content="%SOCIAL_LINKS%" /></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      path.join(distDir, 'login.html'),
      '<!doctype html><html><head><title>%PRODUCT_NAME%</title>' +
        '<meta name="support-url" content="%SUPPORT_URL%" /><meta name="help-url" content="%HELP_URL%" />' +
        '<meta name="social-links" content="%SOCIAL_LINKS%" /></head><body><div id="root"></div>' +
        '<script type="module" src="/sign-in.js"></script></body></html>',
    );
    await writeFile(path.join(distDir, 'app.js'), 'console.log("portal");');
    ctx = await createTestContext({
      config: {
        distDir,
        productName: 'Acme <Gate> & "Co"',
        portalLinks: {
          supportUrl: 'https://support.example.com/tickets?a=1&b=2',
          socialLinks: 'LinkedIn=https://x.example/in',
        },
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const page = (url: string) =>
    ctx.call('GET', url, { headers: { accept: 'text/html,application/xhtml+xml' } });

  it('answers a page of the portal with index.html carrying the product name', async () => {
    for (const url of ['/report', '/', '/customer/12/show', '/index.html']) {
      const answer = await page(url);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<title>Acme &#60;Gate&#62; &#38; &#34;Co&#34;</title>');
      expect(answer.body).toContain(
        '<meta name="product-name" content="Acme &#60;Gate&#62; &#38; &#34;Co&#34;" />',
      );
      expect(answer.body).not.toContain('%PRODUCT_NAME%');
    }
  });

  it("answers /login with the sign-in page's own entry, and every other page with the portal's", async () => {
    for (const url of ['/login', '/login?client_id=web&state=s-1', '/login?tab=qr']) {
      const answer = await page(url);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<script type="module" src="/sign-in.js"></script>');
      expect(answer.body).toContain('<title>Acme &#60;Gate&#62; &#38; &#34;Co&#34;</title>');
    }
    for (const url of ['/login/more', '/loginx', '/signup', '/login.html']) {
      const answer = await page(url);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain('sign-in.js');
      expect(answer.body).toContain('<meta name="product-name"');
    }
  });

  it('writes the configured portal links into the page, and leaves unset ones empty', async () => {
    const answer = await page('/login');
    expect(answer.body).toContain(
      '<meta name="support-url" content="https://support.example.com/tickets?a=1&#38;b=2" />',
    );
    expect(answer.body).toContain('<meta name="social-links" content="LinkedIn=https://x.example/in" />');
    expect(answer.body).toContain('<meta name="help-url" content="" />');
  });

  it('serves the files of the build', async () => {
    const answer = await ctx.call('GET', '/app.js');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('console.log("portal");');
  });

  it('keeps API paths in JSON', async () => {
    const answer = await page('/api/nope');
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe('error.route.notFound');
  });

  it('answers a missing file that is not a page with a plain 404', async () => {
    const answer = await ctx.call('GET', '/assets/missing.js', { headers: { accept: '*/*' } });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toContain('text/plain');
  });
});
