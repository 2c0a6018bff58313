import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectDayMonthYearDates, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  enterpriseOrder,
  newTokenPackId,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a customer on a plan with themes creates a theme, changes the common background colour and sees
 * it on the preview of every screen, saves it, finds that change in the audit log of the last week, sees the
 * editor locked once a token pack shows the theme, and reads the dashboard: its users, its activation codes
 * by status and its sign-ins. axe on every screen; the editor and the dashboard at 375 px.
 */
describe('a customer administrator brands the app and reads the dashboard', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let acme: { customer: { id: string }; email: string; password: string };
  let token: string;
  let packId: string;
  let themeUrl: string;

  const background = '#fff8e1';

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token: operatorToken } = await operatorWithOwnPassword(portal);
    acme = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Acme Brand',
      email: 'ada.brand@acme.example',
    });
    token = await apiToken(portal, acme);
    // Enterprise includes themes; its approval gives the token pack.
    await enterpriseOrder(portal, token, operatorToken, acme.customer.id);
    packId = await newTokenPackId(portal, token, acme.customer.id);
    const directoryId = await csvDirectory(portal, token, acme.customer.id, [
      ['ann', 'ann@acme.example', 'Ann Archer'],
      ['bob', 'bob@acme.example', 'Bob Baker'],
      ['cat', 'cat@acme.example', 'Cat Cole'],
    ]);
    await packChange({ primaryDirectoryId: directoryId });
    await api(portal, `/idm-config/v2/reactive/activation-code/generate/${acme.customer.id}/${packId}`, {
      token,
      method: 'PUT',
      json: {},
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** Changes the token pack as its edit form does (multipart, the info part). */
  const packChange = async (changes: Record<string, unknown>) => {
    const info = new FormData();
    info.append('info', new Blob([JSON.stringify(changes)], { type: 'application/json' }));
    const answer = await fetch(`${portal.url}/api/idm-config/token-pack-v2/${acme.customer.id}/${packId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: info,
    });
    expect(answer.status, await answer.text()).toBe(200);
  };

  const signedIn = (width = 1280) => signedInPage(browser, portal, acme, width);

  /** The spoken description of each screen's preview (the drawing itself is hidden from assistive technologies). */
  const previewOf = (page: Page, screen: string) =>
    page
      .getByRole('figure')
      .filter({ hasText: `Preview of the ${screen} screen.` })
      .first();

  it('creates a theme and changes the common background colour, which every screen shows', async () => {
    const page = await signedIn();
    await page.getByRole('menuitem', { name: 'Themes' }).click();
    await page.getByText('No theme yet').waitFor();
    await expectAccessible(page, 'themes, none yet');
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Acme brand');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Common' }).waitFor();
    themeUrl = page.url();

    const field = page.getByRole('textbox', { name: 'Background colour', exact: true });
    await field.fill(background);
    // Applied once typing stops: every screen's preview on the common screen says so.
    for (const screen of ['Sign-in', 'Approval', 'Activation', 'Web sign-in']) {
      await expect
        .poll(() => previewOf(page, screen).innerText())
        .toContain(`on the background ${background}`);
    }
    await page.getByRole('tab', { name: 'Activation' }).click();
    await expect
      .poll(() => previewOf(page, 'Activation').innerText())
      .toContain(`on the background ${background}`);
    await page.getByRole('tab', { name: 'Common' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Theme saved').waitFor();
    await expectAccessible(page, 'theme editor');
    await page.screenshot({ path: 'test-results/theme-editor.png', fullPage: true });

    // Read back: the saved theme has the colour on every screen.
    await page.reload();
    await page.getByRole('tab', { name: 'Web sign-in' }).click();
    await expect
      .poll(() => previewOf(page, 'Web sign-in').innerText())
      .toContain(`on the background ${background}`);
  });

  it('finds the change in the audit log of the last week', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/audit`);
    const row = page
      .getByRole('row')
      .filter({ hasText: 'UPDATE' })
      .filter({ hasText: 'common.backgroundColor' });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain(background);
    // Names, not ids: the theme and who changed it by name, the users the CSV import added by theirs.
    expect(await row.first().innerText()).toContain('Acme brand');
    expect(await row.first().innerText()).toContain('Casey Admin');
    await page.getByRole('row').filter({ hasText: 'Ann Archer' }).first().waitFor();
    // The Record and Modified by cells of every row: names, no id.
    const rows = page.getByRole('row');
    const named: string[] = [];
    for (let index = 1; index < (await rows.count()); index++) {
      const cells = rows.nth(index).getByRole('cell');
      named.push(await cells.nth(3).innerText(), await cells.nth(4).innerText());
    }
    expect(named.length).toBeGreaterThan(4);
    expect(named.join('\n')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    await expectAccessible(page, 'audit log with the theme change');
  });

  it('locks the editor once a token pack shows the theme', async () => {
    const themeId = decodeURIComponent(new URL(themeUrl).pathname.split('/')[2]!);
    await packChange({ themeId });
    const page = await signedIn();
    await page.goto(themeUrl);
    await page.getByText(/is assigned to token pack\(s\) .* cannot be edited/).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'locked theme editor');
  });

  it('shows the users, activation codes and sign-ins on the dashboard', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/report`);
    const users = page.getByRole('region', { name: 'Users' });
    await users.getByText('Total').waitFor();
    expect(await users.innerText()).toMatch(/Total\s*3\b/);
    const codes = page.getByRole('table', { name: 'Activation codes by status' });
    await codes.waitFor({ state: 'attached' });
    expect(await codes.getByRole('row', { name: /New/ }).textContent()).toContain('3');
    const signIns = page.getByRole('table', { name: /Sign-ins and approvals/ });
    await signIns.waitFor({ state: 'attached' });
    // The last row is today's (a row header with the day, then sign-ins, approvals, failures): this journey's
    // sign-ins by password, the API's and the browser's, are there.
    const today = signIns.getByRole('row').last();
    expect(Number((await today.getByRole('cell').first().textContent())?.trim())).toBeGreaterThan(0);
    await expectAccessible(page, 'dashboard');
    // The range's days are typed and shown as every other date: dd/mm/yyyy, not the browser's own date input.
    expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectDayMonthYearDates(page, 'dashboard');
    await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });
  });

  it('fits a phone: the theme editor and the dashboard at 375 px', async () => {
    const page = await signedIn(375);
    await page.goto(themeUrl);
    await page.getByRole('tab', { name: 'Common' }).waitFor();
    await expectNoSideScroll(page, 'theme editor at 375 px');
    await expectAccessible(page, 'theme editor at 375 px');
    await page.screenshot({ path: 'test-results/theme-editor-375.png', fullPage: true });
    await page.goto(`${portal.url}/report`);
    await page.getByRole('region', { name: 'Users' }).getByText('Total').waitFor();
    await expectNoSideScroll(page, 'dashboard at 375 px');
    await expectDayMonthYearDates(page, 'dashboard at 375 px');
    await expectAccessible(page, 'dashboard at 375 px');
    await page.screenshot({ path: 'test-results/dashboard-375.png', fullPage: true });
  });
});
