/**
 * The browser measures of `npm run bench`, in Debian's headless chromium driven by playwright-core: what the
 * sign-in page fetches, and when a list page shows its first row.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../scripts/localPortal.ts';
import { TOKEN_KEY } from './bare/dataProvider.ts';
import { gzipSize } from './bundle.ts';
import { OPERATOR, OPERATOR_PASSWORD, type RunningServer, SEEDED_NAME } from './servers.ts';

export { launchBrowser };

/**
 * Every JavaScript file a new visitor's browser fetches for /login, until the page is drawn (its heading
 * shown, the portal's client fetched) and the network is idle: their count and their gzip size.
 */
export const signInPageJavaScript = async (browser: Browser, server: RunningServer) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const files = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.ok() && type.includes('javascript'))
      files.set(response.url(), response.body().then(gzipSize));
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.waitForURL(/client_id=/);
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(files.values());
  await context.close();
  return { files: sizes.length, gzip: sizes.reduce((sum, size) => sum + size, 0) };
};

/**
 * The sign-in page's first contentful paint, in milliseconds from navigation start, for a new visitor (a new
 * browser context, nothing cached), `runs` times after one such load to warm the server.
 */
export const signInFirstPaints = async (browser: Browser, server: RunningServer, runs: number) => {
  const paints: number[] = [];
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    const paint = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      undefined,
      { timeout: 10_000 },
    );
    if (run >= 0) paints.push(Number(await paint.jsonValue()));
    await context.close();
  }
  return paints;
};

/** Notes, in the page, when a table cell first shows a seeded customer: the list's first data row. */
const watchFirstRow = (context: BrowserContext) =>
  context.addInitScript((name: string) => {
    const observer = new MutationObserver(() => {
      for (const cell of document.querySelectorAll('tbody td')) {
        if (cell.textContent?.startsWith(name)) {
          (window as unknown as { benchFirstRow: number }).benchFirstRow = performance.now();
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, SEEDED_NAME);

export interface ListPage {
  /** Opens the page once; answers the milliseconds from navigation start to the first row. */
  open: () => Promise<number>;
  close: () => Promise<void>;
}

const opener = async (context: BrowserContext, url: string): Promise<ListPage> => {
  const page = await context.newPage();
  return {
    open: async () => {
      // From a blank page, so that each load is a whole new document (also for a URL with a #fragment).
      await page.goto('about:blank');
      await page.goto(url);
      const handle = await page.waitForFunction(
        () => (window as unknown as { benchFirstRow?: number }).benchFirstRow,
        undefined,
        { timeout: 60_000 },
      );
      return Number(await handle.jsonValue());
    },
    close: () => context.close(),
  };
};

/** The portal's customer list, 25 rows a page, for the operator signed in through the sign-in page. */
export const portalListPage = async (browser: Browser, server: RunningServer): Promise<ListPage> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchFirstRow(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForURL(/client_id=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/report');
  await page.close();
  return opener(context, `${server.url}/customer?page=1&perPage=25&sort=createdDate&order=DESC`);
};

/** The bare app's customer list (25 rows a page), its token left where its dataProvider reads it. */
export const bareListPage = async (
  browser: Browser,
  server: RunningServer,
  token: string,
): Promise<ListPage> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchFirstRow(context);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  return opener(context, `${server.url}/#/customer`);
};
