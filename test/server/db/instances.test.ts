import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isNull } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { ensureServerBuilt } from '../../../scripts/buildServer.mjs';
import { type App, buildApp } from '../../../server/app.ts';
import { type Config, loadConfig } from '../../../server/config.ts';
import { type OpenedDatabase, openDatabase } from '../../../server/db/client.ts';
import { accounts } from '../../../server/db/schema.ts';
import { shareInstanceSecrets } from '../../../server/db/startupLock.ts';
import { hashPassword } from '../../../server/domain/passwords.ts';
import { FREE_ATTEMPTS } from '../../../server/features/session/signinDelay.ts';
import { ensureSeed } from '../../../server/seed.ts';
import { TEST_BOUND_MS } from '../../support/bounds.ts';
import { databaseUrlFor } from '../globalSetup.ts';
import { createTestDatabase, testConfig } from '../helpers.ts';

/*
 * Several servers on one database (README, "Running several instances"): they start together on an empty
 * PostgreSQL, accept each other's tokens without JWT_SECRET, and count sign-in failures and rate limits
 * together.
 */

const source = inject('testDatabase');
const serverUrl = source.kind === 'postgres' ? source.serverUrl : undefined;
if (!serverUrl) {
  console.info(
    'instances.test.ts: the start on an empty PostgreSQL is tested only with DATABASE_URL set (PGlite is one process)',
  );
}

const SECRETS_KEY = 'instances-test-secrets-key-0123456789abcdef';

/** A new empty database on the test server, dropped with everything in it by `drop`. */
async function throwawayDatabase(url: string) {
  const name = `startup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrlFor(url, name),
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

const inject401or429 = async (app: App, login: string, remoteAddress = '127.0.0.1') =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { login, password: 'Wrong-Password-1' },
      remoteAddress,
    })
  ).json() as { messageKey: string };

describe.skipIf(!serverUrl)('starting together on an empty PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  beforeAll(async () => {
    database = await throwawayDatabase(serverUrl!);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('migrates and seeds once when three servers open the database at the same moment', async () => {
    const printed: string[] = [];
    const opened: OpenedDatabase[] = [];
    try {
      const starts = await Promise.allSettled(
        [1, 2, 3].map(async () => {
          const one = await openDatabase({ databaseUrl: database.url });
          opened.push(one);
          await ensureSeed(one.db, testConfig(), (line) => printed.push(line));
          return one;
        }),
      );
      expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/^initial operator: /);
      expect(await opened[0]!.db.select().from(accounts).where(isNull(accounts.customerId))).toHaveLength(1);
    } finally {
      await Promise.all(opened.map((one) => one.close()));
    }
  });

  it('shares the token signing secret: a token from one server is accepted, then signed out, through the other', async () => {
    const dataDirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'portal-instance-'))));
    const opened: OpenedDatabase[] = [];
    const apps: App[] = [];
    try {
      const configs: Config[] = dataDirs.map((dataDir) => ({
        ...loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, SECRETS_KEY, RADIUS_PORT: '0' }),
        initialOperatorPassword: 'Instances-Gateway-1',
      }));
      expect(configs[0]!.jwtSecret).not.toBe(configs[1]!.jwtSecret);
      for (const config of configs) {
        const one = await openDatabase({ databaseUrl: database.url });
        opened.push(one);
        await shareInstanceSecrets(one.db, config);
        apps.push(buildApp({ db: one.db, config }));
      }
      expect(configs[0]!.jwtSecret).toBe(configs[1]!.jwtSecret);

      const [a, b] = apps as [App, App];
      await opened[0]!.db
        .update(accounts)
        .set({ passwordHash: await hashPassword('Instances-Gateway-1'), forceChangePassword: false });
      const signin = await a.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login: 'operator@example.com', password: 'Instances-Gateway-1' },
      });
      expect(signin.statusCode).toBe(200);
      const authorization = `Bearer ${signin.json().token}`;
      const permissionsOn = async (app: App) =>
        (
          await app.inject({
            method: 'GET',
            url: '/api/account/permission?flattern=1',
            headers: { authorization },
          })
        ).statusCode;
      expect(await permissionsOn(b)).toBe(200);
      const signout = await b.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { authorization },
      });
      expect(signout.statusCode).toBe(204);
      expect(await permissionsOn(a)).toBe(401);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(opened.map((one) => one.close()));
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});

describe.skipIf(!serverUrl)('two server processes started at once on an empty PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  beforeAll(async () => {
    database = await throwawayDatabase(serverUrl!);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await database?.drop();
  });

  /** The server's bundle as scripts/start.mjs runs it, on a port of its own; resolves with its output once ready. */
  const start = async (): Promise<string> => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-instance-'));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [await ensureServerBuilt()], {
      env: {
        ...process.env,
        PORT: '0',
        RADIUS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SECRETS_KEY,
        JWT_SECRET: '',
        INITIAL_OPERATOR_PASSWORD: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + TEST_BOUND_MS * 0.8;
    while (!/is ready at http/.test(output)) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${output}`);
      await sleep(100);
    }
    return output;
  };

  it('both come up, and the first operator is created once', async () => {
    const outputs = await Promise.all([start(), start()]);
    expect(outputs.join('\n').match(/^initial operator: /gm)).toHaveLength(1);
    for (const output of outputs) expect(output).toContain('(database: postgres)');
  });
});

