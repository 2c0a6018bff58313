import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../support/slapd';
import { expectAccessible, expectNoSideScroll } from './axe';
import {
  activatedApp,
  changePack,
  has,
  otpSecretOf,
  startedService,
  syncedLdapDirectory,
  userIds,
} from './gatewayWorld';
import { launchBrowser, type RunningPortal, signedInPage, startPortal } from './harness';
import {
  api,
  apiToken,
  customerAdminWithOwnPassword,
  freeOrder,
  newTokenPackId,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * Journey: a VPN signs its users in through the gateway, with Debian's own RADIUS clients against
 * `npm start` and a test OpenLDAP. A customer administrator's directory (synchronised from slapd), token
 * pack and started service with a RADIUS connector, arranged through the API; then `radtest` gets
 * Access-Accept for a user of the 2FA bypass list, `radclient` gets Access-Challenge then Access-Accept with
 * the code `oathtool` computes from a user's OTP secret, and with the code of the V-Key app activated by
 * `npm run authenticator -- activate`; a wrong password gets Access-Reject; an address no connector has
 * gets no answer. Then the administrator sees it all in the portal: the user's Troubleshooting log, the
 * connector's last request, the dashboard's sign-ins (axe, 1280 and 375 px).
 */

const TOOLS = has('radclient') && has('radtest') && has('oathtool');

/** A UDP port free now (bound, then released). */
const freeUdpPort = () =>
  new Promise<number>((resolve) => {
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });

/** Runs a command with `input` on stdin; answers its exit code and output. */
const run = (command: string, args: string[], input = '') =>
  new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
    // radtest reads no input: its end of the pipe may be closed before this is written.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });

describe.skipIf(!TOOLS)('a VPN signs its users in through the gateway (radclient, radtest, oathtool)', () => {
  let portal: RunningPortal;
  let slapd: Slapd;
  let browser: Browser;
  let radiusPort: number;
  let acme: { customer: { id: string }; email: string; password: string };
  let token: string;
  let secret: string;
  let connectorId: string;
  let packId: string;
  let serviceId: string;
  const ids = new Map<string, string>();

  const radclient = (attributes: Record<string, string>) =>
    run(
      'radclient',
      ['-x', '-t', '2', '-r', '1', `127.0.0.1:${radiusPort}`, 'auth', secret],
      `${Object.entries(attributes)
        .map(([name, value]) => `${name} = ${value}`)
        .join('\n')}\nMessage-Authenticator = 0x00\n`,
    );
  const stateOf = (output: string) => /State = (0x[0-9a-f]+)/i.exec(output)?.[1];
  const oathtool = async (seed: string) => (await run('oathtool', ['--totp', '-b', seed])).output.trim();

  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    radiusPort = await freeUdpPort();
    // The Free plan covers 10 users: all of the directory's.
    [slapd, portal] = await Promise.all([
      startSlapd({ users: 8 }),
      startPortal({ env: { RADIUS_PORT: String(radiusPort), RADIUS_REJECT_DELAY_MS: '0' } }),
    ]);
    const { token: operatorToken } = await operatorWithOwnPassword(portal);
    acme = await customerAdminWithOwnPassword(portal, operatorToken, {
      companyName: 'Acme VPN',
      email: 'ada.vpn@acme.example',
    });
    token = await apiToken(portal, acme);
    const customerId = acme.customer.id;
    await freeOrder(portal, token, customerId);
    packId = await newTokenPackId(portal, token, customerId);

    const directoryId = await syncedLdapDirectory(portal, token, customerId, slapd);
    await changePack(portal, token, customerId, packId, { primaryDirectoryId: directoryId });
    for (const [name, id] of await userIds(portal, token, customerId)) ids.set(name, id);
    expect(ids.size).toBe(8);

    const made = await api<{ id: string; sharedSecret: string }>(
      portal,
      `/idm-config/connectors/radius/${customerId}`,
      { token, json: { name: 'Office VPN', ipAddress: '127.0.0.1', mode: 'challenge' } },
    );
    connectorId = made.id;
    secret = made.sharedSecret;
    // The provider's VPN template (RADIUS), and the customer's service launched from it with the connector.
    serviceId = await startedService(portal, {
      operatorToken,
      token,
      customerId,
      packId,
      protocol: 'RADIUS',
      connectorTypeIds: [2],
      uname: 'vpn',
      name: 'Office VPN',
      connectors: [{ id: connectorId, type: 'radius', name: 'Office VPN' }],
    });
    // user00001 skips the second factor; the others get OTP secrets for the service.
    await api(portal, `/user-management/users/${customerId}/manage_service_users`, {
      token,
      json: { serviceId, addUserIds: [ids.get('user00001')], removeUserIds: [] },
    });
    await api(portal, `/idm-config/reactive/otp/${packId}/v2/generate?customerId=${customerId}`, {
      token,
      json: { serviceId },
    });
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (portal) expect(await portal.stop()).toBe(0);
    await slapd?.stop();
  });

  const otpSecretOfUser = (username: string) =>
    otpSecretOf(portal, token, acme.customer.id, serviceId, username);

  it('accepts a bypass user with the password alone (radtest)', async () => {
    const answer = await run('radtest', [
      'user00001',
      SLAPD_USER_PASSWORD,
      `127.0.0.1:${radiusPort}`,
      '0',
      secret,
    ]);
    expect(answer.output).toContain('Received Access-Accept');
  });

  it("challenges a user, then accepts the code oathtool makes from the user's OTP secret (radclient)", async () => {
    const challenge = await radclient({
      'User-Name': '"user00002"',
      'User-Password': `"${SLAPD_USER_PASSWORD}"`,
    });
    expect(challenge.output).toContain('Received Access-Challenge');
    expect(challenge.output).toContain('Enter the 6-digit code from your V-Key app.');
    const state = stateOf(challenge.output);
    expect(state).toBeTruthy();
    const code = await oathtool(await otpSecretOfUser('user00002'));
    expect(code).toMatch(/^\d{6}$/);
    const accepted = await radclient({
      'User-Name': '"user00002"',
      'User-Password': `"${code}"`,
      State: state!,
    });
    expect(accepted.output).toContain('Received Access-Accept');
  });

  it('refuses a wrong password', async () => {
    const answer = await radclient({ 'User-Name': '"user00003"', 'User-Password': '"not-the-password"' });
    expect(answer.output).toContain('Received Access-Reject');
    expect(answer.output).toContain('Sign-in refused.');
  });

  it('does not answer an address no connector has', async () => {
    const base = `/idm-config/connectors/radius/${acme.customer.id}/${connectorId}`;
    await api(portal, base, { token, method: 'PUT', json: { name: 'Office VPN', ipAddress: '127.0.0.9' } });
    try {
      const answer = await radclient({
        'User-Name': '"user00001"',
        'User-Password': `"${SLAPD_USER_PASSWORD}"`,
      });
      expect(answer.code).not.toBe(0);
      expect(answer.output).toMatch(/No reply/i);
      expect(answer.output).not.toContain('Received Access');
    } finally {
      await api(portal, base, { token, method: 'PUT', json: { name: 'Office VPN', ipAddress: '127.0.0.1' } });
    }
  });

  it('accepts the code of the V-Key app the user activated with npm run authenticator', async () => {
    const seed = await activatedApp(portal, token, acme.customer.id, packId, 'user00004');
    const challenge = await radclient({
      'User-Name': '"user00004"',
      'User-Password': `"${SLAPD_USER_PASSWORD}"`,
    });
    const accepted = await radclient({
      'User-Name': '"user00004"',
      'User-Password': `"${await oathtool(seed)}"`,
      State: stateOf(challenge.output)!,
    });
    expect(accepted.output).toContain('Received Access-Accept');
  });

  it("shows the administrator the user's sign-ins, the connector's last request and the dashboard's count", async () => {
    const page = await signedInPage(browser, portal, acme);
    await page.goto(`${portal.url}/users/${ids.get('user00002')}/show/troubleshooting`);
    const table = page.getByRole('table', { name: 'Sign-ins through the gateway' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await table.innerText()).toContain('Accepted with the password and the second factor');
    expect(await table.innerText()).toContain('Right password: the second factor was asked');
    await expectAccessible(page, "the user's troubleshooting log");
    await page.screenshot({ path: 'test-results/radius-user-log.png', fullPage: true });

    await page.goto(`${portal.url}/radius/${connectorId}/show`);
    await page.getByRole('heading', { name: 'Settings for your VPN' }).waitFor();
    expect(await page.getByText(String(radiusPort), { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText(/user00004, Accepted/).waitFor();
    await expectAccessible(page, "the RADIUS connector's page");
    await page.screenshot({ path: 'test-results/radius-connector.png', fullPage: true });

    // The dashboard's sign-ins panel counts the gateway's: four sign-ins accepted, one refused; two codes.
    const signIns = await api<{ series: { signIns: number; signInFailures: number; approvals: number }[] }>(
      portal,
      `/grafana/api/datasources/proxy/${acme.customer.id}/sign-ins`,
      { token },
    );
    const total = (field: 'signIns' | 'signInFailures' | 'approvals') =>
      signIns.series.reduce((sum, point) => sum + point[field], 0);
    expect(total('signIns')).toBeGreaterThanOrEqual(3);
    expect(total('signInFailures')).toBeGreaterThanOrEqual(1);
    expect(total('approvals')).toBeGreaterThanOrEqual(2);

    const phone = await signedInPage(browser, portal, acme, 375);
    await phone.goto(`${portal.url}/users/${ids.get('user00002')}/show/troubleshooting`);
    await phone
      .getByText('Accepted with the password and the second factor', { exact: false })
      .first()
      .waitFor();
    await expectNoSideScroll(phone, 'the troubleshooting log at 375 px');
    await expectAccessible(phone, 'the troubleshooting log at 375 px');
    await phone.goto(`${portal.url}/radius/${connectorId}/show`);
    await phone.getByRole('heading', { name: 'Settings for your VPN' }).waitFor();
    await phone.screenshot({ path: 'test-results/radius-connector-375.png', fullPage: true });
    await expectNoSideScroll(phone, "the RADIUS connector's page at 375 px");
    await expectAccessible(phone, "the RADIUS connector's page at 375 px");
  });
});
