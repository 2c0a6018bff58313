import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { launchBrowser, type RunningPortal, startPortal } from './harness';
import { apiToken, csvDirectory, customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a partner's page on another origin embeds the user list (/iframe/user-list) and passes it a
 * customer administrator's token as the README says (it answers the frame's `gateway-portal:ready` message
 * with a `gateway-portal:token` message); the frame shows the customer's users without the portal's frame.
 * The portal runs with FRAME_ANCESTORS naming that origin only: a page of another origin cannot frame it.
 */

/** A partner site: one page embedding the portal's user list, passing `token` when the frame asks. */
const partnerPage = (portalUrl: string, token: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner intranet</title></head>
  <body>
    <main>
      <h1>Partner intranet</h1>
      <iframe id="users" title="Acme users" src="${portalUrl}/iframe/user-list" width="1000" height="700"></iframe>
    </main>
    <script>
      const frame = document.getElementById('users');
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow || event.origin !== ${JSON.stringify(portalUrl)}) return;
        if (event.data && event.data.type === 'gateway-portal:ready') {
          frame.contentWindow.postMessage({ type: 'gateway-portal:token', token: ${JSON.stringify(token)} }, ${JSON.stringify(portalUrl)});
        }
      });
    </script>
  </body>
</html>`;

/** A local web server on a free port answering every request with `html()`; resolves with its origin. */
const serve = async (html: () => string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost, not 127.0.0.1: another site than the portal's.
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
};

describe('a page on another origin embeds the user list', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;
  let partner: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };
  let html = '';

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    partner = await serve(() => html);
    stranger = await serve(() => html);
    portal = await startPortal({ env: { FRAME_ANCESTORS: partner.origin } });
    const { token: operatorToken } = await operatorWithOwnPassword(portal);
    const acme = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Acme Embedded',
      email: 'casey.embed@acme.example',
    });
    const token = await apiToken(portal, acme);
    await csvDirectory(portal, token, acme.customer.id, [
      ['ann.embed', 'ann.embed@acme.example', 'Ann Embed'],
      ['ben.embed', 'ben.embed@acme.example', 'Ben Embed'],
    ]);
    html = partnerPage(portal.url, token);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    if (portal) await portal.stop();
    partner?.server.close();
    stranger?.server.close();
  });

  it('shows the customer’s users in the frame, without the portal’s menu or app bar', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(partner.origin);
    const frame = page.frameLocator('iframe[title="Acme users"]');
    await frame.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await frame.getByText('ann.embed', { exact: true }).waitFor();
    await frame.getByText('ben.embed', { exact: true }).waitFor();
    expect(await frame.getByRole('banner').count()).toBe(0);
    expect(await frame.getByRole('menuitem').count()).toBe(0);
    // chromium here blocks other sites' frames from storage: the screen keeps its session in memory.
    expect(errors).toEqual([]);
    await expectAccessible(page, 'the embedded user list');
    await page.screenshot({ path: 'test-results/embedding-user-list.png' });
  });

  it('cannot be framed by a page of an origin FRAME_ANCESTORS does not name', async () => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(stranger.origin);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    // The browser draws nothing of the portal in it (an error page at most), so no token is ever asked for.
    expect(await frame?.evaluate(() => document.body?.innerText ?? '').catch(() => '')).not.toContain(
      'ann.embed',
    );
    expect(await page.frameLocator('iframe').getByText('ann.embed', { exact: true }).count()).toBe(0);
  });
});
