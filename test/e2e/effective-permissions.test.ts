import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { api, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: an operator opens a role's effective permissions and an account's, then who can do each action
 * on a permission asset; axe at 1280 and 375 px, and nothing wider than a phone's screen.
 */
describe('who can do what', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const made = await operatorWithOwnPassword(portal);
    token = made.token;
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInOnPage(page, portal, { email: portal.operator.email, password: made.password }, '**/report');
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  it("shows a role's effective permissions: what it gives and what it does not", async () => {
    const found = await api<{ contents: { id: string; name: string }[] }>(portal, '/account/role/search', {
      token,
      json: { page: 0, limit: 50, filters: {} },
    });
    const auditor = found.contents.find((role) => role.name === 'auditor')!;
    await page.goto(`${portal.url}/role/${auditor.id}/show`);
    await page.getByRole('tab', { name: 'Effective permissions' }).click();
    const table = page.getByRole('table', { name: 'Effective permissions' });
    await table.waitFor();
    await expect(page.getByText(/^\d+ of \d+ permissions allowed$/).textContent()).resolves.toMatch(
      /^[1-9]\d* of \d+/,
    );
    // The auditor reads the audit log, and changes no account.
    await expect(table.getByRole('row', { name: /Audit.*View.*Allowed/ }).count()).resolves.toBe(1);
    await expect(table.getByRole('row', { name: /Accounts\s*Modify\s*Not allowed/ }).count()).resolves.toBe(
      1,
    );
    await expectAccessible(page, "a role's effective permissions");
    await page.screenshot({ path: 'test-results/effective-role.png' });
    await page.getByRole('switch', { name: 'Only what is allowed' }).check();
    await expect(table.getByText('Not allowed').count()).resolves.toBe(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/effective-role-375.png', fullPage: true });
    await expectAccessible(page, "a role's effective permissions at 375 px");
    await expectNoSideScroll(page, "a role's effective permissions at 375 px");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows an account's effective permissions with the roles that give them", async () => {
    const me = await api<{ id: string }>(portal, '/account/load_account_by_token', { token, method: 'POST' });
    await page.goto(`${portal.url}/account/${me.id}/show/permissions`);
    const table = page.getByRole('table', { name: 'Effective permissions' });
    await table.waitFor();
    await expect(
      table.getByRole('row', { name: /Accounts\s*View\s*Allowed\s*Provider/ }).count(),
    ).resolves.toBe(1);
    await expectAccessible(page, "an account's effective permissions");
  });

  it('names who can do each action of a permission asset', async () => {
    await page.goto(`${portal.url}/asset`);
    await page
      .getByRole('row', { name: /^Customers/ })
      .getByRole('link', { name: 'Permissions' })
      .click();
    const table = page.getByRole('table', { name: 'Who can' });
    await table.waitFor();
    await expect(
      table.getByRole('row', { name: new RegExp(`View.*${portal.operator.email}`) }).count(),
    ).resolves.toBe(1);
    await table.scrollIntoViewIfNeeded();
    await expectAccessible(page, "an asset's who can");
    await page.screenshot({ path: 'test-results/effective-who-can.png', fullPage: true });
  });
});
