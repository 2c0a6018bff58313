import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, startPortal } from './harness';

/** axe-core on the public pages and the signed-in frame: no serious or critical violation. */
describe('accessibility', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  const seriousViolations = async (path: string, ready: string) => {
    const page = await context.newPage();
    await page.goto(`${portal.url}${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    await page.close();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  };

  it('finds none on the sign-in page', async () => {
    expect(await seriousViolations('/login', 'Sign In')).toEqual([]);
  });

  it('finds none on a documentation page', async () => {
    expect(
      await seriousViolations('/docs/help/2fa-for-vpn', 'Two-factor authentication for your VPN'),
    ).toEqual([]);
  });
});
