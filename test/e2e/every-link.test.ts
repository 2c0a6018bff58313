import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_TEST_BOUND_MS } from '../support/bounds';
import { expectAccessible } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/** More navigations than any page makes on its own (the sign-in page: itself, its client, its tab). */
const MAX_NAVIGATIONS = 8;
/** A page is settled once it has not navigated for this long. */
const QUIET_MS = 1_000;
/**
 * A walk opens some fifty pages, each checked by axe: on a busy machine that is minutes, so a walk has the
 * bound of the long tests (test/support/bounds.ts), not one test's.
 */
const WALK_BOUND_MS = LONG_TEST_BOUND_MS;

/**
 * Journey of a link checker: it opens every link of the public pages (the top bar, the footer, the sign-in
 * and sign-up pages, the documentation…) as a visitor, and every entry of the menus (the side menus of the
 * provider and of a customer, My Account's, the user menu) as a signed-in person, and fails on a path
 * that keeps navigating (a redirect loop), that ends on a blank page, or that has a serious or critical
 * axe violation.
 */
describe('every link of the public pages and the menus', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let operator: { email: string; password: string };
  let admin: { email: string; password: string };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const { token, password } = await operatorWithOwnPassword(portal, 'Links-Journey-1');
    operator = { email: portal.operator.email, password };
    const acme = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Links Inc',
      email: 'lin.links@links.example',
    });
    admin = { email: acme.email, password: acme.password };
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  /** The portal's own paths a page links to (without their #fragment), in the elements `within` selects. */
  const linksOf = async (page: Page, within: string): Promise<string[]> => {
    const hrefs = await page.$$eval(`${within} a[href]`, (anchors) =>
      anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
    );
    const origin = new URL(portal.url).origin;
    return hrefs.flatMap((href) => {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname.startsWith('/api/')) return [];
      return [`${url.pathname}${url.search}`];
    });
  };

  /**
   * Opens `path` and waits until the page has stopped navigating; fails if it navigated more than a page
   * does on its own, or shows nothing. Answers where it ended.
   */
  const visit = async (page: Page, path: string): Promise<string> => {
    let navigations = 0;
    let lastAt = Date.now();
    const count = (frame: unknown) => {
      if (frame !== page.mainFrame()) return;
      navigations++;
      lastAt = Date.now();
    };
    page.on('framenavigated', count);
    try {
      await page.goto(`${portal.url}${path}`);
      while (Date.now() - lastAt < QUIET_MS && navigations <= MAX_NAVIGATIONS) {
        await page.waitForTimeout(QUIET_MS / 4);
      }
    } finally {
      page.off('framenavigated', count);
    }
    expect(navigations, `${path} navigated ${navigations} times: a redirect loop`).toBeLessThanOrEqual(
      MAX_NAVIGATIONS,
    );
    await page.getByRole('heading').first().waitFor();
    const text = await page.evaluate(() => document.body.innerText.trim());
    expect(text.length, `${path} shows nothing`).toBeGreaterThan(0);
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };

  it(
    'opens every link of the public pages, as a visitor',
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const seen = new Set<string>();
      const queue = ['/login', '/signup', '/forgot-password', '/contact-us', '/onboarding', '/docs'];
      while (queue.length > 0) {
        const path = queue.shift()!;
        // The sign-in page's own client parameters change at each visit: one visit stands for all of them.
        const key = path.startsWith('/login') ? '/login' : path;
        if (seen.has(key)) continue;
        seen.add(key);
        const ended = await visit(page, path);
        await expectAccessible(page, `public page ${path} (at ${ended})`);
        // A visitor who is not signed in reaches the signed-in portal's paths only through the sign-in page.
        if (ended.startsWith('/login') && !path.startsWith('/login')) continue;
        for (const link of await linksOf(page, 'body')) if (!seen.has(link)) queue.push(link);
      }
      // The walk reached the self-service pages and the documentation through their links.
      expect([...seen]).toEqual(
        expect.arrayContaining([
          '/signup',
          '/forgot-password',
          '/docs/intro/overview',
          '/docs/help/2fa-for-vpn',
        ]),
      );
      await context.close();
    },
    WALK_BOUND_MS,
  );

  /** Signs `who` in and opens every entry of the menus of the pages in `from`, and of the user menu. */
  const walkMenus = async (who: { email: string; password: string }, from: readonly string[]) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOnPage(page, portal, who);
    const entries = new Set<string>();
    for (const start of from) {
      await visit(page, start);
      for (const link of await linksOf(page, 'nav')) entries.add(link);
      await page
        .getByRole('button', { name: /profile|user menu|account/i })
        .first()
        .click();
      for (const link of await linksOf(page, '[role="menu"]')) entries.add(link);
      await page.keyboard.press('Escape');
    }
    for (const entry of entries) {
      const ended = await visit(page, entry);
      expect(ended.startsWith('/login'), `${entry} signed ${who.email} out`).toBe(false);
      await expectAccessible(page, `menu entry ${entry} (at ${ended})`);
    }
    await context.close();
    return [...entries];
  };

  it(
    "opens every entry of the provider's menus, as the operator",
    async () => {
      const entries = await walkMenus(operator, ['/report', '/my-account/profile']);
      expect(entries).toEqual(expect.arrayContaining(['/customer', '/report', '/my-account/profile']));
    },
    WALK_BOUND_MS,
  );

  it(
    "opens every entry of the customer's menus, as its administrator",
    async () => {
      const entries = await walkMenus(admin, ['/report', '/my-account/profile']);
      expect(entries).toEqual(
        expect.arrayContaining(['/users', '/my-account/security', '/my-account/change-password']),
      );
    },
    WALK_BOUND_MS,
  );
});
