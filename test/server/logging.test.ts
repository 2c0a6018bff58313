import { eq } from 'drizzle-orm';
import { accounts } from '../../server/db/schema.ts';
import { MAX_LOGGED_URL, redactUrl, serializeError } from '../../server/logging.ts';
import { createTestContext, OPERATOR_EMAIL, OPERATOR_PASSWORD, type TestContext } from './helpers.ts';

/**
 * The server log, read as an operator reads it: no password, hash, token, secret or authorization code,
 * whatever fails. The app logs into memory at `info`, as the server does in production.
 */

const COMPANY_PASSWORD = 'Plaintext-Company-Password-7';
const PASSWORD_HASH = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ=$c2VjcmV0LWhhc2gtdmFsdWU=';
const AUTHORIZATION_CODE = 'one-time-code-Zq81xkVb3';
const STATE = 'state-value-Pm20Lw';

const lines: string[] = [];
let ctx: TestContext;

const logText = () => lines.join('\n');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  ctx = await createTestContext({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    extend: (app) => {
      // Queries that fail in the database, with a secret among their parameters.
      app.get('/api/test/uuid-from-password', { config: { access: { public: true } } }, async () => {
        await ctx.db.select().from(accounts).where(eq(accounts.id, COMPANY_PASSWORD));
        return {};
      });
      app.post('/api/test/duplicate-account', { config: { access: { public: true } } }, async () => {
        await ctx.db.insert(accounts).values({
          email: OPERATOR_EMAIL,
          passwordHash: PASSWORD_HASH,
          firstName: COMPANY_PASSWORD,
          lastName: 'Lovelace',
        });
        return {};
      });
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  lines.length = 0;
});

describe('a query that fails', () => {
  it('is logged with its SQL and its error code, without the value PostgreSQL could not take', async () => {
    const answer = await ctx.call('GET', '/api/test/uuid-from-password');
    expect(answer.status).toBe(500);
    const [failure] = entries().filter((entry) => entry.level === 50);
    expect(failure).toMatchObject({
      msg: 'unexpected error',
      err: {
        type: 'DrizzleQueryError',
        message: expect.stringMatching(/^Failed query: select .* from "accounts"/),
        stack: expect.stringContaining('\n    at '),
        cause: { code: '22P02', message: expect.stringContaining('invalid input syntax for type uuid') },
      },
    });
    expect(logText()).not.toContain(COMPANY_PASSWORD);
  });

  it('is logged without its parameters: no hash, no password, no row values', async () => {
    const answer = await ctx.call('POST', '/api/test/duplicate-account');
    expect(answer.status).toBe(500);
    const [failure] = entries().filter((entry) => entry.level === 50);
    expect(failure).toMatchObject({
      err: {
        message: expect.stringMatching(/^Failed query: insert into "accounts"/),
        cause: { code: '23505', table: 'accounts', constraint: expect.any(String) },
      },
    });
    expect(logText()).not.toContain(PASSWORD_HASH);
    expect(logText()).not.toContain(COMPANY_PASSWORD);
    expect(logText()).not.toContain(OPERATOR_EMAIL);
  });

  it('keeps the driver fields that carry values out: detail, where, params', () => {
    // node-postgres names the bound value in `where` when PostgreSQL cannot take it.
    const driverError = Object.assign(
      new Error(`invalid input syntax for type integer: "${COMPANY_PASSWORD}"`),
      {
        code: '22P02',
        severity: 'ERROR',
        detail: `Key (password)=(${COMPANY_PASSWORD}) already exists.`,
        where: `unnamed portal parameter $1 = '${COMPANY_PASSWORD}'`,
        params: [COMPANY_PASSWORD],
        routine: 'pg_strtoint32_safe',
      },
    );
    const logged = serializeError(driverError);
    expect(logged).toMatchObject({
      code: '22P02',
      severity: 'ERROR',
      routine: 'pg_strtoint32_safe',
      message: 'invalid input syntax for type integer: [REDACTED]',
    });
    expect(JSON.stringify(logged)).not.toContain(COMPANY_PASSWORD);
  });
});

describe('request URLs', () => {
  it('hides the authorization code and the state of the portal page the sign-in returns to', async () => {
    await ctx.call('GET', `/oauth2/handler?code=${AUTHORIZATION_CODE}&state=${STATE}`, {
      headers: { accept: 'text/html' },
    });
    const incoming = entries().find((entry) => entry.msg === 'incoming request');
    expect(incoming).toMatchObject({
      req: { method: 'GET', url: '/oauth2/handler?code=[REDACTED]&state=[REDACTED]' },
    });
    expect(logText()).not.toContain(AUTHORIZATION_CODE);
    expect(logText()).not.toContain(STATE);
  });

  it('hides tokens, passwords and secrets in any query, and keeps the other parameters', () => {
    expect(redactUrl('/api/x?token=abc&page=2&client_secret=s&Password=p&code_verifier=v&q=acme')).toBe(
      '/api/x?token=[REDACTED]&page=2&client_secret=[REDACTED]&Password=[REDACTED]&code_verifier=[REDACTED]&q=acme',
    );
  });

  it('hides the email a public lookup names', () => {
    expect(redactUrl('/api/account/email/existed?email=ada%40example.com')).toBe(
      '/api/account/email/existed?email=[REDACTED]',
    );
  });

  it('cuts a huge URL', async () => {
    await ctx.call('GET', `/api/account/permission?x=${'a'.repeat(100_000)}`);
    const incoming = entries().find((entry) => entry.msg === 'incoming request') as { req: { url: string } };
    expect(incoming.req.url.length).toBeLessThan(MAX_LOGGED_URL + 100);
    expect(incoming.req.url).toMatch(/…\(\d+ more characters\)$/);
  });
});

describe('a sign-in', () => {
  it('logs neither the password nor the token, on its way in or when the token is used', async () => {
    const token = await ctx.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    await ctx.call('GET', '/api/account/permission', { token });
    expect(lines.length).toBeGreaterThan(0);
    expect(logText()).not.toContain(OPERATOR_PASSWORD);
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(token.split('.')[2]!);
  });
});
