/**
 * The real portal on this machine, for the journeys (test/e2e) and the browser measures of `npm run bench`:
 * `scripts/start.mjs` as `npm start` runs it (it builds dist/ first when stale), on a free port with a new
 * data folder, and Debian's chromium with the launch options this machine needs (shared/stack.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The chromium features turned off: playwright-core 1.65's own list (its `--disable-features`), and the
 * omnibox popup's WebUI, which chromium 156 loads for every new window, headless too: 56 requests and
 * tasks of up to 120 ms in a renderer of its own for each browser context, competing on this 2-core machine
 * with the page under test (a trace of the sign-in page's first paint showed them). Chromium reads the last
 * `--disable-features` switch only (tried: a second one undid the first), so the two lists go in one, after
 * playwright's.
 */
const DISABLED_FEATURES = [
  // playwright-core 1.65 (server/chromium/chromiumSwitches.ts)
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // the omnibox popup's WebUI (Puppeteer turns these off too)
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ],
  });

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

export interface LocalServer {
  url: string;
  /** What the server printed so far. */
  output: () => string;
  /** Sends SIGTERM, waits for the exit, removes the data folder; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the server and waits until it answers /login. `env` is added to the environment (an empty data
 * folder, PGlite and a generated secret are always set); `startTimeoutMs` bounds the start, build included.
 */
export async function startLocalServer({
  env = {},
  startTimeoutMs = 120_000,
}: {
  env?: Record<string, string>;
  startTimeoutMs?: number;
} = {}): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-local-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: '',
      INITIAL_OPERATOR_PASSWORD: '',
      // Several servers run at once here: none takes the RADIUS port unless asked (env RADIUS_PORT).
      RADIUS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    await rm(dataDir, { recursive: true, force: true });
    return code;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited early:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start in time:\n${output}`);
    }
    const ready = await fetch(`${url}/login`, { headers: { accept: 'text/html' } }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, output: () => output, stop };
    await sleep(250);
  }
}
