import { eq } from 'drizzle-orm';
import { sessions } from '../../../server/db/schema.ts';
import { OPERATOR_EMAIL, OPERATOR_PASSWORD, sharedTestContext } from '../helpers.ts';

/** The clock of the server: tests move it on instead of waiting (tokens stay valid in real time). */
let clock = Date.now();
const secondsPass = (seconds: number) => {
  clock += seconds * 1000;
};

// A token lives an hour; a session at most an hour and 100 seconds after its password sign-in.
const ctx = sharedTestContext({
  config: { tokenTtlSec: 3600, sessionMaxSec: 3700 },
  now: () => new Date(clock),
});

const signIn = async () => {
  const answer = await ctx.call('POST', '/api/auth/signin', {
    json: { login: OPERATOR_EMAIL, password: OPERATOR_PASSWORD },
  });
  expect(answer.status).toBe(200);
  return answer.body as { token: string; tokenExpireInSec: number; sessionExpireInSec: number };
};
const renew = (token: string) => ctx.call('POST', '/api/auth/renew', { token });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };

describe('POST /api/auth/renew (Stay signed in)', () => {
  it('says at sign-in how long the token and the session last', async () => {
    const answer = await signIn();
    expect(answer).toMatchObject({ tokenExpireInSec: 3600, sessionExpireInSec: 3700 });
  });

  it('gives a new token of the same session without the password, up to the session’s end', async () => {
    const first = await signIn();
    secondsPass(60);
    const renewed = await renew(first.token);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ tokenExpireInSec: 3600, sessionExpireInSec: 3640 });
    const token = renewed.body.token as string;
    expect(claimsOf(token).jti).toBe(claimsOf(first.token).jti);
    expect(claimsOf(token).exp).toBeGreaterThan(claimsOf(first.token).exp);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(token).jti));
    expect(row!.expiresAt.getTime()).toBe(claimsOf(token).exp * 1000);
    // Both tokens are accepted.
    expect((await ctx.call('GET', '/api/account/permission?flattern=1', { token })).status).toBe(200);
    expect((await ctx.call('GET', '/api/account/permission?flattern=1', { token: first.token })).status).toBe(
      200,
    );
    // Later, an hour from now would pass the session's end: the token ends with the session.
    secondsPass(140);
    const later = await renew(token);
    expect(later.body).toMatchObject({ tokenExpireInSec: 3500, sessionExpireInSec: 3500 });
  });

  it('refuses once the session has less than a minute left, saying to sign in again', async () => {
    const first = await signIn();
    secondsPass(3650);
    const answer = await renew(first.token);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      messageKey: 'error.session.atItsEnd',
      message:
        'This session has lasted as long as a session may since its sign-in: sign in again with your password.',
    });
  });

  it('refuses a signed-out session and a call without a token', async () => {
    const { token } = await signIn();
    expect((await ctx.call('POST', '/api/auth/signout', { token })).status).toBe(204);
    expect((await renew(token)).status).toBe(401);
    expect((await ctx.call('POST', '/api/auth/renew')).status).toBe(401);
  });
});
