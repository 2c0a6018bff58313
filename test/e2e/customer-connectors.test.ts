import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { launchBrowser, type RunningPortal, signInOnPage, startPortal } from './harness';
import { customerAdminWithOwnPassword, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: a customer administrator registers one connector of each kind: a VPN over RADIUS (its shared
 * secret shown once), a SAML 2.0 application from a known provider's defaults (its metadata downloaded), an
 * Office 365 connector (its federation script made and downloaded), an OIDC client (its secret revealed) and
 * an HTTPS API (its key shown once); then the lists at 375 px. axe runs on every screen and state.
 */
describe("a customer administrator's connectors", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token } = await operatorWithOwnPassword(portal);
    const admin = await customerAdminWithOwnPassword(portal, token, {
      companyName: 'Initech Connectors',
      email: 'casey.connectors@initech.example',
    });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInOnPage(page, portal, admin, /\/(token-pack-v2|report)/);
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const menu = () => page.getByRole('menu');
  const main = () => page.getByRole('main');
  const open = async (label: string, path: string) => {
    await menu().getByRole('menuitem', { name: label, exact: true }).click();
    await page.waitForURL(`**/${path}`);
  };
  const createFromList = async (path: string) => {
    await main().getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL(`**/${path}/create`);
  };
  const secretIn = async (dialogName: string, fieldName: string) => {
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    return dialog.getByRole('textbox', { name: fieldName }).inputValue();
  };

  it('adds a RADIUS connector and sees its shared secret once', async () => {
    await open('RADIUS', 'radius');
    await page.getByText('No RADIUS connector yet').waitFor();
    await expectAccessible(page, '/radius, empty');
    await createFromList('radius');
    await page.getByRole('textbox', { name: 'IP address' }).fill('10.20.30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter an IPv4 address').waitFor();
    await expectAccessible(page, '/radius/create, invalid');
    await page.getByRole('textbox', { name: 'Name' }).fill('Branch VPN');
    await page.getByRole('textbox', { name: 'IP address' }).fill('10.20.30.40');
    await page.getByRole('button', { name: 'Save' }).click();
    const secret = await secretIn('Shared secret', 'Shared secret');
    expect(secret).toMatch(/^[A-Za-z0-9]{24}$/);
    await expectAccessible(page, 'shared secret dialog');
    await page.screenshot({ path: 'test-results/connectors-radius-secret.png' });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/radius\/[^/]+\/show$/);
    // This journey's server runs no RADIUS server (RADIUS_PORT=0): the page says so rather than a port.
    await main()
      .getByText(/turned off on this server \(RADIUS_PORT=0\)/)
      .waitFor();
    await main().getByRole('heading', { name: 'Settings for your VPN' }).waitFor();
    expect(await main().textContent()).not.toContain(secret);
    await expectAccessible(page, 'RADIUS connector');

    // The same IP again: the spec's message, naming the connector that holds it, under the IP address field,
    // which is marked invalid; the name typed stays.
    await open('RADIUS', 'radius');
    await createFromList('radius');
    await page.getByRole('textbox', { name: 'Name' }).fill('Second VPN');
    const ip = page.getByRole('textbox', { name: 'IP address' });
    await ip.fill('10.20.30.40');
    await page.getByRole('button', { name: 'Save' }).click();
    const taken =
      "There is one existing connector with this IP already. Please check your IP again! It is the connector 'Branch VPN'.";
    await page.getByText(taken).waitFor();
    const describedBy = await ip.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(describedBy).toContain(taken);
    expect(await ip.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Second VPN');
    // Said once, under its field: no notification repeats it.
    expect(await page.getByText(taken).count()).toBe(1);
    await expectAccessible(page, '/radius/create, IP taken');
  });

  it('adds a SAML 2.0 connector from GitLab’s defaults and downloads its metadata', async () => {
    await open('SAML2.0', 'saml2');
    await createFromList('saml2');
    await page.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'GitLab' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Provider name' }).inputValue()).toBe('GitLab');
    await page.getByRole('textbox', { name: 'URL suffix' }).pressSequentially('initech-gitlab');
    await page.getByText('This URL suffix is free.').waitFor();
    await page.getByRole('textbox', { name: 'Entity ID' }).fill('https://gitlab.initech.example');
    await page
      .getByRole('textbox', { name: 'Assertion consumer service URL' })
      .fill('https://gitlab.initech.example/users/auth/saml/callback');
    await expectAccessible(page, '/saml2/create, filled');
    await page.screenshot({ path: 'test-results/connectors-saml2-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/saml2\/[^/]+\/show$/);
    await main().getByText(`${portal.url}/saml2/initech-gitlab/sso`).waitFor();
    await expectAccessible(page, 'SAML 2.0 connector');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download metadata' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('initech-gitlab-idp-metadata.xml');
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml).toContain(`entityID="${portal.url}/saml2/initech-gitlab"`);
    expect(xml).toContain('<ds:X509Certificate>');
    await page.screenshot({ path: 'test-results/connectors-saml2-show.png', fullPage: true });
  });

  it('adds an Office 365 connector and makes its federation script', async () => {
    await open('Office 365', 'saml');
    await createFromList('saml');
    // The gateway's address and certificate are filled in.
    await expect.poll(() => page.getByRole('textbox', { name: 'Gateway URL' }).inputValue()).toBe(portal.url);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Signing certificate' }).inputValue())
      .toContain('BEGIN CERTIFICATE');
    await page.getByRole('textbox', { name: 'Name' }).fill('Initech 365');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/saml\/[^/]+\/show$/);
    await page.getByRole('tab', { name: 'Federation script' }).click();
    await page.getByRole('textbox', { name: 'Domain' }).fill('initech.example');
    await page.getByRole('button', { name: 'Make the script' }).click();
    const script = page.getByRole('region', { name: 'Federation script' });
    await script.waitFor();
    expect(await script.textContent()).toContain(
      'New-MgDomainFederationConfiguration -DomainId $domainId @federation',
    );
    await expectAccessible(page, 'federation script');
    await page.screenshot({ path: 'test-results/connectors-saml-script.png', fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('federate-initech.example.ps1');
    expect(readFileSync(await download.path(), 'utf8')).toContain("$domainId = 'initech.example'");
  });

  it('adds an OIDC client and reveals its secret', async () => {
    await open('OIDC', 'oidc');
    await createFromList('oidc');
    await page.getByRole('textbox', { name: 'Client name' }).fill('Initech portal');
    await page.getByRole('textbox', { name: 'Redirect URLs' }).fill('http://portal.initech.example/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('is not a redirect URL').waitFor();
    await expectAccessible(page, '/oidc/create, invalid redirect');
    await page
      .getByRole('textbox', { name: 'Redirect URLs' })
      .fill('https://portal.initech.example/callback\nhttp://localhost:3000/callback');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/oidc\/[^/]+\/show$/);
    await main().getByText('Token endpoint').waitFor();
    await page.getByRole('button', { name: 'Show client secret' }).click();
    const secret = await secretIn('Client secret', 'Client secret');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'client secret dialog');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectAccessible(page, 'OIDC client');
    const signOut = main().getByText('End session (sign-out) endpoint').locator('xpath=ancestor::li[1]');
    expect(await signOut.textContent()).toMatch(/\/realms\/r-[0-9a-f]{32}\/protocol\/openid-connect\/logout/);
    await page.screenshot({ path: 'test-results/connectors-oidc-show.png', fullPage: true });
  });

  it('adds an HTTPS connector and sees its API key once', async () => {
    await open('HTTPS', 'https');
    await createFromList('https');
    await page.getByRole('textbox', { name: 'Name' }).fill('Initech API');
    await page.getByRole('button', { name: 'Save' }).click();
    const key = await secretIn('API key', 'API key');
    expect(key).toMatch(/^gwk_[A-Za-z0-9]{40}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/https\/[^/]+\/show$/);
    await main().getByText(key.slice(0, 12)).waitFor();
    expect(await main().textContent()).not.toContain(key);
    await expectAccessible(page, 'HTTPS connector');
  });

  it('fits a phone: the connector lists and a connector at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, name] of [
      ['radius', 'Branch VPN'],
      ['oidc', 'Initech portal'],
      ['saml2', 'GitLab'],
    ] as const) {
      await page.goto(`${portal.url}/${path}`);
      await main().getByText(name, { exact: true }).waitFor();
      await expectNoSideScroll(page, `/${path} at 375 px`);
      await expectAccessible(page, `/${path} at 375 px`);
    }
    await main().getByText('GitLab', { exact: true }).click();
    await page.waitForURL(/\/saml2\/[^/]+\/show$/);
    await main().getByText('Single sign-on URL').waitFor();
    await expectNoSideScroll(page, 'SAML 2.0 connector at 375 px');
    await expectAccessible(page, 'SAML 2.0 connector at 375 px');
    await page.screenshot({ path: 'test-results/connectors-saml2-375.png', fullPage: true });
  });
});
