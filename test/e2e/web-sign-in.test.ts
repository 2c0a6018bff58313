import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import * as client from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../support/slapd';
import { expectAccessible, expectNoSideScroll } from './axe';
import {
  activatedApp,
  authenticator,
  has,
  otpSecretOf,
  startedService,
  userIds,
  webSignInCustomer,
} from './gatewayWorld';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import { api, type customerAdminWithOwnPassword } from './harness-api';

/**
 * Journey: an application signs its users in through the gateway's OpenID Connect provider. A relying
 * party started by the test (a few lines over openid-client, on its own port) sends chromium to the
 * gateway; the user signs in on the customer's theme with the password of the test OpenLDAP and a code
 * `oathtool` makes from the user's OTP secret, or with the approval of the V-Key app played by
 * `npm run authenticator -- approve-2fa`, and comes back to the application signed in with the right email.
 * axe on the sign-in page, at 1280 and 375 px.
 */

/**
 * The relying party: /login sends the browser to the gateway (code flow, PKCE, state, nonce); /callback
 * redeems the code and shows who signed in (the ID token's claims).
 */
async function relyingParty() {
  let redirect = '';
  let config: client.Configuration | undefined;
  const pending = new Map<string, { verifier: string; nonce: string }>();
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', redirect);
    try {
      if (!config) throw new Error('not registered yet');
      if (url.pathname === '/login') {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        pending.set(state, { verifier, nonce });
        const to = client.buildAuthorizationUrl(config, {
          redirect_uri: redirect,
          scope: 'openid email profile',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        response.writeHead(302, { location: to.toString() }).end();
        return;
      }
      const state = url.searchParams.get('state') ?? '';
      const asked = pending.get(state);
      if (!asked) throw new Error('unknown state');
      const tokens = await client.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: asked.verifier,
        expectedState: state,
        expectedNonce: asked.nonce,
      });
      const claims = tokens.claims()!;
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><title>Expenses</title><main><h1>Signed in as ${claims.email}</h1><p id="amr">${(claims.amr as string[]).join(' ')}</p></main></html>`,
        );
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`refused: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  redirect = `${origin}/callback`;
  return {
    origin,
    redirect,
    /** Registered on the gateway: its issuer, client id and secret (discovery). */
    async registered(issuer: string, clientId: string, secret: string) {
      config = await client.discovery(new URL(issuer), clientId, secret, undefined, {
        execute: [client.allowInsecureRequests],
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!has('oathtool'))(
  'an application signs its users in through the gateway (OpenID Connect)',
  () => {
    let portal: RunningPortal;
    let slapd: Slapd;
    let browser: Browser;
    let rp: Awaited<ReturnType<typeof relyingParty>>;
    let token: string;
    let customerId: string;
    let connectorId: string;
    let acme: Awaited<ReturnType<typeof customerAdminWithOwnPassword>>;
    let packId: string;
    let serviceId: string;

    beforeAll(async () => {
      mkdirSync('test-results', { recursive: true });
      [slapd, portal] = await Promise.all([
        startSlapd({ users: 4 }),
        startPortal({ env: { RADIUS_PORT: '0' } }),
      ]);
      // The customer, its pack on the test OpenLDAP and its theme's own colours and Web sign-in title.
      const world = await webSignInCustomer(portal, slapd, {
        companyName: 'Acme Expenses',
        email: 'ada.web@acme.example',
        title: 'Acme expenses sign-in',
      });
      ({ admin: acme, token, customerId, packId } = world);
      const { operatorToken } = world;

      // The relying party's address is known once it listens; the connector is registered with it.
      rp = await relyingParty();
      const connector = await api<{ id: string }>(portal, `/idm-config/connectors/oidc/${customerId}`, {
        token,
        json: { clientName: 'Expenses', redirectUrls: [rp.redirect] },
      });
      connectorId = connector.id;
      const record = await api<{ clientId: string; endpoints: { issuer: string } }>(
        portal,
        `/idm-config/connectors/oidc/${customerId}/${connector.id}`,
        { token },
      );
      const { clientSecret } = await api<{ clientSecret: string }>(
        portal,
        `/idm-config/connectors/oidc/get-client-secret/${connector.id}?customerId=${customerId}`,
        { token },
      );
      serviceId = await startedService(portal, {
        operatorToken,
        token,
        customerId,
        packId,
        protocol: 'OIDC',
        connectorTypeIds: [4],
        uname: 'expenses',
        name: 'Expenses',
        connectors: [{ id: connector.id, type: 'oidc', name: 'Expenses' }],
      });
      await api(portal, `/idm-config/reactive/otp/${packId}/v2/generate?customerId=${customerId}`, {
        token,
        json: { serviceId },
      });
      await rp.registered(record.endpoints.issuer, record.clientId, clientSecret);
      browser = await launchBrowser();
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await rp?.close();
      if (portal) expect(await portal.stop()).toBe(0);
      await slapd?.stop();
    });

    const signInPage = async (width: number): Promise<Page> => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.on('close', () => void context.close());
      await page.goto(`${rp.origin}/login`);
      await page.getByRole('heading', { name: 'Acme expenses sign-in' }).waitFor();
      return page;
    };

    const typePassword = async (page: Page, username: string) => {
      await page.getByLabel('User name').fill(username);
      await page.getByLabel('Password').fill(SLAPD_USER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    };

    it("signs a user in on the customer's theme with a code oathtool makes from the user's OTP secret", async () => {
      const page = await signInPage(1280);
      expect(await page.getByText('to continue to Expenses').count()).toBe(1);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(243, 240, 232)');
      await expectAccessible(page, 'the web sign-in page');
      await page.screenshot({ path: 'test-results/web-sign-in.png', fullPage: true });

      await page.getByLabel('User name').fill('user00001');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'The user name or password is wrong.' }).waitFor();
      await expectAccessible(page, 'the web sign-in page, a wrong password');

      await page.getByLabel('Password').fill(SLAPD_USER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
      await expectAccessible(page, 'the web sign-in page, the code');
      await page.screenshot({ path: 'test-results/web-sign-in-code.png', fullPage: true });
      const seed = await otpSecretOf(portal, token, customerId, serviceId, 'user00001');
      const code = execFileSync('oathtool', ['--totp', '-b', seed]).toString().trim();
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Signed in as user00001@example.test' }).waitFor();
      expect(page.url().startsWith(`${rp.origin}/callback`)).toBe(true);
      expect(await page.locator('#amr').innerText()).toBe('pwd otp');
      await page.close();
    });

    it('is usable at 375 px', async () => {
      const page = await signInPage(375);
      await expectNoSideScroll(page, 'the web sign-in page at 375 px');
      await expectAccessible(page, 'the web sign-in page at 375 px');
      await page.screenshot({ path: 'test-results/web-sign-in-375.png', fullPage: true });
      await page.close();
    });

    it('waits for the V-Key app, whose approval (npm run authenticator -- approve-2fa) brings the user back', async () => {
      const seed = await activatedApp(portal, token, customerId, packId, 'user00002');
      expect((await userIds(portal, token, customerId)).has('user00002')).toBe(true);

      const page = await signInPage(1280);
      await typePassword(page, 'user00002');
      await page.getByText('We asked your V-Key app to approve this sign-in.').waitFor();
      await page.getByText(/Waiting for the app: \d+ s left\./).waitFor();
      await expectAccessible(page, 'the web sign-in page, waiting for the app');
      await page.screenshot({ path: 'test-results/web-sign-in-app.png', fullPage: true });
      await authenticator(portal, [
        'approve-2fa',
        '--user',
        'user00002',
        '--token-pack',
        packId,
        '--seed',
        seed,
      ]);
      // The page's script sees the approval and goes on to the application.
      await page
        .getByRole('heading', { name: 'Signed in as user00002@example.test' })
        .waitFor({ timeout: 15_000 });
      expect(await page.locator('#amr').innerText()).toBe('pwd mfa');
      await page.close();
    });

    it("shows the administrator the connector's last sign-in and the user's log, OpenID Connect named", async () => {
      const ids = await userIds(portal, token, customerId);
      const page = await signedInPage(browser, portal, acme);
      await page.goto(`${portal.url}/oidc/${connectorId}/show`);
      await page.getByText('Last sign-in').first().waitFor();
      await page.getByText(/user0000[12], Accepted/).waitFor();
      await expectAccessible(page, "the OIDC connector's page with its last sign-in");
      await page.screenshot({ path: 'test-results/web-sign-in-connector.png', fullPage: true });
      await page.goto(`${portal.url}/users/${ids.get('user00001')}/show/troubleshooting`);
      const table = page.getByRole('table', { name: 'Sign-ins through the gateway' });
      await table.waitFor();
      expect(await table.innerText()).toContain('Expenses (OpenID Connect)');
      await page.close();
    });

    it("tries the client from its connector page: the gateway's own code flow shows the ID token's claims", async () => {
      const admin = await signedInPage(browser, portal, acme);
      await admin.goto(`${portal.url}/oidc/${connectorId}/show`);
      const [tab] = await Promise.all([
        admin.context().waitForEvent('page'),
        admin.getByRole('link', { name: 'Try sign-in' }).click(),
      ]);
      await tab!.getByRole('heading', { name: 'Acme expenses sign-in' }).waitFor();
      await typePassword(tab!, 'user00003');
      const seed = await otpSecretOf(portal, token, customerId, serviceId, 'user00003');
      await tab!
        .getByLabel('6-digit code')
        .fill(execFileSync('oathtool', ['--totp', '-b', seed]).toString().trim());
      await tab!.getByRole('button', { name: 'Verify' }).click();
      await tab!.getByRole('heading', { name: 'Sign-in tried' }).waitFor();
      const table = tab!.getByRole('table', { name: 'What the application receives' });
      expect(await table.innerText()).toContain('user00003@example.test');
      await expectAccessible(tab!, 'the OIDC Try sign-in result');
      await tab!.screenshot({ path: 'test-results/web-sign-in-tried.png', fullPage: true });
      await admin.close();
    });
  },
);
