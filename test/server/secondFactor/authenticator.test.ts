import { newTotpSeed } from '../../../server/domain/enrollment/totp.ts';
import { runAgainst, runAuthenticator } from '../fixtures/authenticatorCli.ts';
import { accountWithApp, PASSWORD, pendingSignin, secondFactorSuite } from './fixtures.ts';

/**
 * `npm run authenticator` as the activated app, against a running server: approve-2fa|reject-2fa answer a
 * sign-in request of an account whose second factor is on, and approve|reject --seed a QR sign-in, each
 * proved with the current code of the seed `activate` printed.
 */

const HOST = '127.0.0.1';

const { ctx, calls, acme } = secondFactorSuite();
let server: string;

beforeAll(async () => {
  server = await ctx.app.listen({ port: 0, host: HOST });
});

async function initSession() {
  const port = new URL(server).port;
  const answer = await ctx.call(
    'GET',
    `/api/v-key-seamless/init-session?${new URLSearchParams({
      realm: 'r-portal',
      client_id: 'gateway-portal-web',
      redirect_url: `http://${HOST}:${port}/oauth2/handler`,
      state: `state-${Date.now()}`,
    })}`,
    { headers: { host: `${HOST}:${port}` } },
  );
  expect(answer.status).toBe(200);
  return answer.body.sessionId as string;
}

const seamlessStatus = async (sessionId: string) =>
  (await ctx.call('GET', `/api/service-mgmt/seamless/get-request-status-by-id/${sessionId}`)).body;

describe('npm run authenticator -- approve-2fa|reject-2fa', () => {
  it("approves a sign-in request with the seed's current code; the browser then completes it", async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const request = await pendingSignin(ctx, owner.email);
    const run = await runAgainst(server, 'approve-2fa', request.requestId, '--seed', owner.seed);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, stdout: `approved sign-in request ${request.requestId}\n` });
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'APPROVE' });
    const done = await calls.complete({ requestId: request.requestId, requestSecret: request.requestSecret });
    expect(done.status).toBe(200);
  });

  it('rejects a sign-in request (the seed may be typed in lower case with spaces)', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const request = await pendingSignin(ctx, owner.email);
    const typed = owner.seed.toLowerCase().replace(/(.{4})/g, '$1 ');
    const run = await runAgainst(server, 'reject-2fa', request.requestId, `--seed=${typed}`);
    expect(run).toMatchObject({ code: 0, stdout: `rejected sign-in request ${request.requestId}\n` });
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'REJECT' });
  });

  it("exits 1 with the server's message for another app's seed, and leaves the request waiting", async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const request = await pendingSignin(ctx, owner.email);
    const run = await runAgainst(server, 'approve-2fa', request.requestId, '--seed', newTotpSeed());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `could not approve sign-in request ${request.requestId}: This is not the code the V-Key app shows. Enter its current code. (HTTP 401)`,
    );
    expect((await calls.status(request.requestId)).body).toEqual({ status: 'INITIAL' });
  });

  it('exits 2 with the usage for wrong arguments', async () => {
    const noSeed = await runAuthenticator(['approve-2fa', 'some-id']);
    expect(noSeed.code).toBe(2);
    expect(noSeed.stderr).toContain('--seed is missing');
    expect(noSeed.stderr).toContain('npm run authenticator -- approve-2fa|reject-2fa REQUEST_ID --seed SEED');
    const seed = newTotpSeed();
    const user = await runAuthenticator(['reject-2fa', 'some-id', '--seed', seed, '--user', 'a@b.c']);
    expect(user.code).toBe(2);
    expect(user.stderr).toContain('give REQUEST_ID or --user and --token-pack, not both');
    const noPack = await runAuthenticator(['approve-2fa', '--user', 'ann', '--seed', seed]);
    expect(noPack.code).toBe(2);
    expect(noPack.stderr).toContain('REQUEST_ID (or --user and --token-pack) is missing');
    const device = await runAuthenticator(['approve-2fa', 'some-id', '--seed', seed, '--device', 'Pixel']);
    expect(device.code).toBe(2);
    expect(device.stderr).toContain('approve-2fa takes no --device');
    const notSeed = await runAuthenticator(['approve-2fa', 'some-id', '--seed', 'not a seed!']);
    expect(notSeed.code).toBe(2);
    expect(notSeed.stderr).toContain('--seed must be the base32 TOTP seed');
  });
});

describe('npm run authenticator -- approve|reject SESSION_ID --user EMAIL --seed SEED', () => {
  it('approves a QR sign-in as the activated app, without a password', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const sessionId = await initSession();
    const run = await runAgainst(server, 'approve', sessionId, '--user', owner.email, '--seed', owner.seed);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({ code: 0, stdout: `approved session ${sessionId} as ${owner.email}\n` });
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'APPROVE' });
  });

  it('tells to use --seed when the password form meets an account whose second factor is on', async () => {
    const owner = await accountWithApp(ctx, acme, { enable2fa: true });
    const sessionId = await initSession();
    const run = await runAgainst(server, 'approve', sessionId, '--user', owner.email, '--password', PASSWORD);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `sign-in as ${owner.email} refused: the account's second factor is on: answer with --seed instead of --password`,
    );
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'INITIAL' });
  });

  it('exits 1 for a wrong seed, and 2 for both --password and --seed or neither', async () => {
    const owner = await accountWithApp(ctx, acme);
    const sessionId = await initSession();
    const otherSeed = newTotpSeed();
    const wrong = await runAgainst(server, 'reject', sessionId, '--user', owner.email, '--seed', otherSeed);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `could not reject session ${sessionId}: This is not the code the V-Key app shows.`,
    );
    const withSeed = ['approve', sessionId, '--user', owner.email, '--seed', owner.seed];
    const both = await runAuthenticator([...withSeed, '--password', PASSWORD]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --password or --seed, not both');
    const neither = await runAuthenticator(['approve', sessionId, '--user', owner.email]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('--password (or --seed) is missing');
    expect(await seamlessStatus(sessionId)).toEqual({ status: 'INITIAL' });
  });
});
