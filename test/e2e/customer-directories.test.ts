import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Slapd, startSlapd } from '../support/slapd';
import { expectAccessible, expectDayMonthYearDates, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a customer administrator adds an LDAP directory pointing at a real OpenLDAP, tests the
 * connection (a wrong password first), synchronises its users, finds one by a part of its name in the users
 * list, and opens its details; then the same screens at 375 px. axe runs on every screen and state.
 */
describe("a customer administrator's directory and users", () => {
  let portal: RunningPortal;
  let slapd: Slapd;
  let browser: Browser;
  let page: Page;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    [portal, slapd] = await Promise.all([startPortal(), startSlapd({ users: 150 })]);
    const { token } = await operatorWithOwnPassword(portal);
    admin = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Journeys',
      email: 'casey.admin@initech.example',
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    // No user yet: the sign-in page's rule (docs/requirements/portal-states.md) leads to the token packs.
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report)/);
  });

  afterAll(async () => {
    await browser?.close();
    await slapd?.stop();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const menu = () => page.getByRole('menu');

  it('finds Directories in the menu, and an empty list that offers to add one', async () => {
    await menu().getByRole('menuitem', { name: 'Directories' }).click();
    await page.waitForURL('**/ldap');
    await page.getByText('No directories yet').waitFor();
    await expectAccessible(page, '/ldap, empty');
    await page.screenshot({ path: 'test-results/directories-empty.png' });
  });

  it('shows the fields of the chosen type only', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL('**/ldap/create');
    await page.getByRole('textbox', { name: 'Base DN' }).waitFor();
    await page.getByRole('radio', { name: 'Azure AD' }).check();
    await page.getByRole('textbox', { name: 'Tenant ID' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Base DN' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'REST' }).check();
    await page.getByRole('textbox', { name: 'List active users API URL' }).waitFor();
    await page.getByRole('radio', { name: 'LDAP' }).check();
    await expectAccessible(page, '/ldap/create');
  });

  it('asks for the mandatory fields, then says why a wrong password cannot connect', async () => {
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText('Please input all mandatory fields before testing the connection').waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Head office');
    await page.getByRole('textbox', { name: 'IP address or domain name' }).fill(slapd.host);
    await page.getByRole('spinbutton', { name: 'Port' }).fill(String(slapd.port));
    await page.getByRole('textbox', { name: 'Base DN' }).fill(slapd.peopleDn);
    await page.getByRole('textbox', { name: 'User DN' }).fill(slapd.reader.dn);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText("Can't connect to LDAP server!").waitFor();
    await page.getByText('The account or its password was refused').waitFor();
    await expectAccessible(page, '/ldap/create, failed test');
    await page.screenshot({ path: 'test-results/directories-test-failed.png', fullPage: true });
  });

  it('connects with the right password, and saves the directory', async () => {
    await page.locator('input[name="password"]').fill(slapd.reader.password);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText('Connection is successful!').waitFor();
    await page.getByText('Users found: 150').waitFor();
    await page.screenshot({ path: 'test-results/directories-test-ok.png', fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/ldap\/[0-9a-f-]+\/show$/);
    await page.getByText('Not synchronised yet').waitFor();
    await expectAccessible(page, 'directory show, never synchronised');
  });

  it('synchronises the users, with a summary', async () => {
    await page.getByRole('button', { name: 'Synchronise users' }).click();
    await page.getByText(/added 150, updated 0, deactivated 0/).waitFor({ timeout: 60_000 });
    await expectAccessible(page, 'directory show, synchronised');
    await page.screenshot({ path: 'test-results/directories-synced.png', fullPage: true });
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'user00001', exact: true }).waitFor();
    await expectAccessible(page, 'directory users tab');
  });

  it('finds a user by a part of its name and opens its details', async () => {
    await menu().getByRole('menuitem', { name: 'Users' }).click();
    // Not '**/users': the directory's Users tab (/ldap/…/show/users), with its own search and 150 rows, matches it.
    await page.waitForURL((url) => url.pathname === '/users');
    // The address changes before the Users list replaces the tab (its chunk loads in a transition): the Directory
    // filter is the list's own, so the search below is typed into the list and not into the tab about to go.
    await page.getByRole('combobox', { name: 'Directory' }).waitFor();
    await page.getByText('1-25 of 150').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('r00042');
    await page.getByText('1-1 of 1').waitFor();
    await expectAccessible(page, '/users, searched');
    await page.screenshot({ path: 'test-results/users-search.png' });
    await page.getByRole('cell', { name: 'user00042', exact: true }).click();
    await page.waitForURL(/\/users\/[0-9a-f-]+\/show$/);
    await page.getByText('user00042@example.test').waitFor();
    await page.getByText('Head office').waitFor();
    await expectAccessible(page, 'user details, info');
    await expectDayMonthYearDates(page, 'user details, info');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('This user is in no token pack yet').waitFor();
    await expectAccessible(page, 'user details, history');
    await page.screenshot({ path: 'test-results/user-details.png' });
  });

  it('fits a phone: the users list and a directory at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The list's search in its address, so that this screen does not depend on what the test before typed.
    await page.goto(`${portal.url}/users?filter=${encodeURIComponent(JSON.stringify({ q: 'user0004' }))}`);
    await page.getByText('user00042').first().waitFor();
    await expectNoSideScroll(page, '/users at 375 px');
    await expectAccessible(page, '/users at 375 px');
    await page.screenshot({ path: 'test-results/users-phone.png' });
    await page.goto(`${portal.url}/ldap`);
    await page.getByText('Head office').first().click();
    await page.getByText(/added 150/).waitFor();
    await expectNoSideScroll(page, 'directory at 375 px');
    await expectAccessible(page, 'directory at 375 px');
    await page.screenshot({ path: 'test-results/directory-phone.png', fullPage: true });
    // The user page: its actions wrap and its tabs scroll, History included.
    await page.goto(`${portal.url}/users?filter=${encodeURIComponent(JSON.stringify({ q: 'user0004' }))}`);
    await page.getByText('user00042').first().click();
    await page.waitForURL(/\/users\/[0-9a-f-]+\/show$/);
    await page.getByRole('tab', { name: 'History' }).waitFor();
    await expectNoSideScroll(page, 'user details at 375 px');
    await expectDayMonthYearDates(page, 'user details at 375 px');
    await expectAccessible(page, 'user details at 375 px');
    await page.screenshot({ path: 'test-results/user-details-phone.png', fullPage: true });
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('This user is in no token pack yet').waitFor();
    await expectNoSideScroll(page, 'user history at 375 px');
  });
});
