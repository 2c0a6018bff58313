import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a customer administrator searches the users list, picks the page, widens the selection to every
 * user the search matches (1,100: more than one batch, and more than the 1,000 a search counts up to),
 * deactivates them once confirmed with the job's progress and exact count shown, and finds exactly those
 * users inactive. axe runs on the widened selection, the confirmation and the progress.
 */
describe("a customer administrator's bulk action over every matching row", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let admin: { email: string; password: string };
  let customerId: string;

  // 1,100 smiths (more than one batch of the job, so that it runs in the background with its progress
  // shown) and 30 joneses.
  const SMITHS = 1100;
  const USERS = [
    ...Array.from({ length: SMITHS }, (_, index) => `smith${String(index).padStart(4, '0')}`),
    ...Array.from({ length: 30 }, (_, index) => `jones${String(index).padStart(2, '0')}`),
  ].map((username, index) => [username, `${username}@initech.example`, `Person ${index}`] as const);

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token } = await operatorWithOwnPassword(portal);
    const made = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Bulk',
      email: 'casey.bulk@initech.example',
    });
    admin = made;
    customerId = made.customer.id;
    await csvDirectory(portal, await apiToken(portal, admin), customerId, USERS);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report|users)/);
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** How many of the customer's users match a search and a status, as the API answers. */
  const count = async (q: string, status: 'ACTIVE' | 'INACTIVE') => {
    const token = await apiToken(portal, admin);
    const found = await api<{ totalElements: number }>(
      portal,
      `/user-management/users/${customerId}/search?page=0&pageSize=1&q=${q}&status=${status}`,
      { token },
    );
    return found.totalElements;
  };

  it('deactivates all 1,100 matching users, not only the 25 on the page, and nobody else', async () => {
    await page.goto(`${portal.url}/users`);
    await page.getByPlaceholder('Search').fill('smith');
    // A search counts its matches up to 1,000: the list, then the selection, say there are more.
    await page.getByText('1-25 of more than 1,000').waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Select all matching (more than 1,000)' }).click();
    await page.getByText('All matching selected (more than 1,000)').waitFor();
    await expectAccessible(page, '/users, all matching selected');
    await page.screenshot({ path: 'test-results/bulk-all-matching.png' });

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate every matching row (more than 1,000)?' });
    await dialog.waitFor();
    await expectAccessible(page, '/users, bulk deactivate confirmation');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();

    // The progress shows until the portal hears the job has ended (it asks every half second); the job
    // counted every match.
    const progress = page.getByRole('region', { name: /^Deactivate: [\d,]+ of 1,100$/ });
    await progress.waitFor();
    await page.screenshot({ path: 'test-results/bulk-progress.png' });
    await page.getByText('Deactivate: done. 1,100 of 1,100 changed.').waitFor({ timeout: 30_000 });
    await expect(progress.count()).resolves.toBe(0);

    // Nobody else was inactive: the inactive users (counted whole, without a search) are the smiths.
    expect(await count('', 'INACTIVE')).toBe(SMITHS);
    expect(await count('jones', 'ACTIVE')).toBe(30);
    // The list shows it: every smith inactive.
    await page.getByText('1-25 of more than 1,000').waitFor();
    await expect(page.getByRole('cell', { name: 'Active', exact: true }).count()).resolves.toBe(0);
  });

  it('acts on the picked rows alone when the selection is not widened', async () => {
    await page.goto(`${portal.url}/users`);
    await page.getByPlaceholder('Search').fill('jones0');
    await page.getByText('1-10 of 10').waitFor();
    await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
    await expect(page.getByRole('button', { name: /matching/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate 1 user?' });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    // One batch: done when the server answers, with no progress to show.
    await page.getByText('Deactivate: done. 1 of 1 changed.').waitFor({ timeout: 15_000 });
    expect(await count('jones', 'INACTIVE')).toBe(1);
  });

  it('deletes the RADIUS connectors the search matches after confirming, and keeps the others', async () => {
    const token = await apiToken(portal, admin);
    const made = [
      ['VPN Hanoi', '198.51.100.11'],
      ['VPN Saigon', '198.51.100.12'],
      ['Branch firewall', '198.51.100.13'],
    ];
    for (const [name, ipAddress] of made)
      await api(portal, `/idm-config/connectors/radius/${customerId}`, { token, json: { name, ipAddress } });
    await page.goto(`${portal.url}/radius`);
    await page.getByPlaceholder('Search').fill('VPN');
    await page.getByText('1-2 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    // The toolbar's Delete comes before the rows' own.
    await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 connectors?' });
    await dialog.waitFor();
    await expectAccessible(page, '/radius, bulk delete confirmation');
    await page.screenshot({ path: 'test-results/bulk-delete-connectors.png' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete: done. 2 of 2 changed.').waitFor({ timeout: 15_000 });
    // On a phone the list is cards, without checkboxes: what is left, readable.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByPlaceholder('Search').fill('');
    await page.getByText('Branch firewall').waitFor();
    await expectAccessible(page, '/radius at 375 px after the bulk delete');
    await page.setViewportSize({ width: 1280, height: 900 });
    const left = await api<{ content: { name: string }[] }>(
      portal,
      `/idm-config/connectors/radius/${customerId}/search?page=0&pageSize=10`,
      { token },
    );
    expect(left.content.map((connector) => connector.name)).toEqual(['Branch firewall']);
  });
});
