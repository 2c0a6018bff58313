import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  freeOrder,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: after an approved order (a Free plan, approved when placed), a customer administrator launches a
 * VPN service from a published RADIUS template with a new RADIUS connector and a new HTTPS connector, puts
 * two users on its 2FA bypass list, starts it, downloads its installer profile, runs the VPN setup wizard
 * to the end, and trusts a network for its token pack. axe on every screen; the gallery and the service
 * page at 375 px.
 */
describe("a customer administrator's services", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let acme: { customer: { id: string }; email: string; password: string };
  let serviceId: string;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token: operator } = await operatorWithOwnPassword(portal);

    // The provider publishes a VPN template that needs a RADIUS and an HTTPS connector.
    const form = new FormData();
    form.append(
      'json',
      new Blob(
        [
          JSON.stringify({
            uname: 'corporate-vpn',
            templateName: 'Corporate VPN',
            shortDescription: 'Two-factor sign-in for a VPN over RADIUS.',
            description: 'Your VPN asks the gateway for a second factor over RADIUS.',
            protocol: 'RADIUS',
            connectorIds: [2, 7],
          }),
        ],
        { type: 'application/json' },
      ),
    );
    const created = await fetch(`${portal.url}/api/service-mgmt/template/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { id: templateId } = (await created.json()) as { id: string };
    await api(portal, '/service-mgmt/template/publish', { token: operator, json: { id: templateId } });

    acme = await customerAdminWithOwnPassword(portal, operator, {
      companyName: 'Acme Services',
      email: 'ada.services@acme.example',
    });
    const token = await apiToken(portal, acme);

    // An approved order: the Free plan, approved when placed, with its subscription and token pack.
    await freeOrder(portal, token, acme.customer.id);
    // Three users, from a CSV import into a REST directory of the customer's.
    await csvDirectory(portal, token, acme.customer.id, [
      ['ann', 'ann@acme.example', 'Ann Archer'],
      ['bob', 'bob@acme.example', 'Bob Baker'],
      ['cat', 'cat@acme.example', 'Cat Cole'],
    ]);

    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const signedIn = (width = 1280) => signedInPage(browser, portal, acme, width);

  it('launches a VPN service from the gallery with a new RADIUS and a new HTTPS connector', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/service-launch`);
    // The approval of the order made the token pack's first service.
    await page.getByText('Free Token Pack Service').waitFor();
    await expectAccessible(page, 'services');
    await page.screenshot({ path: 'test-results/services-list.png' });
    await page.getByRole('link', { name: 'Launch a service' }).first().click();

    await page.getByRole('heading', { name: 'RADIUS' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search templates' }).pressSequentially('CORPORATE');
    await page.getByRole('region', { name: 'RADIUS' }).getByText('Corporate VPN').waitFor();
    await expectAccessible(page, 'the service gallery');
    await page.screenshot({ path: 'test-results/services-gallery.png' });
    await page.getByRole('link', { name: /Corporate VPN/ }).click();

    await page.waitForURL('**/service-launch/create/**');
    // The only subscription and its only token pack are chosen.
    await page
      .getByRole('combobox', { name: /Token pack/ })
      .getByText('Free Token Pack')
      .waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Acme VPN');
    await page.getByRole('button', { name: 'Create new RADIUS connector' }).click();
    let dialog = page.getByRole('dialog', { name: 'New RADIUS connector' });
    await dialog.getByRole('textbox', { name: 'Connector name' }).fill('Branch RADIUS');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create new HTTPS connector' }).click();
    dialog = page.getByRole('dialog', { name: 'New HTTPS connector' });
    await dialog.getByRole('textbox', { name: 'Connector name' }).fill('Branch API');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('(New) Branch RADIUS').waitFor();
    await expectAccessible(page, 'the launch form');
    await page.screenshot({ path: 'test-results/services-launch-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Launch' }).click();

    // The new HTTPS connector's API key, shown once before the service opens.
    const shown = page.getByRole('dialog', { name: 'API key of Branch API' });
    expect(await shown.getByRole('textbox', { name: 'API key' }).inputValue()).toMatch(
      /^gwk_[A-Za-z0-9]{40}$/,
    );
    await expectAccessible(page, 'the new API key');
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/service-launch\/[0-9a-f-]{36}$/);
    serviceId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('This service is stopped').waitFor();
    await expectAccessible(page, 'the service page');
    await page.screenshot({ path: 'test-results/services-page.png', fullPage: true });
  });

  it('puts two users on the 2FA bypass list', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/service-launch/${serviceId}`);
    await page.getByRole('tab', { name: '2FA Bypass List' }).click();
    await page.getByText('No user bypasses the second factor on this service.').waitFor();
    await page.getByRole('button', { name: 'Add users' }).click();
    const picker = page.getByRole('dialog', { name: 'Add users to the 2FA bypass list' });
    await picker.getByRole('button', { name: 'Select (0) users' }).waitFor();
    expect(await picker.getByRole('button', { name: 'Select (0) users' }).isDisabled()).toBe(true);
    const available = picker.getByRole('list', { name: 'Users' });
    await available.getByRole('checkbox').first().click();
    await available.getByRole('checkbox').first().click();
    await expectAccessible(page, 'the bypass list picker');
    await picker.getByRole('button', { name: 'Select (2) users' }).click();
    await page.getByText('2 users added').waitFor();
    await page
      .getByRole('main')
      .getByText(/@acme\.example/)
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/@acme\.example/)
        .count(),
    ).toBe(2);
    await expectAccessible(page, 'the bypass list');
  });

  it('starts the service and downloads its installer profile', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/service-launch/${serviceId}`);
    const download = page.getByRole('button', { name: 'Download Installer Profile' });
    await download.waitFor();
    expect(await download.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Service started').waitFor();
    await page.getByText('This service is stopped').waitFor({ state: 'hidden' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('installer_profile.txt');
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain(`serviceId=${serviceId}`);
    expect(text).toContain('serviceName=Acme VPN');
    expect(text).toContain('httpsConnectorName=Branch API');
    expect(text).not.toMatch(/gwk_[A-Za-z0-9_-]{20,}/);
  });

  it('runs the VPN setup wizard to the end', async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/service-launch/${serviceId}`);
    await page.getByRole('link', { name: 'Setup wizard' }).click();
    await page.waitForURL(`**/wizard/${serviceId}`);
    await page.getByText('Two-factor sign-in for your VPN').waitFor();
    await expectAccessible(page, 'the wizard, welcome');
    await page.getByRole('button', { name: 'Start' }).click();
    await page
      .getByRole('combobox', { name: /RADIUS connector/ })
      .getByText('Branch RADIUS')
      .waitFor();
    await expectAccessible(page, 'the wizard, RADIUS connector');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Enter these settings as the RADIUS authentication server of your VPN.').waitFor();
    // This journey's server runs no RADIUS server (RADIUS_PORT=0): the step says so rather than a port.
    await page.getByText(/turned off on this server \(RADIUS_PORT=0\)/).waitFor();
    await expectAccessible(page, 'the wizard, finish');
    await page.screenshot({ path: 'test-results/services-wizard-finish.png', fullPage: true });
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL(`**/service-launch/${serviceId}`);

    const token = await apiToken(portal, acme);
    const pack = await api<{ wizardStatus: string }>(
      portal,
      `/idm-config/token-pack-v2/get-tokenpack-by-service-id/${serviceId}?customerId=${acme.customer.id}`,
      { token },
    );
    expect(pack.wizardStatus).toBe('COMPLETED');
  });

  it("trusts a network for the service's token pack", async () => {
    const page = await signedIn();
    await page.goto(`${portal.url}/token-pack-v2`);
    await page.getByText('Free Token Pack').click();
    await page.getByRole('tab', { name: 'Trusted Networks' }).click();
    await expectAccessible(page, 'trusted networks, none');
    await page.getByRole('button', { name: 'Add network' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a trusted network' });
    await dialog.getByRole('textbox', { name: /IP address or range/ }).fill('203.0.113.7/24');
    await dialog.getByRole('button', { name: 'Add network' }).click();
    await page.getByRole('main').getByText('203.0.113.0/24').waitFor();
    await expectAccessible(page, 'trusted networks');
    await page.screenshot({ path: 'test-results/services-trusted-networks.png', fullPage: true });
  });

  it('works at 375 px', async () => {
    const page = await signedIn(375);
    await page.goto(`${portal.url}/service-launch/create`);
    await page.getByRole('link', { name: /Corporate VPN/ }).waitFor();
    await expectNoSideScroll(page, 'the gallery at 375 px');
    await page.goto(`${portal.url}/service-launch/${serviceId}`);
    await page.getByRole('tab', { name: 'Info' }).waitFor();
    await expectNoSideScroll(page, 'the service page at 375 px');
    await expectAccessible(page, 'the service page at 375 px');
    await page.screenshot({ path: 'test-results/services-page-375.png', fullPage: true });
    await page.goto(`${portal.url}/token-pack-v2`);
    await page.getByText('Free Token Pack').waitFor();
    await expectNoSideScroll(page, 'token packs at 375 px');
  });
});
