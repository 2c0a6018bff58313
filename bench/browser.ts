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
 * shown, the portal's client fetched) and the network is idle: their count and their gzip size; and the
 * page's own gzip size (its HTML, with the page drawn at build time in it).
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
  const answer = await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  const html = answer ? gzipSize(await answer.body()) : 0;
  await page.waitForURL(/client_id=/);
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(files.values());
  await context.close();
  return { files: sizes.length, gzip: sizes.reduce((sum, size) => sum + size, 0), html };
};

/**
 * The sign-in page's first contentful paint, in milliseconds from navigation start, for a new visitor (a new
 * browser context, nothing cached), `runs` times after one such load to warm the server. `withCode: false`:
 * the same page with JavaScript off (the page drawn at build time alone, what its code can at best match).
 */
export const signInFirstPaints = async (
  browser: Browser,
  server: RunningServer,
  runs: number,
  { withCode = true }: { withCode?: boolean } = {},
) => {
  const paints: number[] = [];
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: withCode,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    // Polled on a timer: the paint's entry may come a moment after the heading, and with JavaScript off a
    // poll by animation frame was seen never to run again (the page draws no more frames).
    const paint = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      undefined,
      { timeout: 10_000, polling: 20 },
    );
    if (run >= 0) paints.push(Number(await paint.jsonValue()));
    await context.close();
  }
  return paints;
};

/**
 * Notes, in the page, when a table cell first shows a seeded customer (the list's first data row), when the
 * table shows `rows` rows of seeded customers (the whole page, in the document), and the main thread's long
 * tasks (50 ms or more).
 */
const watchRows = (context: BrowserContext, rows: number) =>
  context.addInitScript(
    ([name, wanted]: readonly [string, number]) => {
      const page = window as unknown as {
        benchLongTasks: { start: number; duration: number }[];
        benchFirstRow?: number;
        benchAllRows?: number;
      };
      page.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const task of list.getEntries())
          page.benchLongTasks.push({ start: task.startTime, duration: task.duration });
      }).observe({ type: 'longtask', buffered: true });
      const observer = new MutationObserver(() => {
        if (page.benchFirstRow === undefined) {
          for (const cell of document.querySelectorAll('tbody td')) {
            if (cell.textContent?.startsWith(name)) {
              page.benchFirstRow = performance.now();
              break;
            }
          }
        }
        if (page.benchFirstRow === undefined) return;
        // The table's rows, read from its live list: every one of the page drawn, the last with its data.
        const body = document.querySelector('tbody');
        const last = body?.rows[wanted - 1];
        if (body && body.rows.length >= wanted && last?.textContent?.includes(name)) {
          page.benchAllRows = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    [SEEDED_NAME, rows] as const,
  );

/** Where one load of a list page spent its time, in milliseconds from navigation start. */
export interface ListLoad {
  /** The first row shown. */
  firstRow: number;
  /** Every row of the page shown (its 25 rows, or the 1,000 of a page of 1,000). */
  allRows: number;
  /** The list's data asked for (the first request to its API path). */
  listAsked: number;
  /** The JavaScript files the page loaded (from the browser's cache, after the warm-ups). */
  scripts: number;
  /** The main thread's long tasks begun before the first row, added up. */
  longTasks: number;
  /**
   * The page at rest: the end of the main thread's last long task (50 ms or more), once a second has gone by
   * without one after every row was shown (the rows' buttons, effects and drawing done).
   */
  quiet: number;
}

export interface ListPage {
  /** Opens the page once. */
  open: () => Promise<ListLoad>;
  close: () => Promise<void>;
}

/** How long a page shows no long task before it is taken to be at rest. */
const REST_MS = 1000;

/** The customers' API path, which both apps' lists ask. */
const LIST_API = '/api/customer';

const opener = async (context: BrowserContext, url: string): Promise<ListPage> => {
  const page = await context.newPage();
  return {
    open: async () => {
      // From a blank page, so that each load is a whole new document (also for a URL with a #fragment).
      await page.goto('about:blank');
      await page.goto(url);
      await page.waitForFunction(
        () => (window as unknown as { benchAllRows?: number }).benchAllRows,
        undefined,
        {
          timeout: 60_000,
        },
      );
      // At rest: a second without a long task since the rows were shown (or since the last one ended).
      await page.waitForFunction(
        (rest) => {
          const { benchAllRows, benchLongTasks } = window as unknown as {
            benchAllRows: number;
            benchLongTasks: { start: number; duration: number }[];
          };
          const last = Math.max(benchAllRows, ...benchLongTasks.map((task) => task.start + task.duration));
          return performance.now() - last > rest;
        },
        REST_MS,
        { timeout: 60_000, polling: 100 },
      );
      return page.evaluate((api) => {
        const { benchFirstRow, benchAllRows, benchLongTasks } = window as unknown as {
          benchFirstRow: number;
          benchAllRows: number;
          benchLongTasks: { start: number; duration: number }[];
        };
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const listAsked = resources.find((entry) => new URL(entry.name).pathname.startsWith(api))?.startTime;
        return {
          firstRow: benchFirstRow,
          allRows: benchAllRows,
          listAsked: listAsked ?? Number.NaN,
          scripts: resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js')).length,
          longTasks: benchLongTasks
            .filter((task) => task.start < benchFirstRow)
            .reduce((sum, task) => sum + task.duration, 0),
          quiet: Math.max(benchAllRows, ...benchLongTasks.map((task) => task.start + task.duration)),
        };
      }, LIST_API);
    },
    close: () => context.close(),
  };
};

/** The portal's customer list, `rows` rows a page, for the operator signed in through the sign-in page. */
export const portalListPage = async (
  browser: Browser,
  server: RunningServer,
  rows = 25,
): Promise<ListPage> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchRows(context, rows);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForURL(/client_id=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/report');
  await page.close();
  return opener(context, `${server.url}/customer?page=1&perPage=${rows}&sort=createdDate&order=DESC`);
};

/** The bare app's customer list (`rows` rows a page), its token left where its dataProvider reads it. */
export const bareListPage = async (
  browser: Browser,
  server: RunningServer,
  token: string,
  rows = 25,
): Promise<ListPage> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchRows(context, rows);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_KEY,
    token,
  ] as const);
  // The bare app's list has 25 rows a page; a page of more is asked in its address, as react-admin reads it.
  return opener(
    context,
    rows === 25
      ? `${server.url}/#/customer`
      : `${server.url}/#/customer?page=1&perPage=${rows}&sort=createdDate&order=DESC`,
  );
};
