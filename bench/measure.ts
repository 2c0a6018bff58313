import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { subscriptions } from '../server/db/schema.ts';
import { ensureSeed } from '../server/seed.ts';
import { professionalYearly } from '../test/server/fixtures/professionalYearly.ts';

/** The value below which `p` percent of `values` lie (nearest rank). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const verdict = (met: boolean): string => (met ? 'met' : 'NOT MET');

/**
 * Runs a module script in a Node process of its own (a client, or a part measured alone): its exit code and
 * what it wrote, stdout and stderr together.
 */
export async function runScript(
  script: string,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], options);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/**
 * Runs `work` on a fresh PGlite database of its own in a temporary folder (migrated and seeded as the
 * server's first start does), then closes it and removes the folder, whatever happens.
 */
export async function withSeededDatabase<T>(
  name: string,
  work: (opened: { db: Database; config: Config }) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    INITIAL_OPERATOR_PASSWORD: 'Bench-Gateway-1',
  });
  try {
    const opened = await openDatabase({ dataDir });
    try {
      await ensureSeed(opened.db, config, () => undefined);
      return await work({ db: opened.db, config });
    } finally {
      await opened.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A subscription of the customer's in force for a year, covering `numberOfUsers` users. */
export async function subscription(db: Database, customerId: string, numberOfUsers: number) {
  const now = Date.now();
  const [made] = await db
    .insert(subscriptions)
    .values({
      customerId,
      ...(await professionalYearly(db)),
      numberOfUsers,
      startDate: new Date(now),
      expireDate: new Date(now + 365 * 86_400_000),
    })
    .returning({ id: subscriptions.id });
  return made!.id;
}
