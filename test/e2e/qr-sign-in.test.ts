import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, startPortal } from './harness';

/**
 * Journey: a user signs in by scanning the QR code with the mobile app. `npm run authenticator` plays the
 * app: it approves (or rejects) the session shown on the sign-in page.
 */
describe('QR sign-in with the mobile app', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  const password = 'Qr-Journey-1';

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // The operator chooses its own password first, as the first sign-in asks.
    const signin = await fetch(`${portal.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: portal.operator.email, password: portal.operator.password }),
    }).then((response) => response.json() as Promise<{ token: string }>);
    const changed = await fetch(`${portal.url}/api/account/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signin.token}` },
      body: JSON.stringify({
        oldPassword: portal.operator.password,
        newPassword: password,
        confirmPassword: password,
      }),
    });
    expect(changed.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** Opens the QR tab and answers the session id of the QR code the page shows. */
  const openQrTab = async (): Promise<string> => {
    const sessions: string[] = [];
    const record = async (response: { url(): string; json(): Promise<unknown> }) => {
      if (response.url().includes('/api/v-key-seamless/init-session')) {
        sessions.push(((await response.json()) as { sessionId: string }).sessionId);
      }
    };
    page.on('response', record);
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/\/login\?client_id=/);
    await page.getByRole('tab', { name: 'QR Code Login' }).click();
    await page.getByRole('img', { name: 'Scan with V-Key app to log in' }).waitFor();
    await page.waitForTimeout(500);
    page.off('response', record);
    expect(sessions).toHaveLength(1);
    return sessions[0]!;
  };

  const authenticator = (decision: 'approve' | 'reject', sessionId: string) =>
    spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'authenticator',
        '--',
        decision,
        sessionId,
        '--user',
        portal.operator.email,
        '--password',
        password,
        '--server',
        portal.url,
      ],
      { encoding: 'utf8' },
    );

  it('shows a rejected request on the page', async () => {
    const sessionId = await openQrTab();
    const run = authenticator('reject', sessionId);
    expect(run.status, run.stderr).toBe(0);
    const rejected = page.getByText('The authentication request has been rejected.');
    await rejected.waitFor();
    await page.screenshot({ path: 'test-results/qr-rejected.png' });
    // No room is left for the code that is gone: the message follows the tabs, then the way to try again,
    // on one line.
    const tabs = await page.getByRole('tablist').boundingBox();
    const message = await rejected.boundingBox();
    expect(message!.y - (tabs!.y + tabs!.height)).toBeLessThan(60);
    expect(await page.getByRole('img', { name: 'Scan with V-Key app to log in' }).count()).toBe(0);
    const refresh = await page.getByRole('button', { name: 'Refresh QR Code' }).boundingBox();
    expect(refresh!.height).toBeLessThan(40);
    expect(refresh!.y - (message!.y + message!.height)).toBeLessThan(60);
  });

  it('signs the user in once the app approves, and lands on the dashboard', async () => {
    const sessionId = await openQrTab();
    await page.screenshot({ path: 'test-results/qr-login.png' });
    // The app may be handed the whole sign-in link the page encodes (and copies), not just the id.
    const link = `vkey://onboarding/seamless-login?server=${encodeURIComponent(portal.url)}&sessionId=${sessionId}`;
    const run = authenticator('approve', link);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`approved session ${sessionId}`);
    await page.waitForURL('**/report');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    // The permissions are loaded before the first page is drawn, without a reload: the provider's menu and
    // its dashboard's panels.
    await page.getByRole('menuitem', { name: 'Customers' }).waitFor();
    await page.getByRole('region', { name: 'Orders by status' }).waitFor();
  });
});

describe('the public frame', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  it('folds the menu into a left drawer at 375 px', async () => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/\/login\?client_id=/);
    expect(await page.getByRole('button', { name: 'Solutions' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('button', { name: 'Setup Guides' }).click();
    await page.getByRole('link', { name: 'GitLab (SAML2.0)' }).waitFor();
    await page.screenshot({ path: 'test-results/mobile-drawer.png' });
    await page.getByRole('link', { name: 'GitLab (SAML2.0)' }).click();
    await page.waitForURL('**/docs/help/gitlab-saml2');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('has a favicon: /favicon.ico and the icons the page links answer with images', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${portal.url}/login`);
    const linked = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(linked.map((href) => new URL(href).pathname).sort()).toEqual(['/favicon.ico', '/favicon.svg']);
    for (const href of [`${portal.url}/favicon.ico`, ...linked]) {
      const response = await fetch(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get('content-type'), href).toMatch(/^image\//);
      expect((await response.arrayBuffer()).byteLength, href).toBeGreaterThan(100);
    }
    // What a browser asks for by itself, without reading the page.
    const ico = Buffer.from(await (await fetch(`${portal.url}/favicon.ico`)).arrayBuffer());
    expect(ico.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
