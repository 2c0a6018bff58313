import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import { api, customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journeys of the translators and of the languages: an operator overrides a message on /translations and
 * every visitor's next page shows it; a visitor switches the sign-in page to Vietnamese and the choice
 * follows the account to another browser; a customer administrator's override shows to that customer's
 * administrators only.
 */
describe('translations', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let operator: { email: string; password: string };
  let operatorToken: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const own = await operatorWithOwnPassword(portal, 'Translate-Pass-1');
    operatorToken = own.token;
    operator = { email: portal.operator.email, password: own.password };
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  const visitorPage = async (width = 1280): Promise<Page> =>
    (await browser.newContext({ viewport: { width, height: 900 } })).newPage();

  it("an operator's override on /translations changes the sign-in page every visitor then opens", async () => {
    const page = await signedInPage(browser, portal, operator);
    await page.goto(`${portal.url}/translations`);
    await page.getByRole('heading', { name: 'Translations' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('portal.login.title');
    const row = page.getByRole('row').filter({ hasText: 'portal.login.title' });
    await row.waitFor();
    // English and Vietnamese side by side.
    await row.getByText('Đăng nhập').waitFor();
    await expectAccessible(page, 'the translations list');
    await page.screenshot({ path: 'test-results/translations-list.png', fullPage: true });

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit portal.login.title' });
    await dialog.getByRole('textbox', { name: 'English override' }).fill('Sign in to Acme Gateway');
    await expectAccessible(page, 'the override dialog');
    await page.screenshot({ path: 'test-results/translations-edit.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. This portal shows it now').waitFor();
    await row.getByText('Override').waitFor();

    const visitor = await visitorPage();
    await visitor.goto(`${portal.url}/login`);
    await visitor.getByRole('heading', { name: 'Sign in to Acme Gateway' }).waitFor();

    // Only the overrides are exported, as a catalogue file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export overrides' }).click();
    await page.getByRole('menuitem', { name: 'English overrides (JSON)' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      portal: { login: { title: 'Sign in to Acme Gateway' } },
    });

    // Removed, the file's text is back for the next visitor.
    await row.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('textbox', { name: 'English override' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. This portal shows it now').first().waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('a visitor switches to Vietnamese on the public top bar, and the account keeps the choice', async () => {
    const { email, password } = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Lang Co',
      email: 'lan.admin@lang.example',
    });
    const page = await visitorPage(375);
    await page.goto(`${portal.url}/login`);
    await page.getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).not.toBeNull();
    await expectAccessible(page, 'the sign-in page in Vietnamese, on a phone');
    await expectNoSideScroll(page, 'the sign-in page in Vietnamese, on a phone');
    await page.screenshot({ path: 'test-results/translations-login-vi-375.png', fullPage: true });

    // Signed in, the choice is the account's: another browser opens in Vietnamese after its sign-in.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('button', { name: 'Hồ sơ' }).waitFor();
    const { token } = await api<{ token: string }>(portal, '/auth/signin', {
      json: { login: email, password },
    });
    const account = await api<{ locale: string | null }>(portal, '/account/load_account_by_token', {
      token,
      method: 'POST',
    });
    expect(account.locale).toBeNull();
    // The choice made while signed in (the user menu's languages) is kept on the account.
    await page.getByRole('button', { name: 'Hồ sơ' }).click();
    await page.getByRole('menuitem', { name: 'English' }).waitFor();
    await expectAccessible(page, 'the user menu in Vietnamese, on a phone');
    await page.screenshot({ path: 'test-results/translations-user-menu-vi-375.png' });
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    await page.getByRole('button', { name: 'Hồ sơ' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ locale: string | null }>(portal, '/account/load_account_by_token', {
              token,
              method: 'POST',
            })
          ).locale,
      )
      .toBe('vi');
    const elsewhere = await signedInPage(browser, portal, { email, password });
    await elsewhere.getByText('Bảng điều khiển').first().waitFor();
  });

  it("a customer administrator's override shows to that customer's administrators, not to another customer's", async () => {
    const first = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'First Words Ltd',
      email: 'fay.admin@first.example',
    });
    const second = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Second Words Ltd',
      email: 'sam.admin@second.example',
    });
    // On a phone (opened at its width: a window narrowed later keeps react-admin's sidebar open over it).
    const firstPage = await signedInPage(browser, portal, first, 375);
    await firstPage.goto(`${portal.url}/translations`);
    await firstPage.getByText("Your overrides change a message for your organisation's").waitFor();
    await expectAccessible(firstPage, 'the translations list on a phone');
    await expectNoSideScroll(firstPage, 'the translations list on a phone');
    await firstPage.screenshot({ path: 'test-results/translations-list-375.png', fullPage: true });
    // On the phone, each row has its Edit button.
    await firstPage.getByPlaceholder('Search').fill('portal.menu.dashboard');
    await firstPage.getByText('Bảng điều khiển').waitFor();
    await firstPage.getByRole('button', { name: 'Edit' }).click();
    const dialog = firstPage.getByRole('dialog', { name: 'Edit portal.menu.dashboard' });
    await dialog.getByRole('textbox', { name: 'English override' }).fill('Home base');
    await expectAccessible(firstPage, 'the override dialog on a phone');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await firstPage.getByText('Saved. This portal shows it now').waitFor();
    // The menu (the phone's sidebar) says the customer's word.
    await firstPage.getByRole('button', { name: 'Open menu' }).click();
    await firstPage.getByRole('menuitem', { name: 'Home base' }).waitFor();

    const secondPage = await signedInPage(browser, portal, second);
    await secondPage.goto(`${portal.url}/report`);
    await secondPage.getByText('Dashboard').first().waitFor();
    expect(await secondPage.getByText('Home base').count()).toBe(0);
    const anonymous = await api<{ portal: { menu: { dashboard: string } } }>(portal, '/i18n/en');
    expect(anonymous.portal.menu.dashboard).toBe('Dashboard');
  });

  it('a new visitor sees the sign-in page before its code runs, at any width, and the code takes that page over', async () => {
    // Without its code: the page drawn at build time (src/signIn/prerender.tsx), its styles with it.
    for (const [width, shown, hidden] of [
      [1280, ['Overview', 'Sign Up'], ['Open the menu']],
      [375, ['Open the menu'], ['Overview', 'Sign Up']],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      const bar = page.getByRole('navigation', { name: 'Main navigation' });
      for (const name of shown)
        expect(await bar.getByRole(name === 'Open the menu' ? 'button' : 'link', { name }).isVisible()).toBe(
          true,
        );
      for (const name of hidden)
        expect(await bar.getByRole(name === 'Open the menu' ? 'button' : 'link', { name }).isVisible()).toBe(
          false,
        );
      // Sent by its code only, not by the browser as a plain form.
      expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
      await page.screenshot({ path: `test-results/sign-in-drawn-ahead-${width}.png` });
      await context.close();
    }

    // With it: the same elements made to work, nothing reported.
    const page = await visitorPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const page = window as { drawnHeading?: Element | null };
        if (document.readyState === 'interactive') page.drawnHeading = document.querySelector('h1');
      });
    });
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(/client_id=/);
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Password is required.').waitFor();
    expect(
      await page.evaluate(
        () => (window as { drawnHeading?: Element | null }).drawnHeading === document.querySelector('h1'),
      ),
    ).toBe(true);
    expect(problems).toEqual([]);
    await expectAccessible(page, 'the sign-in page taken over by its code');

    // A visitor who chose Vietnamese never sees the English page drawn ahead: it stays hidden.
    const vietnamese = await visitorPage();
    await vietnamese.addInitScript(() => {
      if (!window.localStorage.getItem('RaStore.locale'))
        window.localStorage.setItem('RaStore.locale', '"vi"');
      document.addEventListener('readystatechange', () => {
        const root = document.getElementById('root');
        const page = window as { drawnShown?: string };
        if (document.readyState === 'interactive' && root)
          page.drawnShown = getComputedStyle(root).visibility;
      });
    });
    await vietnamese.goto(`${portal.url}/login`);
    await vietnamese.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
    expect(await vietnamese.evaluate(() => (window as { drawnShown?: string }).drawnShown)).toBe('hidden');
  });
});
