import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoSideScroll } from './axe';
import { type Credentials, launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import {
  api,
  apiToken,
  csvDirectory,
  customerAdminWithOwnPassword,
  freeOrder,
  newTokenPackId,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a customer administrator generates activation codes for a token pack's users, emails one (the
 * operator reads it in the Outbox, with its QR code), a user activates the app with
 * `npm run authenticator -- activate`, the row turns ACTIVATED, and the administrator downloads the zip of
 * QR codes of a selection. axe on every screen; the codes page at 375 px.
 */
describe("a customer administrator's activation codes", () => {
  let portal: RunningPortal;
  let browser: Browser;
  let operator: { email: string; password: string };
  let acme: { customer: { id: string }; email: string; password: string };
  let packId: string;

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    portal = await startPortal();
    const { token: operatorToken, password } = await operatorWithOwnPassword(portal);
    operator = { email: portal.operator.email, password };
    acme = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Acme Enrollment',
      email: 'ada.enrol@acme.example',
    });
    const token = await apiToken(portal, acme);

    // An approved order (Free, approved when placed) gives the token pack.
    await freeOrder(portal, token, acme.customer.id);
    packId = await newTokenPackId(portal, token, acme.customer.id);

    // Three users, from a CSV import into a directory that becomes the pack's primary directory.
    const directoryId = await csvDirectory(portal, token, acme.customer.id, [
      ['ann', 'ann@acme.example', 'Ann Archer'],
      ['bob', 'bob@acme.example', 'Bob Baker'],
      ['cat', 'cat@acme.example', 'Cat Cole'],
      // The administrator is a user of the directory too: the app activated with her code is her second factor.
      ['ada', acme.email, 'Ada Admin'],
    ]);
    const info = new FormData();
    info.append(
      'info',
      new Blob([JSON.stringify({ primaryDirectoryId: directoryId })], { type: 'application/json' }),
    );
    const updated = await fetch(`${portal.url}/api/idm-config/token-pack-v2/${acme.customer.id}/${packId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: info,
    });
    expect(updated.status).toBe(200);

    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
  });

  const signedIn = (who: Credentials, width = 1280) => signedInPage(browser, portal, who, width);

  /** `npm run authenticator -- …` against this journey's server. */
  const authenticator = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/authenticator.ts', ...args, '--server', portal.url],
        { cwd: process.cwd(), timeout: 30_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });

  // A row picked by a cell holding exactly the username: a plain text filter also matches
  // the random codes and secrets of other rows ("ann" in a base32 secret).
  const rowOf = (page: Page, username: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

  const codeOf = async (page: Page, username: string) =>
    (await rowOf(page, username).getByRole('cell').nth(1).innerText()).trim();

  it('generates a code for each user of the pack and emails one, which the operator reads in the Outbox', async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/token-pack-v2/${packId}/show`);
    await page.getByRole('link', { name: 'Activation codes' }).click();
    await page.waitForURL(`**/activation-code/${packId}`);
    await expectAccessible(page, 'activation codes, none yet');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Generated 4 activation codes').waitFor();
    await page.getByRole('button', { name: 'Re-generate all' }).waitFor();
    await expectAccessible(page, 'activation codes');
    await expectNoSideScroll(page, 'activation codes at 1280 px');
    await page.screenshot({ path: 'test-results/enrollment-codes.png', fullPage: true });

    const code = await codeOf(page, 'bob');
    await page.getByRole('button', { name: 'Send the code of bob by email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the activation code by email' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Email must not be empty').waitFor();
    await expectAccessible(page, 'send by email, empty address');
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('bob@acme.example');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The activation code is sent successfully').waitFor();

    const outbox = await signedIn(operator);
    await outbox.goto(`${portal.url}/outbox`);
    await outbox.getByText('bob@acme.example').click();
    const message = outbox.frameLocator('iframe');
    await message.getByText(code).first().waitFor();
    expect(await message.locator('img').count()).toBeGreaterThan(0);
    await expectAccessible(outbox, 'the outbox message');
    await outbox.screenshot({ path: 'test-results/enrollment-outbox.png', fullPage: true });
  });

  it('turns ACTIVATED once the app activates with the code, which then cannot be used again', async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/activation-code/${packId}`);
    const code = await codeOf(page, 'ann');
    const run = (args: string[]) => authenticator(['activate', ...args]);
    const first = await run([code]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('activated the app as ann');
    const again = await run([code]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This activation code has been used already.');

    await page.reload();
    await rowOf(page, 'ann').getByText('Activated').waitFor();
  });

  it('downloads the zip of the QR codes of the selected rows', async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/activation-code/${packId}`);
    for (const name of ['bob', 'cat']) {
      await rowOf(page, name).getByRole('checkbox').check();
    }
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Zip QR Code' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const entries = Object.keys(unzipSync(new Uint8Array(readFileSync(await file.path()))));
    expect(entries.sort()).toEqual(['bob.png', 'cat.png']);
  });

  it("hands OTP codes to the users of the pack's service: generated, emailed, re-generated and deleted", async () => {
    const page = await signedIn(acme);
    const token = await apiToken(portal, acme);
    const services = await api<{ id: string; instanceName: string }[]>(
      portal,
      `/service-mgmt/service-instance/${acme.customer.id}/list`,
      { token },
    );
    const serviceId = services.find((one) => one.instanceName === 'Free Token Pack Service')?.id;
    expect(serviceId, 'the Free order made the pack its first service').toBeTruthy();
    await page.goto(`${portal.url}/service-launch/${serviceId}`);
    await page.getByRole('link', { name: 'OTP codes' }).click();
    await page.waitForURL('**/otp?**');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Generated 4 OTP codes').waitFor();
    await page.getByRole('button', { name: 'Re-generate all' }).waitFor();
    await expectAccessible(page, 'OTP codes');
    await page.screenshot({ path: 'test-results/enrollment-otp.png', fullPage: true });

    const secretOf = async (username: string) =>
      (await rowOf(page, username).innerText()).match(/[A-Z2-7]{32}/)?.[0];
    await page.getByRole('button', { name: 'Send the OTP code of bob by email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the OTP code by email' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('1 selected OTP code is sent successfully.').waitFor();

    const before = await secretOf('ann');
    expect(before).toBeTruthy();
    await page.getByRole('button', { name: 'Re-generate the OTP code of ann' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Re-generate OTP successfully.').waitFor();
    await expect.poll(() => secretOf('ann')).not.toBe(before);

    await rowOf(page, 'cat').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText("Delete selected user's OTP.").waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Deleted 1 OTP codes').waitFor();
    await expectAccessible(page, 'OTP codes after the changes');

    const phone = await signedIn(acme, 375);
    await phone.goto(page.url());
    await phone.getByText('bob').first().waitFor();
    await expectNoSideScroll(phone, 'OTP codes at 375 px');
    await expectAccessible(phone, 'OTP codes at 375 px');
    await phone.screenshot({ path: 'test-results/enrollment-otp-375.png', fullPage: true });
  });

  it('works at 375 px', async () => {
    const page = await signedIn(acme, 375);
    await page.goto(`${portal.url}/activation-code/${packId}`);
    await page.getByText('bob').first().waitFor();
    await expectNoSideScroll(page, 'activation codes at 375 px');
    await expectAccessible(page, 'activation codes at 375 px');
  });

  it("makes the administrator's activated app her second factor: turned on in My Account, then approving her sign-in", async () => {
    const page = await signedIn(acme);
    await page.goto(`${portal.url}/activation-code/${packId}`);
    const activated = await authenticator([
      'activate',
      await codeOf(page, 'ada'),
      '--device',
      'Pixel 9 of Ada',
    ]);
    expect(activated.code, activated.stderr).toBe(0);
    expect(activated.stdout).toContain('activated the app as ada');
    const seed = /totp seed: ([A-Z2-7]+)/.exec(activated.stdout)?.[1];
    expect(seed).toBeTruthy();

    await page.goto(`${portal.url}/my-account/security`);
    await page.getByRole('table', { name: 'Your V-Key app devices' }).getByText('Pixel 9 of Ada').waitFor();
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Signing in now asks for your approval in the V-Key app.').waitFor();
    await expectAccessible(page, 'My Account, Security');
    await page.screenshot({ path: 'test-results/enrollment-security.png', fullPage: true });

    // The next sign-in waits for the app, which approves it.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const next = await context.newPage();
    await next.goto(`${portal.url}/login`);
    await next.getByRole('textbox', { name: 'Email' }).fill(acme.email);
    await next.getByLabel('Password', { exact: true }).fill(acme.password);
    await next.getByRole('button', { name: 'Sign In' }).click();
    await next.getByText('Approve this sign-in in the V-Key app').waitFor();
    const requestId = /Request (\S+)/.exec(await next.getByText(/^Request /).innerText())?.[1];
    expect(requestId).toBeTruthy();
    await expectAccessible(next, 'the second step of the sign-in at 375 px');
    await expectNoSideScroll(next, 'the second step of the sign-in at 375 px');
    await next.screenshot({ path: 'test-results/enrollment-second-factor.png', fullPage: true });
    const approved = await authenticator(['approve-2fa', requestId!, '--seed', seed!]);
    expect(approved.code, approved.stderr).toBe(0);
    await next.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The troubleshooting log shows the device's sign-in.
    await page.goto(`${portal.url}/users`);
    await page.getByRole('row').filter({ hasText: 'Ada Admin' }).first().click();
    await page.getByRole('tab', { name: 'Troubleshooting log' }).click();
    const device = page.getByRole('row').filter({ hasText: 'Pixel 9 of Ada' });
    await device.waitFor();
    expect((await device.getByRole('cell').nth(2).innerText()).trim()).not.toBe('—');
  });
});
