import { execFile, execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { TemplateProtocol } from '../../contract/serviceTemplate';
import { readerSettings } from '../server/fixtures/ldap';
import type { Slapd } from '../support/slapd';
import type { RunningPortal } from './harness';
import {
  api,
  apiToken,
  customerAdminWithOwnPassword,
  enterpriseOrder,
  newTokenPackId,
  operatorWithOwnPassword,
} from './harness-api';

/**
 * What the gateway journeys arrange through the API before a client signs in: the customer's directory
 * synchronised from the test slapd, its token pack's changes, and a service launched from a published
 * template of the provider's with the customer's connectors, started.
 */

/** Whether a command is installed (radclient, oathtool…): the journeys that need one are skipped without. */
export const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** A directory on slapd, synchronised (waited for); answers its id. */
export async function syncedLdapDirectory(
  portal: RunningPortal,
  token: string,
  customerId: string,
  slapd: Slapd,
): Promise<string> {
  const directory = await api<{ id: string }>(portal, `/idm-ldap/ldap/${customerId}`, {
    token,
    json: { name: 'Acme LDAP', type: 'LDAP', ...readerSettings(slapd) },
  });
  const syncPath = `/idm-ldap/ldap/${customerId}/${directory.id}/sync`;
  await api(portal, syncPath, { token, method: 'POST' });
  for (let waited = 0; ; waited++) {
    const state = await api<{ status: string }>(portal, syncPath, { token });
    if (state.status !== 'RUNNING') break;
    if (waited > 300) throw new Error('the synchronisation did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return directory.id;
}

/** Changes the token pack as its edit form does (multipart, the info part). */
export async function changePack(
  portal: RunningPortal,
  token: string,
  customerId: string,
  packId: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const info = new FormData();
  info.append('info', new Blob([JSON.stringify(changes)], { type: 'application/json' }));
  const answer = await fetch(`${portal.url}/api/idm-config/token-pack-v2/${customerId}/${packId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: info,
  });
  expect(answer.status, await answer.text()).toBe(200);
}

/** The customer's users by user name: their ids. */
export async function userIds(portal: RunningPortal, token: string, customerId: string) {
  const { content } = await api<{ content: { id: string; username: string }[] }>(
    portal,
    `/user-management/users/${customerId}/search?page=0&pageSize=50`,
    { token },
  );
  return new Map(content.map((user) => [user.username, user.id]));
}

export interface Launch {
  operatorToken: string;
  token: string;
  customerId: string;
  packId: string;
  /** The template's protocol and connector type ids. */
  protocol: TemplateProtocol;
  connectorTypeIds: number[];
  /** The template's short name (unique in the provider). */
  uname: string;
  name: string;
  connectors: { id: string; type: string; name: string }[];
}

/** The provider's template, published, and the customer's service launched from it and started: its id. */
export async function startedService(portal: RunningPortal, launch: Launch): Promise<string> {
  const form = new FormData();
  form.append(
    'json',
    new Blob(
      [
        JSON.stringify({
          uname: launch.uname,
          templateName: launch.name,
          shortDescription: `Two-factor sign-in (${launch.protocol}).`,
          description: `Your application asks the gateway for a second factor over ${launch.protocol}.`,
          protocol: launch.protocol,
          connectorIds: launch.connectorTypeIds,
        }),
      ],
      { type: 'application/json' },
    ),
  );
  const template = await fetch(`${portal.url}/api/service-mgmt/template/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${launch.operatorToken}` },
    body: form,
  });
  expect(template.status).toBe(201);
  const { id: templateId } = (await template.json()) as { id: string };
  await api(portal, '/service-mgmt/template/publish', {
    token: launch.operatorToken,
    json: { id: templateId },
  });
  const { token, customerId, packId } = launch;
  const pack = await api<{ subscriptionId: string }>(
    portal,
    `/idm-config/token-pack-v2/${customerId}/${packId}`,
    { token },
  );
  const launched = await api<{ id: string }>(portal, '/service-mgmt/service-launch/create-service', {
    token,
    json: {
      serviceTemplateId: templateId,
      customerId,
      name: launch.name,
      subscriptionId: pack.subscriptionId,
      tokenPackId: packId,
      connectors: launch.connectors,
    },
  });
  await api(portal, `/service-mgmt/service-instance/${customerId}/start`, {
    token,
    json: { id: launched.id },
  });
  return launched.id;
}

/** The OTP secret (base32) of a user for the service, as the OTP codes list shows it. */
export async function otpSecretOf(
  portal: RunningPortal,
  token: string,
  customerId: string,
  serviceId: string,
  username: string,
): Promise<string> {
  const { content } = await api<{ content: { username: string; seedNumber: string }[] }>(
    portal,
    `/idm-config/reactive/otp?customerId=${customerId}&serviceId=${serviceId}&pageNumber=0&pageSize=50`,
    { token },
  );
  const found = content.find((row) => row.username === username);
  if (!found) throw new Error(`no OTP secret for ${username}`);
  return found.seedNumber;
}

/** Runs `npm run authenticator -- …args` (the V-Key app's stand-in) against the portal: its output. */
export const authenticator = (portal: RunningPortal, args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/authenticator.ts', ...args, '--server', portal.url],
      { cwd: process.cwd(), timeout: 30_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );

/**
 * The pack's activation codes made, and the V-Key app activated with `username`'s by `npm run
 * authenticator -- activate`: the app's TOTP seed (base32).
 */
export async function activatedApp(
  portal: RunningPortal,
  token: string,
  customerId: string,
  packId: string,
  username: string,
): Promise<string> {
  await api(portal, `/idm-config/v2/reactive/activation-code/generate/${customerId}/${packId}`, {
    token,
    method: 'PUT',
  });
  const { content } = await api<{ content: { code: string; username: string }[] }>(
    portal,
    `/idm-config/v2/reactive/activation-code/${customerId}/search?tokenPackId=${packId}&page=0&pageSize=50`,
    { token },
  );
  const activation = content.find((row) => row.username === username);
  if (!activation) throw new Error(`no activation code for ${username}`);
  const activated = await authenticator(portal, ['activate', activation.code]);
  const seed = /totp seed: ([A-Z2-7]+)/.exec(activated)?.[1];
  if (!seed) throw new Error(`the app was not activated: ${activated}`);
  return seed;
}

/**
 * A theme of the customer for the web sign-in page: a background (#f3f0e8) and button colour (#2d4a22) of
 * its own, and `title` on its Web sign-in screen. Answers the theme, for a token pack to take.
 */
export async function signInTheme(
  portal: RunningPortal,
  token: string,
  customerId: string,
  title: string,
): Promise<{ id: string }> {
  const definition = await api<{
    commonDefs: { id: string; value: string }[];
    screenDefs: { id: string; fields: { id: string; value: string }[] }[];
  }>(portal, '/whitelabelapp/theme/default', { token });
  const fields = [...definition.commonDefs, ...definition.screenDefs.flatMap((screen) => screen.fields)];
  for (const field of fields) {
    if (field.id === 'backgroundColor') field.value = '#f3f0e8';
    if (field.id === 'buttonColor') field.value = '#2d4a22';
  }
  for (const field of definition.screenDefs.find((screen) => screen.id === 'web-sign-in')?.fields ?? []) {
    if (field.id === 'title') field.value = title;
  }
  return api<{ id: string }>(portal, '/whitelabelapp/theme/create', {
    token,
    json: { customerId, name: `${title} theme`, themeDefinition: definition },
  });
}

/**
 * A customer ready for web sign-in journeys: its administrator (own password), an Enterprise order (themes
 * included), a token pack whose primary directory is the test slapd's (synchronised) and whose theme is
 * signInTheme's with `title`.
 */
export async function webSignInCustomer(
  portal: RunningPortal,
  slapd: Slapd,
  who: { companyName: string; email: string; title: string },
) {
  const { token: operatorToken } = await operatorWithOwnPassword(portal);
  const admin = await customerAdminWithOwnPassword(portal, operatorToken, {
    companyName: who.companyName,
    email: who.email,
  });
  const token = await apiToken(portal, admin);
  const customerId = admin.customer.id;
  await enterpriseOrder(portal, token, operatorToken, customerId);
  const packId = await newTokenPackId(portal, token, customerId);
  const directoryId = await syncedLdapDirectory(portal, token, customerId, slapd);
  const theme = await signInTheme(portal, token, customerId, who.title);
  await changePack(portal, token, customerId, packId, { primaryDirectoryId: directoryId, themeId: theme.id });
  return { operatorToken, admin, token, customerId, packId };
}
