import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { operatorWithOwnPassword } from './harness-api';

/**
 * The built portal runs under the server's Content-Security-Policy: chromium reports no violation on
 * the public pages or in the signed-in frame, and the policy does block what it is meant to block.
 */

/** What chromium reports: securitypolicyviolation events of every page loaded, and console messages. */
interface Reports {
  violations: string[];
  console: string[];
}

declare global {
  interface Window {
    reportViolation: (text: string) => void;
  }
}

describe('the content security policy', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  const consoleReports: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Reported to the test as they happen, so that a navigation does not lose them.
    await context.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.reportViolation(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) consoleReports.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
  });

  /** The reports since the last call. */
  const reports = (): Reports => ({ violations: violations.splice(0), console: consoleReports.splice(0) });
  const NONE: Reports = { violations: [], console: [] };

  it('is sent with the sign-in page, which runs under it with its QR code', async () => {
    const response = await page.goto(`${portal.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByRole('tab', { name: 'QR Code Login' }).click();
    await page.getByRole('img', { name: 'Scan with V-Key app to log in' }).waitFor();
    expect(reports()).toEqual(NONE);
  });

  it('blocks an inline script, and says so', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(reports().violations).toEqual(['script-src-elem inline']);
  });

  it("lets a hidden form post to a client's https redirect URL (QR sign-in, form_post)", async () => {
    let received = '';
    await page.route('https://client.example/callback', async (route) => {
      received = route.request().postData() ?? '';
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>signed in</p>' });
    });
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = 'https://client.example/callback';
      const input = Object.assign(document.createElement('input'), {
        type: 'hidden',
        name: 'code',
        value: 'c',
      });
      form.append(input);
      document.body.append(form);
      form.submit();
    });
    await page.waitForURL('https://client.example/callback');
    expect(received).toBe('code=c');
    expect(reports()).toEqual(NONE);
  });

  it('blocks a form to a plain-http foreign site', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = 'http://elsewhere.example/steal';
      document.body.append(form);
      form.submit();
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(reports().violations).toEqual(['form-action http://elsewhere.example/steal']);
    expect(page.url()).toMatch(/\/login/);
  });

  it('shows the documentation and, signed in, the dashboard and a list without a violation', async () => {
    await page.goto(`${portal.url}/docs/intro/overview`);
    await page.getByRole('navigation').first().waitFor();
    const { password } = await operatorWithOwnPassword(portal);
    await signInOnPage(page, portal, { email: portal.operator.email, password }, '**/report');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.goto(`${portal.url}/customer`);
    await page.getByRole('heading', { name: 'Customers' }).first().waitFor();
    expect(reports()).toEqual(NONE);
  });

  it('shows the API document at /api/docs, from files of the portal, without a violation', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(portal.url)) outside.push(request.url());
    });
    await page.goto(`${portal.url}/api/docs`);
    await page.getByRole('heading', { name: /Gateway Portal API/ }).waitFor();
    await page.getByText('/api/auth/signin').first().waitFor();
    await page.screenshot({ path: 'test-results/api-docs.png' });
    expect(outside).toEqual([]);
    expect(reports()).toEqual(NONE);
  });
});
