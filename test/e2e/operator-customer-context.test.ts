import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { api, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: the provider operator enters a customer from the customer list, sees the customer's menu, and
 * returns to provider scope with the Return button.
 */
describe('an operator inside a customer', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    const { token, password } = await operatorWithOwnPassword(portal);
    await api(portal, '/customer/create', {
      token,
      json: {
        companyName: 'Acme Journeys',
        contactEmail: 'it@acme.example',
        contactPhone: '+84 28 0000 0000',
      },
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInOnPage(page, portal, { email: portal.operator.email, password }, '**/report');
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const menu = () => page.getByRole('menu');

  it('starts in provider scope with the provider menu', async () => {
    await menu().getByRole('menuitem', { name: 'Customers' }).waitFor();
    expect(await menu().getByRole('menuitem', { name: 'Roles' }).count()).toBe(1);
  });

  it('enters a customer from the customer list and sees the customer menu', async () => {
    await menu().getByRole('menuitem', { name: 'Customers' }).click();
    await page.waitForURL('**/customer');
    const row = page.getByRole('row', { name: /Acme Journeys/ });
    await row.getByRole('button', { name: 'Manage' }).click();
    await page.waitForURL('**/report');
    await page.getByText('Customer: Acme Journeys').waitFor();
    await expect(page.getByTestId('current-scope').textContent()).resolves.toBe('Customer');
    await menu().getByRole('menuitem', { name: 'Accounts' }).waitFor();
    expect(await menu().getByRole('menuitem', { name: 'Customers' }).count()).toBe(0);
    expect(await menu().getByRole('menuitem', { name: 'Roles' }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/operator-inside-customer.png' });
  });

  it('returns to provider scope and the customer list', async () => {
    await page.getByRole('button', { name: 'Return' }).click();
    await page.waitForURL('**/customer');
    await menu().getByRole('menuitem', { name: 'Roles' }).waitFor();
    expect(await page.getByText('Customer: Acme Journeys').count()).toBe(0);
  });
});
