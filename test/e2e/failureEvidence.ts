import { appendFile, mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TestContext } from 'vitest';

/**
 * What a failed journey leaves to read: for every page still open in the test file's browsers, its address,
 * the start of its visible text, the start of what role queries find (its accessibility tree), the page's
 * parts hidden from them (aria-hidden, as a modal left open does) and a screenshot in test-results/; and, in
 * seconds since its context was opened, the addresses its pages went to and the errors their consoles
 * reported (uncaught exceptions, failed requests). A journey that fails only on CI's loaded machine can then
 * be understood from CI's output, without running it again.
 */
const browsers = new Set<Browser>();
const troubles = new WeakMap<BrowserContext, string[]>();

const listen = (context: BrowserContext) => {
  const lines: string[] = [];
  troubles.set(context, lines);
  const opened = Date.now();
  const keep = (line: string) => {
    lines.push(`${((Date.now() - opened) / 1000).toFixed(1)} s ${line}`);
    if (lines.length > 30) lines.shift();
  };
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) keep(`at ${frame.url()}`);
    }),
  );
  context.on('console', (message) => {
    if (message.type() === 'error') keep(`console error: ${message.text()}`);
  });
  context.on('weberror', (error) => keep(`uncaught: ${error.error().message}`));
  context.on('requestfailed', (request) =>
    keep(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`),
  );
};

/** Follows `browser`'s contexts from now on; the browser is returned as it is. */
export const watchBrowser = (browser: Browser): Browser => {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    listen(context);
    return context;
  };
  return browser;
};

/** Every failed journey's report of this run, one after the other (emptied by test/e2e/globalSetup.ts). */
export const EVIDENCE_FILE = 'test-results/failure-evidence.txt';

const fileSafe = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);

let started = Date.now();
/** Before each journey (test/e2e/setup.ts). */
export const noteStart = () => {
  started = Date.now();
};

/** After each journey (test/e2e/setup.ts): when it failed, says what the browsers showed. */
export const reportFailure = async (context: TestContext) => {
  if (context.task.result?.state !== 'fail' || browsers.size === 0) return;
  await mkdir('test-results', { recursive: true });
  const report: string[] = [
    `what the browsers showed when "${context.task.name}" failed, ${((Date.now() - started) / 1000).toFixed(1)} s after it started:`,
  ];
  let shot = 0;
  for (const browser of browsers) {
    for (const browserContext of browser.contexts()) {
      for (const page of browserContext.pages()) {
        shot += 1;
        const path = `test-results/failed-${fileSafe(context.task.name)}-${shot}.png`;
        const text = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch((error: Error) => `(unreadable: ${error.message})`);
        // What role queries (getByRole) find: a modal left open hides the rest of the page from them.
        const roles = await page
          .locator('body')
          .ariaSnapshot({ timeout: 2000 })
          .catch((error: Error) => `(unreadable: ${error.message})`);
        const hidden = await page
          .evaluate(() =>
            [...document.body.children]
              .filter((element) => element.getAttribute('aria-hidden') === 'true')
              .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`)
              .join(', '),
          )
          .catch(() => '?');
        await page.screenshot({ path, timeout: 5000 }).catch(() => undefined);
        report.push(
          `- ${page.url()} (${path})`,
          `  text: ${text.replace(/\s+/g, ' ').slice(0, 400)}`,
          `  roles: ${roles.replace(/\s+/g, ' ').slice(0, 400)}`,
        );
        if (hidden) report.push(`  hidden from assistive technologies: ${hidden}`);
      }
      for (const line of troubles.get(browserContext) ?? []) report.push(`  ${line}`);
    }
  }
  console.error(report.join('\n'));
  // CI prints this file next to its list of failed tests (.ci/failures.mjs): the console's copy is far above.
  await appendFile(EVIDENCE_FILE, `${report.join('\n')}\n\n`);
};
