import type { Browser, Page } from 'playwright-core';
import { launchBrowser as launchChromium, startLocalServer } from '../../scripts/localPortal.ts';
import { watchBrowser } from './failureEvidence';

/** Debian's chromium, whose pages are photographed and read out when a journey fails (failureEvidence.ts). */
export const launchBrowser = async (): Promise<Browser> => watchBrowser(await launchChromium());

export interface RunningPortal {
  url: string;
  operator: { email: string; password: string };
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the portal as a new user would (`npm start`), on a free port and an empty data folder, with the
 * settings of `env` (e.g. FRAME_ANCESTORS, or DATABASE_URL and SECRETS_KEY for PostgreSQL) over
 * OUTBOUND_ALLOW=loopback (the journeys' slapd and directories listen on loopback). `startTimeoutMs`
 * bounds the start, build of dist/ included when it is stale. `operator`: a server joining a database
 * another one has seeded prints no initial operator; it is that server's.
 */
export const startPortal = async ({
  startTimeoutMs = 120_000,
  env = {},
  operator,
}: {
  startTimeoutMs?: number;
  env?: Record<string, string>;
  operator?: RunningPortal['operator'];
} = {}): Promise<RunningPortal> => {
  const server = await startLocalServer({
    startTimeoutMs,
    env: { OUTBOUND_ALLOW: '127.0.0.0/8,::1/128', ...env },
  });
  if (operator) return { ...server, operator };
  const match = server.output().match(/^initial operator: (\S+) (\S+)$/m);
  if (!match) {
    await server.stop();
    throw new Error(`no initial operator line was printed:\n${server.output()}`);
  }
  return { ...server, operator: { email: match[1]!, password: match[2]! } };
};

/** Who signs in on the sign-in page. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs `who` in on `page` as a person does (the sign-in page, email, password, Sign In) and waits until the
 * portal has left the sign-in page (or reached `landing`).
 */
export const signInOnPage = async (
  page: Page,
  portal: RunningPortal,
  who: Credentials,
  landing: string | RegExp | ((url: URL) => boolean) = (url) => !url.pathname.startsWith('/login'),
): Promise<void> => {
  await page.goto(`${portal.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(landing);
};

/** A page of a new browser context (`width` × 900, downloads accepted) on which `who` has signed in. */
export const signedInPage = async (
  browser: Browser,
  portal: RunningPortal,
  who: Credentials,
  width = 1280,
): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInOnPage(page, portal, who);
  return page;
};
