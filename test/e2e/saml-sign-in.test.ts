import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../support/slapd';
import { expectAccessible, expectNoSideScroll } from './axe';
import { has, otpSecretOf, startedService, webSignInCustomer } from './gatewayWorld';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import { api, type customerAdminWithOwnPassword } from './harness-api';

/**
 * Journey: an application signs its users in through the gateway's SAML 2.0 identity provider. A service
 * provider started by the test (node-saml, on its own port) sends chromium to the connector's single
 * sign-on address with an AuthnRequest; the user signs in with the password of the test OpenLDAP and a code
 * `oathtool` makes from the user's OTP secret; the gateway's page posts the signed Response to the service
 * provider's assertion consumer service, which validates it and shows who signed in. Then the connector's
 * own sign-in link (IdP-initiated) from its page. axe on the pages, at 1280 and 375 px.
 */

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

/** The service provider: /login sends the browser to the gateway; /acs validates the Response and greets. */
async function serviceProvider() {
  let saml: SAML | undefined;
  let origin = '';
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    try {
      if (!saml) throw new Error('not registered yet');
      if (url.pathname === '/login') {
        const to = await saml.getAuthorizeUrlAsync('/reports', undefined, {});
        response.writeHead(302, { location: to }).end();
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      const { profile } = await saml.validatePostResponseAsync({
        SAMLResponse: form.get('SAMLResponse') ?? '',
      });
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><title>Wiki</title><main><h1>Signed in as ${profile?.nameID}</h1><p id="relay">${form.get('RelayState') ?? ''}</p></main></html>`,
        );
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`refused: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    entityId: `${origin}/metadata`,
    acs: `${origin}/acs`,
    /** Configured from the gateway's metadata for the connector: its SSO address and signing certificate. */
    registered(ssoUrl: string, idpCert: string) {
      saml = new SAML({
        entryPoint: ssoUrl,
        issuer: `${origin}/metadata`,
        callbackUrl: `${origin}/acs`,
        idpCert,
        audience: `${origin}/metadata`,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: true,
        // Its own requests, and the gateway's own link's answers (no request to respond to).
        validateInResponseTo: ValidateInResponseTo.ifPresent,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!has('oathtool'))('an application signs its users in through the gateway (SAML 2.0)', () => {
  let portal: RunningPortal;
  let slapd: Slapd;
  let browser: Browser;
  let sp: Awaited<ReturnType<typeof serviceProvider>>;
  let token: string;
  let customerId: string;
  let connectorId: string;
  let serviceId: string;
  let acme: Awaited<ReturnType<typeof customerAdminWithOwnPassword>>;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    [slapd, portal] = await Promise.all([
      startSlapd({ users: 4 }),
      startPortal({ env: { RADIUS_PORT: '0' } }),
    ]);
    // The customer, its pack on the test OpenLDAP and its theme's own colours and Web sign-in title.
    const world = await webSignInCustomer(portal, slapd, {
      companyName: 'Acme Wiki',
      email: 'ada.saml@acme.example',
      title: 'Acme wiki sign-in',
    });
    ({ admin: acme, token, customerId } = world);
    const { operatorToken, packId } = world;

    sp = await serviceProvider();
    const defaults = await api<Record<string, unknown>>(portal, '/idm-config/saml2/generic', { token });
    const { type: _type, ...settings } = defaults;
    const created = await api<{ id: string }>(portal, `/idm-config/connectors/saml2/${customerId}`, {
      token,
      json: {
        domainName: '',
        logoutUrl: '',
        loginUrl: '',
        certificate: '',
        createdAttributes: [],
        ...settings,
        uname: 'acme-wiki',
        providerName: 'Wiki',
        entityId: sp.entityId,
        acsUrl: sp.acs,
        defaultRelayState: '/start-page',
      },
    });
    connectorId = created.id;
    const record = await api<{ idp: { ssoUrl: string; metadataUrl: string } }>(
      portal,
      `/idm-config/connectors/saml2/${customerId}/${connectorId}`,
      { token },
    );
    const metadata = await (await fetch(record.idp.metadataUrl)).text();
    sp.registered(record.idp.ssoUrl, /<ds:X509Certificate>([^<]+)</.exec(metadata)![1]!);
    serviceId = await startedService(portal, {
      operatorToken,
      token,
      customerId,
      packId,
      protocol: 'SAML2',
      connectorTypeIds: [5],
      uname: 'wiki',
      name: 'Wiki',
      connectors: [{ id: connectorId, type: 'saml2', name: 'Wiki' }],
    });
    await api(portal, `/idm-config/reactive/otp/${packId}/v2/generate?customerId=${customerId}`, {
      token,
      json: { serviceId },
    });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sp?.close();
    if (portal) expect(await portal.stop()).toBe(0);
    await slapd?.stop();
  });

  const newPage = async (width: number): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on('close', () => void context.close());
    return page;
  };

  const signIn = async (page: Page, username: string) => {
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(SLAPD_USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    const seed = await otpSecretOf(portal, token, customerId, serviceId, username);
    const code = execFileSync('oathtool', ['--totp', '-b', seed]).toString().trim();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };

  it("signs a user in from the service provider's request, and the page posts the Response it validates", async () => {
    const page = await newPage(1280);
    await page.goto(`${sp.origin}/login`);
    await page.getByRole('heading', { name: 'Acme wiki sign-in' }).waitFor();
    expect(await page.getByText('to continue to Wiki').count()).toBe(1);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(243, 240, 232)');
    await expectAccessible(page, 'the SAML sign-in page');
    await page.screenshot({ path: 'test-results/saml-sign-in.png', fullPage: true });
    await signIn(page, 'user00001');
    // The page's script posts the Response to the assertion consumer service at once.
    await page.getByRole('heading', { name: 'Signed in as user00001@example.test' }).waitFor();
    expect(page.url()).toBe(sp.acs);
    expect(await page.locator('#relay').innerText()).toBe('/reports');
    await page.close();
  });

  it('is usable at 375 px', async () => {
    const page = await newPage(375);
    await page.goto(`${sp.origin}/login`);
    await page.getByRole('heading', { name: 'Acme wiki sign-in' }).waitFor();
    await expectNoSideScroll(page, 'the SAML sign-in page at 375 px');
    await expectAccessible(page, 'the SAML sign-in page at 375 px');
    await page.close();
  });

  it("signs in from the connector's own link (IdP-initiated) shown on its page, with its last sign-in", async () => {
    const admin = await signedInPage(browser, portal, acme);
    await admin.goto(`${portal.url}/saml2/${connectorId}/show`);
    await admin.getByText(/user00001, Accepted/).waitFor();
    const link = `${portal.url}/saml2/acme-wiki/start`;
    await admin.getByText(link).waitFor();
    await expectAccessible(admin, "the SAML2 connector's page with its sign-in link and last sign-in");
    await admin.screenshot({ path: 'test-results/saml-sign-in-connector.png', fullPage: true });
    await admin.close();

    const page = await newPage(1280);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Acme wiki sign-in' }).waitFor();
    await signIn(page, 'user00002');
    await page.getByRole('heading', { name: 'Signed in as user00002@example.test' }).waitFor();
    expect(await page.locator('#relay').innerText()).toBe('/start-page');
    await page.close();
  });

  it("tries the connector from its page: the gateway's own ACS shows what the application would receive", async () => {
    const admin = await signedInPage(browser, portal, acme);
    await admin.goto(`${portal.url}/saml2/${connectorId}/show`);
    const [tab] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('link', { name: 'Try sign-in' }).click(),
    ]);
    await tab!.getByRole('heading', { name: 'Acme wiki sign-in' }).waitFor();
    await signIn(tab!, 'user00003');
    await tab!.getByRole('heading', { name: 'Sign-in tried' }).waitFor();
    const table = tab!.getByRole('table', { name: 'What the application receives' });
    expect(await table.innerText()).toContain('user00003@example.test');
    await expectAccessible(tab!, 'the SAML Try sign-in result');
    await tab!.screenshot({ path: 'test-results/saml-sign-in-tried.png', fullPage: true });
    await admin.close();
  });
});
