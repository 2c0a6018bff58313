import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { api, apiToken, customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a customer administrator's session ends while they edit a RADIUS connector (the server no
 * longer knows its token): Save opens the sign-in dialog over the hidden page; signed in again there, the
 * edit they made is saved without typing it again. Then, on a phone, the notice before the new token ends
 * offers Stay signed in, which renews it without the password. Tokens live 60 s (TOKEN_TTL_SEC). axe on the
 * dialog and the notice, at 1280 and at 375 px.
 */
describe("a customer administrator's session that ends while editing", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let admin: { email: string; password: string };
  let customerId: string;
  let connectorId: string;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal({ env: { TOKEN_TTL_SEC: '60' } });
    const { token } = await operatorWithOwnPassword(portal);
    const made = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Sessions',
      email: 'casey.sessions@initech.example',
    });
    admin = made;
    customerId = made.customer.id;
    const connector = await api<{ id: string }>(portal, `/idm-config/connectors/radius/${customerId}`, {
      token: await apiToken(portal, admin),
      json: { name: 'Branch VPN', ipAddress: '10.20.30.40' },
    });
    connectorId = connector.id;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const connectorName = async () => {
    const found = await api<{ name: string }>(
      portal,
      `/idm-config/connectors/radius/${customerId}/${connectorId}`,
      { token: await apiToken(portal, admin) },
    );
    return found.name;
  };

  it('saves the edit made before the session ended, once signed in again in the dialog', async () => {
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report)/);
    await page.goto(`${portal.url}/radius/${connectorId}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name.inputValue()).resolves.toBe('Branch VPN');
    await name.fill('Branch VPN (Hanoi)');
    // The session ends on the server (as when an administrator ends it, or it expired there first).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? '{}').token);
    await api(portal, '/auth/signout', { token, json: {} });

    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    await expectAccessible(page, 'sign-in dialog');
    await page.screenshot({ path: 'test-results/session-ended-dialog.png' });
    expect(await connectorName()).toBe('Branch VPN');

    await dialog.locator('input[name="password"]').fill(admin.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The save refused meanwhile went through with the new token: nothing typed again.
    await expect.poll(connectorName, { timeout: 10_000 }).toBe('Branch VPN (Hanoi)');
  });

  it('offers Stay signed in before the token ends, on a phone, and renews it without the password', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const tokenNow = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? '{}').token as string);
    const before = await tokenNow();
    // A 60 s token: the notice at its half.
    const notice = page.getByRole('alertdialog', { name: /^Your session ends in 0:\d\d\.$/ });
    await notice.waitFor({ timeout: 45_000 });
    await expectAccessible(page, 'session notice at 375 px');
    await expectNoSideScroll(page, 'session notice at 375 px');
    await page.screenshot({ path: 'test-results/session-notice-375.png' });
    await notice.getByRole('button', { name: 'Stay signed in' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await tokenNow()).not.toBe(before);
    // The renewed token is the portal's: the page goes on after a reload, signed in.
    await page.reload();
    await page.getByText('Branch VPN (Hanoi)').first().waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });
});
