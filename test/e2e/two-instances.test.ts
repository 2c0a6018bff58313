import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/localPortal.ts';
import { databaseUrlFor, onServer } from '../server/globalSetup.ts';
import { launchBrowser, type RunningPortal, startPortal } from './harness';
import { api, operatorWithOwnPassword } from './harness-api';

/**
 * Journey: two servers on one PostgreSQL behind nginx (README, "Running several instances"), neither with
 * JWT_SECRET: a token of one is accepted, and signed out, through the other; a QR sign-in shown by one is
 * approved through the other. Needs DATABASE_URL (a server where it may create a database) and nginx.
 */
const serverUrl = process.env.DATABASE_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const skipped = !serverUrl ? 'DATABASE_URL is not set' : !NGINX ? 'nginx is not installed' : undefined;
if (skipped) console.info(`two-instances.test.ts skipped: ${skipped}`);

describe.skipIf(skipped)('two instances on one PostgreSQL behind nginx', () => {
  const database = `startup_${randomBytes(6).toString('hex')}`;
  let a: RunningPortal;
  let b: RunningPortal;
  let nginx: ChildProcess | undefined;
  let nginxDir: string;
  let proxyUrl: string;
  let browser: Browser;
  let password: string;

  beforeAll(async () => {
    await onServer(serverUrl!, `create database ${database}`);
    const env = {
      DATABASE_URL: databaseUrlFor(serverUrl!, database),
      SECRETS_KEY: 'two-instances-journey-secrets-key-0123456789',
      TRUST_PROXY: 'loopback',
    };
    a = await startPortal({ env });
    b = await startPortal({ env, operator: a.operator });
    ({ password } = await operatorWithOwnPassword(a));

    nginxDir = await mkdtemp(path.join(os.tmpdir(), 'portal-nginx-'));
    const port = await freePort();
    const upstream = (portal: RunningPortal) => `server ${new URL(portal.url).host};`;
    await writeFile(
      path.join(nginxDir, 'nginx.conf'),
      `daemon off;
pid ${nginxDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream portal { ${upstream(a)} ${upstream(b)} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
    nginx = spawn(NGINX!, ['-e', 'stderr', '-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    nginx.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    proxyUrl = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${proxyUrl}/login`, { headers: { accept: 'text/html' } }).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || tries > 40) throw new Error(`nginx did not start: ${errors}`);
      await sleep(250);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    if (nginxDir) await rm(nginxDir, { recursive: true, force: true });
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await onServer(serverUrl!, `drop database if exists ${database} with (force)`);
    expect(codes).toEqual([a ? 0 : undefined, b ? 0 : undefined]);
  });

  const permissionsStatus = async (base: string, token: string) =>
    (
      await fetch(`${base}/api/account/permission?flattern=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status;

  it('accepts a token of A on B, and refuses it on A once signed out through B', async () => {
    const { token } = await api<{ token: string }>(a, '/auth/signin', {
      json: { login: a.operator.email, password },
    });
    expect(await permissionsStatus(b.url, token)).toBe(200);
    const signout = await fetch(`${b.url}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signout.status).toBe(204);
    expect(await permissionsStatus(a.url, token)).toBe(401);
  });

  it('serves every call through nginx, whichever instance answers', async () => {
    const signin = await fetch(`${proxyUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: a.operator.email, password }),
    });
    expect(signin.status).toBe(200);
    const { token } = (await signin.json()) as { token: string };
    // nginx takes the instances in turn: four calls reach both.
    for (let call = 0; call < 4; call++) expect(await permissionsStatus(proxyUrl, token)).toBe(200);
    const signout = await fetch(`${proxyUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signout.status).toBe(204);
    for (let call = 0; call < 4; call++) expect(await permissionsStatus(proxyUrl, token)).toBe(401);
  });

  it('signs the browser on A in once the app approves its QR code through B', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const sessions: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/api/v-key-seamless/init-session')) {
        sessions.push(((await response.json()) as { sessionId: string }).sessionId);
      }
    });
    await page.goto(`${a.url}/login`);
    await page.waitForURL(/\/login\?client_id=/);
    await page.getByRole('tab', { name: 'QR Code Login' }).click();
    await page.getByRole('img', { name: 'Scan with V-Key app to log in' }).waitFor();
    await expect.poll(() => sessions.length).toBe(1);
    const run = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'authenticator',
        '--',
        'approve',
        sessions[0]!,
        '--user',
        a.operator.email,
        '--password',
        password,
        '--server',
        b.url,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`approved session ${sessions[0]}`);
    await page.waitForURL('**/report');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  });
});
