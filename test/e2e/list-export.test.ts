import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { apiToken, csvDirectory, customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a customer administrator filters the users list, exports it as CSV and as JSON, and finds the
 * files hold exactly the rows the filter matches (all of them, not the page), with the list's columns and
 * a formula escaped. axe runs with the export menu open, at 1280 and 375 px.
 */
describe("a customer administrator's export of a list", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let admin: { email: string; password: string };

  // 60 users: more than the page of 25 the list shows. 30 are named smith, one of them a formula.
  const USERS = Array.from({ length: 60 }, (_, index) => {
    const username = `${index % 2 === 0 ? 'smith' : 'jones'}${String(index).padStart(2, '0')}`;
    const displayName = index === 4 ? '=HYPERLINK("http://evil.example")' : `Person ${index}`;
    return [username, `${username}@initech.example`, displayName] as const;
  });
  const SMITHS = USERS.map(([username]) => username).filter((username) => username.startsWith('smith'));

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token } = await operatorWithOwnPassword(portal);
    const made = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Exports',
      email: 'casey.export@initech.example',
    });
    admin = made;
    await csvDirectory(portal, await apiToken(portal, admin), made.customer.id, USERS);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report|users)/);
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** Chooses a format in the Export menu, and reads the file the browser saves. */
  const exported = async (format: 'CSV (spreadsheet)' | 'JSON') => {
    await page.getByRole('button', { name: 'Export' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('menuitem', { name: format }).click(),
    ]);
    const file = await download.path();
    return { name: download.suggestedFilename(), text: readFileSync(file!, 'utf8') };
  };

  it('exports every user the search matches, not only the page, with the columns of the list', async () => {
    await page.goto(`${portal.url}/users`);
    await page.getByPlaceholder('Search').fill('smith');
    await page.getByText(`1-25 of ${SMITHS.length}`).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, '/users, export menu');
    await page.screenshot({ path: 'test-results/list-export-menu.png' });
    await page.keyboard.press('Escape');

    const csv = await exported('CSV (spreadsheet)');
    expect(csv.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,username,displayName,email,status,directoryName,overPlan');
    const usernames = lines.slice(1).map((line) => line.split(',')[1]);
    expect(usernames).toEqual([...SMITHS].sort());
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

    const json = await exported('JSON');
    expect(json.name).toMatch(/\.json$/);
    const rows = JSON.parse(json.text) as { id: string; username: string }[];
    expect(rows.map((row) => row.username)).toEqual([...SMITHS].sort());
  });

  it('offers the export at 375 px too', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${portal.url}/users`);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, '/users at 375 px, export menu');
    await page.screenshot({ path: 'test-results/list-export-375.png' });
    await page.keyboard.press('Escape');
  });
});