describe('sign-in failures counted together by two servers on one database', () => {
  let close: () => Promise<void>;
  /** Two servers with the default limits, and two that allow 3 sign-ins a minute per address. */
  let apps: [App, App];
  let limited: [App, App];
  beforeAll(async () => {
    const database = await createTestDatabase();
    close = database.close;
    const config = testConfig();
    const limitedConfig = testConfig({
      rateLimits: { ...testConfig().rateLimits, signin: { max: 3, windowSec: 60 } },
    });
    await ensureSeed(database.db, config, () => undefined);
    apps = [buildApp({ db: database.db, config }), buildApp({ db: database.db, config })];
    limited = [
      buildApp({ db: database.db, config: limitedConfig }),
      buildApp({ db: database.db, config: limitedConfig }),
    ];
  });
  afterAll(async () => {
    await Promise.all([...(apps ?? []), ...(limited ?? [])].map((app) => app.close()));
    await close?.();
  });

  it(`checks ${FREE_ATTEMPTS} of 10 wrong passwords sent at once for one login from one address; the others wait (429)`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        inject401or429(apps[index % 2]!, 'operator@example.com', '198.51.100.1'),
      ),
    );
    const keys = answers.map((answer) => answer.messageKey).sort();
    expect(keys).toEqual([
      ...Array(FREE_ATTEMPTS).fill('error.account.invalidCredential'),
      ...Array(10 - FREE_ATTEMPTS).fill('error.auth.tooManyAttempts'),
    ]);
  });

  it('lets 3 of 10 sign-ins from one address through when RATE_LIMIT_SIGNIN is 3/60', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        inject401or429(limited[index % 2]!, `nobody${index}@example.com`, '203.0.113.7'),
      ),
    );
    const keys = answers.map((answer) => answer.messageKey).sort();
    expect(keys).toEqual([
      ...Array(3).fill('error.account.invalidCredential'),
      ...Array(7).fill('error.rateLimit.exceeded'),
    ]);
  });
});

describe('configuration with DATABASE_URL', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-instance-config-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const DATABASE_URL = 'postgresql://u:p@db:5432/portal';

  it('refuses to start without SECRETS_KEY, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL })).toThrow(
      /^SECRETS_KEY must be set when DATABASE_URL is set/,
    );
  });

  it("uses an earlier install's secrets-key, and proposes its jwt-secret to the database", async () => {
    await writeFile(path.join(dataDir, 'secrets-key'), `${'s'.repeat(40)}\n`);
    await writeFile(path.join(dataDir, 'jwt-secret'), `${'j'.repeat(40)}\n`);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL })).toMatchObject({
      secretsKey: 's'.repeat(40),
      jwtSecret: 'j'.repeat(40),
      jwtSecretInDatabase: true,
    });
  });

  it('writes no secret into the data folder, and leaves JWT_SECRET to the environment when set', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL, SECRETS_KEY });
    expect(config).toMatchObject({ secretsKey: SECRETS_KEY, jwtSecretInDatabase: true });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(await readdir(dataDir)).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL, SECRETS_KEY, JWT_SECRET: 'e'.repeat(40) }),
    ).toMatchObject({ jwtSecret: 'e'.repeat(40), jwtSecretInDatabase: false });
  });
});
