import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has defaults for everything but the secret, which it keeps in the data folder', async () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      initialOperatorEmail: 'operator@example.com',
      initialOperatorPassword: undefined,
      productName: 'Gateway Portal',
      tokenTtlSec: 28800,
    });
    expect(path.isAbsolute(config.distDir)).toBe(true);
    expect(config.distDir.endsWith(`${path.sep}dist`)).toBe(true);

    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(config.jwtSecret);
    expect(Buffer.from(config.jwtSecret, 'base64url')).toHaveLength(48);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('resolves a relative data folder to an absolute one', () => {
    const config = loadConfig({ DATA_DIR: path.relative(process.cwd(), path.join(dir, 'rel')) });
    expect(config.dataDir).toBe(path.join(dir, 'rel'));
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: dir,
      DATABASE_URL: 'postgresql://u:p@db:5432/portal',
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: 'k'.repeat(40),
      INITIAL_OPERATOR_EMAIL: 'Ops@Example.org',
      INITIAL_OPERATOR_PASSWORD: 'Secret-Pass-1',
      PRODUCT_NAME: 'Acme Gate',
      TOKEN_TTL_SEC: '600',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://u:p@db:5432/portal',
      jwtSecret: 'x'.repeat(40),
      initialOperatorEmail: 'ops@example.org',
      initialOperatorPassword: 'Secret-Pass-1',
      productName: 'Acme Gate',
      tokenTtlSec: 600,
    });
  });

  it("reads the RADIUS server's settings: on port 1812 of HOST by default, off with RADIUS_PORT=0", () => {
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).radius).toEqual({
      host: '0.0.0.0',
      port: 1812,
      pushTimeoutSec: 25,
      rejectDelayMs: 1000,
      maxPending: 64,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        RADIUS_HOST: '::',
        RADIUS_PORT: '11812',
        RADIUS_PUSH_TIMEOUT_SEC: '40',
        RADIUS_REJECT_DELAY_MS: '0',
        RADIUS_MAX_PENDING: '8',
      }).radius,
    ).toEqual({ host: '::', port: 11812, pushTimeoutSec: 40, rejectDelayMs: 0, maxPending: 8 });
    expect(loadConfig({ DATA_DIR: dir, RADIUS_PORT: '0' }).radius).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, RADIUS_PORT: '70000' })).toThrow(
      'RADIUS_PORT must be a whole number between 0 and 65535 (got "70000")',
    );
    expect(() => loadConfig({ DATA_DIR: dir, RADIUS_HOST: 'vpn.example' })).toThrow(
      'RADIUS_HOST must be an IP address to listen on, as 0.0.0.0 or :: (got "vpn.example")',
    );
  });

  it('reads the portal links', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      SUPPORT_URL: 'https://support.example.com',
      HELP_URL: '/docs/intro/overview',
      SOCIAL_LINKS: 'LinkedIn=https://linkedin.example/x, YouTube=https://youtube.example/y',
    });
    expect(config.portalLinks).toEqual({
      supportUrl: 'https://support.example.com',
      helpUrl: '/docs/intro/overview',
      socialLinks: 'LinkedIn=https://linkedin.example/x, YouTube=https://youtube.example/y',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ TOKEN_TTL_SEC: '1.5' }, /TOKEN_TTL_SEC/],
    [{ TOKEN_TTL_SEC: '0' }, /TOKEN_TTL_SEC/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ DATABASE_URL: 'mysql://db/portal' }, /DATABASE_URL/],
    [{ INITIAL_OPERATOR_EMAIL: 'not-an-email' }, /INITIAL_OPERATOR_EMAIL/],
    [{ SUPPORT_URL: 'javascript:alert(1)' }, /SUPPORT_URL/],
    [{ HELP_URL: 'help page' }, /HELP_URL/],
    [{ SOCIAL_LINKS: 'LinkedIn' }, /SOCIAL_LINKS/],
  ])('refuses %j with an error naming the setting', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'y'.repeat(40), ...env })).toThrow(message);
  });

  it('refuses a secret file that is too short', async () => {
    await writeFile(path.join(dir, 'jwt-secret'), 'abc\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/jwt-secret/);
  });
});
