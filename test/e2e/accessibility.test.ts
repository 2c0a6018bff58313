import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, startPortal } from './harness';
import { api, operatorWithOwnPassword } from './harness-api';

/**
 * axe-core on the public pages, at a desktop width and on a phone: no serious or critical violation, in each
 * state a visitor meets (the QR tab after the app rejects the request and once the code has expired, the
 * menu drawer open).
 */
describe('accessibility', () => {
  let portal: RunningPortal;
  let browser: Browser;
  /** The operator's password, once it has chosen its own (the app's user who rejects a request). */
  let password: string;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ password } = await operatorWithOwnPassword(portal, 'Axe-Journey-1'));
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  /** A new page of the given width at `path`, once its heading `ready` is there. */
  const open = async (width: number, path: string, ready: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor();
    return page;
  };
  const close = (page: Page) => page.context().close();

  /** Lets transitions (a drawer sliding in, a list unfolding) end: axe judges what is finally shown. */
  const settle = (page: Page) =>
    page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );

  const seriousViolations = async (page: Page) => {
    await settle(page);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  };

  /** Opens the QR tab and answers the session id of the code it shows. */
  const openQrTab = async (page: Page): Promise<string> => {
    const opened = page.waitForResponse((response) =>
      response.url().includes('/api/v-key-seamless/init-session'),
    );
    await page.getByRole('tab', { name: 'QR Code Login' }).click();
    const { sessionId } = (await (await opened).json()) as { sessionId: string };
    await page.getByRole('img', { name: 'Scan with V-Key app to log in' }).waitFor();
    return sessionId;
  };

  /** A button whose label wraps is taller than one line of a contained button. */
  const expectOneLine = async (page: Page, name: string) => {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.height, `height of ${name}`).toBeLessThan(40);
  };

  describe.each([1280, 375])('at %i px', (width) => {
    it('finds none on the sign-in page', async () => {
      const page = await open(width, '/login', 'Sign In');
      // The page drawn at build time shows its heading before its code has taken it over: axe judges the
      // working page, not the one whose Sign In button turns from disabled to enabled (a colour transition)
      // while axe reads its colours.
      await page
        .getByRole('button', { name: 'Sign In', exact: true })
        .and(page.locator(':enabled'))
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await close(page);
    });

    it('finds none on a documentation page', async () => {
      const page = await open(width, '/docs/help/2fa-for-vpn', 'Two-factor authentication for your VPN');
      expect(await seriousViolations(page)).toEqual([]);
      await close(page);
    });

    it('finds none on the QR tab once the app has rejected the request', async () => {
      const page = await open(width, '/login', 'Sign In');
      await page.waitForURL(/\/login\?client_id=/);
      const sessionId = await openQrTab(page);
      const { token } = await api<{ token: string }>(portal, '/auth/signin', {
        json: { login: portal.operator.email, password },
      });
      await api(portal, '/v-key-seamless/app/decision', { token, json: { sessionId, decision: 'REJECT' } });
      await page.getByText('The authentication request has been rejected.').waitFor();
      await expectOneLine(page, 'Refresh QR Code');
      expect(await seriousViolations(page)).toEqual([]);
      await close(page);
    });

    it('finds none on the QR tab once the code has expired', async () => {
      const page = await open(width, '/login', 'Sign In');
      await page.waitForURL(/\/login\?client_id=/);
      // The server's session would expire after minutes: its status answers TIMEOUT at once instead.
      await page.route('**/api/service-mgmt/seamless/get-request-status-by-id/**', (route) =>
        route.fulfill({ json: { status: 'TIMEOUT' } }),
      );
      await openQrTab(page);
      await page.getByText('QR code expired').waitFor();
      await expectOneLine(page, 'Refresh QR Code');
      expect(await seriousViolations(page)).toEqual([]);
      await close(page);
    });
  });

  describe('at 375 px', () => {
    it('finds none on the public top bar, which keeps to one line', async () => {
      for (const [path, ready] of [
        ['/login', 'Sign In'],
        ['/docs/intro/faq', 'Frequently asked questions'],
      ] as const) {
        const page = await open(375, path, ready);
        const bar = page.getByRole('navigation', { name: 'Main navigation' });
        // A toolbar of one line is 56 px high on a phone; the product name does not wrap either.
        expect((await bar.boundingBox())?.height, `top bar on ${path}`).toBeLessThanOrEqual(56);
        expect((await bar.getByRole('link', { name: 'Gateway Portal' }).boundingBox())?.height).toBeLessThan(
          48,
        );
        expect(await bar.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await close(page);
      }
    });

    it('finds none in the menu drawer of a documentation page, closed groups and an open one', async () => {
      const page = await open(375, '/docs/help/2fa-for-vpn', 'Two-factor authentication for your VPN');
      await page.getByRole('button', { name: 'Open the menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Main navigation' });
      await drawer.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Setup Guides' }).click();
      await drawer.getByRole('link', { name: 'GitLab (SAML2.0)' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await close(page);
    });
  });
});
