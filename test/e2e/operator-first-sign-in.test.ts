import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, startPortal } from './harness';

/**
 * Journey: the provider operator the server created on its first start signs in with the printed
 * credentials, is made to change the password, lands on the dashboard, signs out and back in.
 */
describe('the first sign-in of the provider operator', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  const newPassword = 'Fresh1Start';

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const signIn = async (email: string, password: string) => {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  it('prints the initial operator exactly once', () => {
    expect(portal.output().match(/^initial operator: /gm)).toHaveLength(1);
  });

  it('sends / to the sign-in page, titled with the product name', async () => {
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/login(\?|$)/);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.title()).toMatch(/^Sign In \| .+/);
    await page.screenshot({ path: 'test-results/login.png' });
  });

  it('refuses a wrong password with a readable message', async () => {
    await signIn(portal.operator.email, 'Wrong-password1');
    await expect(page.getByText('Invalid Account Credential').waitFor()).resolves.toBeUndefined();
  });

  it('makes the operator give a name and mobile phone and change the printed password, then shows the dashboard', async () => {
    await page.reload();
    await signIn(portal.operator.email, portal.operator.password);
    await page.waitForURL('**/my-account/change-password**');
    await page.getByRole('heading', { name: 'Change Password', level: 1 }).waitFor();
    await page.screenshot({ path: 'test-results/change-password.png' });
    await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('+1 202 555 0100');
    await page.getByLabel('Old Password', { exact: true }).fill(portal.operator.password);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL('**/report');
    await page.getByRole('heading', { name: /^Welcome, Grace Hopper/ }).waitFor();
    await expect(page.getByTestId('current-scope').textContent()).resolves.toBe('Provider');
    await page.screenshot({ path: 'test-results/dashboard.png' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
  });

  it('signs out from the user menu and signs in again with the new password', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await signIn(portal.operator.email, portal.operator.password);
    await page.getByText('Invalid Account Credential').waitFor();
    await page.reload();
    await signIn(portal.operator.email, newPassword);
    await page.waitForURL('**/report');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  });
});
