import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a new operator on a fresh install goes through every screen of the provider slice, at 1280 and
 * at 375 px, in its empty, filled, error and dialog states. Each screen names itself in the tab title, an
 * empty list offers its Create, and axe finds no serious or critical violation anywhere.
 */
describe('the provider slice as a new operator finds it', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let password: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    ({ password } = await operatorWithOwnPassword(portal));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  /** A signed-in page at this window size; the browser's own questions (unsaved changes) are noted and accepted. */
  const signedInPage = async (
    width: number,
    height: number,
  ): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signInOnPage(page, portal, { email: portal.operator.email, password }, '**/report');
    return { context, page };
  };

  describe('at 1280 px', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await signedInPage(1280, 900));
    });
    const open = async (path: string, title: string) => {
      await page.goto(`${portal.url}${path}`);
      // The first page after signing in loads the portal's code: give it time on a slow machine.
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${title} | Gateway Portal`);
    };

    it('offers Create on every empty list, and names each page in the tab', async () => {
      for (const [path, title] of [
        ['/customer', 'Customers'],
        ['/service-template', 'Service Templates'],
        ['/vos-cloud-config', 'Cloud Authentication Servers'],
      ] as const) {
        await open(path, title);
        await page.getByRole('main').getByRole('link', { name: 'Create' }).first().waitFor();
        await expectAccessible(page, `${path}, empty`);
      }
      await page.screenshot({ path: 'test-results/slice-empty-list.png' });
      // Under the cloud servers: the gateway's OpenID Connect signing key, and its rotation.
      await open('/vos-cloud-config', 'Cloud Authentication Servers');
      const key = page.getByRole('region', { name: 'OpenID Connect signing key' });
      await key.getByRole('button', { name: 'Rotate key' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Signing key rotated').waitFor();
      await expect.poll(() => key.getByText('None yet').count()).toBe(0);
      await expectAccessible(page, 'the OpenID Connect signing key, rotated');
      await page.screenshot({ path: 'test-results/slice-oidc-signing-key.png', fullPage: true });
    });

    it('shows the errors of an empty customer form, then creates the customer', async () => {
      await open('/customer/create', 'Create Customer');
      // Save waits for a change: a malformed email, and no company name.
      await page.getByRole('textbox', { name: 'Contact email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Company name is required.').waitFor();
      await expectAccessible(page, 'the customer form with its errors');
      await page.screenshot({ path: 'test-results/slice-form-errors.png' });
      await page.getByRole('textbox', { name: 'Company name' }).fill('Acme Journeys');
      await page.getByRole('textbox', { name: 'Contact email' }).fill('it@acme.example');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Customer created').waitFor();
      await page.getByRole('row', { name: /Acme Journeys/ }).waitFor();
      await expectAccessible(page, 'the customer list with a customer and a notification');
    });

    it('refuses a second customer of the same name, with a message', async () => {
      await open('/customer/create', 'Create Customer');
      await page.getByRole('textbox', { name: 'Company name' }).fill('ACME JOURNEYS');
      await page.getByRole('textbox', { name: 'Contact email' }).fill('it@acme.example');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('A customer with this company name already exists.').waitFor();
      await expectAccessible(page, 'the refused customer form and its notification');
    });

    it('asks before leaving a changed form', async () => {
      await open('/customer', 'Customers');
      await page
        .getByRole('row', { name: /Acme Journeys/ })
        .getByRole('link', { name: 'Edit' })
        .click();
      await expect.poll(() => page.title()).toBe('Edit Customer | Gateway Portal');
      await page.getByRole('textbox', { name: 'Contact phone' }).fill('+84 28 1111 2222');
      const asked = dialogs.length;
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL('**/customer');
      expect(dialogs.slice(asked)).toEqual([
        "Some of your changes weren't saved. Are you sure you want to ignore them?",
      ]);
    });

    it('asks before deactivating the selected customers', async () => {
      await open('/customer', 'Customers');
      await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
      await page.getByRole('button', { name: 'Deactivate' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(page, 'the deactivation question');
      await dialog.getByRole('button', { name: 'No' }).click();
    });

    it('shows the forms of templates and cloud servers with their errors', async () => {
      for (const [path, title, field] of [
        ['/service-template/create', 'Create Service Template', 'Template name'],
        ['/vos-cloud-config/create', 'Create Cloud Authentication Server', 'Company ID'],
      ] as const) {
        await open(path, title);
        // Save waits for a change: one field filled, the other required ones left empty.
        await page.getByRole('textbox', { name: field }).fill('x');
        await page.getByRole('button', { name: 'Save' }).click();
        await page
          .getByText(/required/)
          .first()
          .waitFor();
        await expectAccessible(page, `${path} with its errors`);
        await page.screenshot({ path: `test-results/slice-${path.split('/')[1]}-errors.png` });
      }
    });

    it("keeps the built-in role's name and Delete, and one's own Deactivate, saying why", async () => {
      await open('/role', 'Roles');
      await page
        .getByRole('row', { name: /Provider Administrator/ })
        .getByRole('link', { name: 'Show' })
        .click();
      const remove = page.getByRole('button', { name: 'Delete' });
      await expect.poll(() => remove.getAttribute('aria-disabled')).toBe('true');
      await remove.hover();
      await page
        .getByRole('tooltip', { name: 'This role is part of the product and cannot be deleted.' })
        .waitFor();
      await expectAccessible(page, 'a built-in role with its tooltip');
      await open('/account', 'Accounts');
      const own = page.getByRole('row', { name: new RegExp(portal.operator.email) });
      await expect
        .poll(() => own.getByRole('button', { name: 'Deactivate' }).getAttribute('aria-disabled'))
        .toBe('true');
      await expectAccessible(page, 'the account list');
    });

    it('shows the assets and a partly ticked permission matrix, and asks before leaving it', async () => {
      await open('/asset', 'Permission Assets');
      await expectAccessible(page, 'the asset list');
      // A 1,000-character word in a description breaks on the show page rather than widening it.
      await page
        .getByRole('row', { name: /^Customers/ })
        .getByRole('link', { name: 'Edit' })
        .click();
      await page.getByRole('textbox', { name: 'Description' }).fill('w'.repeat(1000));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Permission asset updated').waitFor();
      await page
        .getByRole('row', { name: /^Customers/ })
        .getByRole('link', { name: 'Show' })
        .click();
      await page.getByText('w'.repeat(50), { exact: false }).first().waitFor();
      await expectNoSideScroll(page, 'an asset with a long word');
      await open('/asset', 'Permission Assets');
      await page
        .getByRole('row', { name: /^Customers/ })
        .getByRole('link', { name: 'Permissions' })
        .click();
      await page.getByRole('table', { name: 'Actions each role holds on this asset' }).waitFor();
      await page.getByRole('checkbox', { name: 'Create for Provider Administrator' }).uncheck();
      await expectAccessible(page, 'a partly ticked matrix');
      await page.screenshot({ path: 'test-results/slice-matrix.png' });
      const asked = dialogs.length;
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL('**/asset');
      expect(dialogs.length).toBe(asked + 1);
      await open('/saml-settings', 'SAML Settings');
      await expectAccessible(page, 'the SAML settings');
    });

    it("keeps the provider's screens out of a customer's scope, by URL too", async () => {
      await open('/customer', 'Customers');
      await page
        .getByRole('row', { name: /Acme Journeys/ })
        .getByRole('button', { name: 'Manage' })
        .click();
      await page.waitForURL('**/report');
      await page.getByRole('menuitem', { name: 'Help' }).waitFor();
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.screenshot({ path: 'test-results/slice-customer-menu.png' });
      for (const path of ['/role', '/asset', '/customer/create']) {
        await page.goto(`${portal.url}${path}`);
        await page.getByRole('heading', { name: 'Page not found' }).first().waitFor();
        expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
      }
      await expectAccessible(page, 'the not-found page');
      await page.getByRole('button', { name: 'Return' }).click();
      await page.waitForURL('**/customer');
    });
  });

  describe('at 375 px', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await signedInPage(375, 812));
    });

    it('shows every list without running off the screen', async () => {
      for (const path of [
        '/customer',
        '/account',
        '/role',
        '/asset',
        '/service-template',
        '/vos-cloud-config',
      ]) {
        await page.goto(`${portal.url}${path}`);
        await page.getByRole('main').waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSideScroll(page, path);
        await expectAccessible(page, `${path} at 375 px`);
      }
      await page.goto(`${portal.url}/customer`);
      await page.getByText('Acme Journeys').waitFor();
      await page.screenshot({ path: 'test-results/slice-phone-list.png' });
    });

    it('shows whole menu names in the drawer', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const item = page.getByRole('menuitem', { name: 'Cloud Authentication Servers' });
      await item.waitFor();
      expect(await item.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      await expectAccessible(page, 'the menu drawer at 375 px');
      await page.screenshot({ path: 'test-results/slice-phone-menu.png' });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    });

    it('shows a form in its error state', async () => {
      await page.goto(`${portal.url}/customer/create`);
      await page.getByRole('textbox', { name: 'Contact email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Company name is required.').waitFor();
      await expectNoSideScroll(page, 'the customer form');
      await expectAccessible(page, 'the customer form with errors at 375 px');
    });
  });
});
