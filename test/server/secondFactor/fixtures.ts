import { eq } from 'drizzle-orm';
import { accounts, users } from '../../../server/db/schema.ts';
import { codeCalls, generated, storedCodes, type Tenant, tenant } from '../activationCode/fixtures.ts';
import { type JsonAnswer, sharedTestContext, type TestContext, uniqueEmail } from '../helpers.ts';
import { codeOf, wrongCodeOf } from '../otp/fixtures.ts';

/**
 * What the second-factor tests share: an account of a customer whose user (same email address, another
 * case) activated the V-Key app in the customer's token pack, and the calls as the portal and the app make
 * them.
 */

export { codeOf, wrongCodeOf };

export const PASSWORD = 'Correct-Horse-9';

export interface AppAccount {
  email: string;
  accountId: string;
  userId: string;
  username: string;
  /** The TOTP seed the app received at activation (undefined when not activated). */
  seed: string;
}

let userCounter = 0;

/** A user of the tenant's directory with this email address. */
export async function addUser(
  ctx: TestContext,
  owner: Pick<Tenant, 'id' | 'directoryId'>,
  email: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
) {
  userCounter += 1;
  const username = `owner-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      customerId: owner.id,
      directoryId: owner.directoryId,
      source: 'LDAP',
      username,
      email,
      externalId: `uid=${username},ou=people,dc=example,dc=test`,
      status,
    })
    .returning();
  return user!;
}

/** Activates the app for `userId` with its activation code of the tenant's pack; answers the seed. */
export async function activateFor(ctx: TestContext, owner: Tenant, userId: string, device = 'Pixel 9') {
  await generated(ctx, owner);
  const code = (await storedCodes(ctx, owner.packId)).find((row) => row.userId === userId)!;
  const answer = await codeCalls(ctx).activate(code.code, device);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.totpSeed as string;
}

/**
 * An account of the tenant's customer and its user (the email upper-cased in the directory) with the app
 * activated; its second factor on when `enable2fa`.
 */
export async function accountWithApp(
  ctx: TestContext,
  owner: Tenant,
  options: { enable2fa?: boolean; forceChangePassword?: boolean } = {},
): Promise<AppAccount> {
  const email = uniqueEmail('owner');
  const account = await ctx.createAccount({
    email,
    password: PASSWORD,
    customerId: owner.id,
    forceChangePassword: options.forceChangePassword,
  });
  const user = await addUser(ctx, owner, email.toUpperCase());
  const seed = await activateFor(ctx, owner, user.id);
  if (options.enable2fa) await setEnable2fa(ctx, account.id, true);
  return { email, accountId: account.id, userId: user.id, username: user.username, seed };
}

export const setEnable2fa = (ctx: TestContext, accountId: string, enable2fa: boolean) =>
  ctx.db.update(accounts).set({ enable2fa }).where(eq(accounts.id, accountId));

export const errorOf = (error: { key: string; text: string }) => ({
  messageKey: error.key,
  message: error.text,
});

/** The second factor's calls, as the portal and the app send them. */
export function secondFactorCalls(ctx: TestContext) {
  return {
    signin: (login: string, password = PASSWORD, state?: string): Promise<JsonAnswer> =>
      ctx.call('POST', '/api/auth/signin', { json: { login, password, state } }),
    status: (requestId: string) => ctx.call('GET', `/api/auth/2fa/${encodeURIComponent(requestId)}/status`),
    complete: (json: { requestId: string; requestSecret: string; code?: string }) =>
      ctx.call('POST', '/api/auth/2fa/complete', { json }),
    appDecision: (json: { requestId: string; decision: string; code: string }) =>
      ctx.call('POST', '/api/v-key-app/2fa/decision', { json }),
    appSeamlessDecision: (json: { sessionId: string; decision: string; login: string; code: string }) =>
      ctx.call('POST', '/api/v-key-app/seamless/decision', { json }),
    configuration: (token: string) => ctx.call('GET', '/api/account/security/configuration/2fa', { token }),
    configure: (token: string, accountId: string, enable2fa: boolean) =>
      ctx.call('POST', `/api/account/${encodeURIComponent(accountId)}/security/configure/2fa`, {
        token,
        json: { enable2fa },
      }),
    /** A call only a session can make: answers the signed-in account. */
    me: (token: string) => ctx.call('POST', '/api/account/load_account_by_token', { token }),
  };
}

/** Signs in with the password of an account whose second factor is on: answers its sign-in request. */
export async function pendingSignin(ctx: TestContext, email: string, state?: string) {
  const answer = await secondFactorCalls(ctx).signin(email, PASSWORD, state);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).not.toHaveProperty('token');
  return answer.body.secondFactor as { requestId: string; requestSecret: string; expiresInSec: number };
}

/**
 * A file's shared context (see sharedTestContext) with the customer Acme and, `withRival`, Globex (see
 * tenant), made before its tests (their members are there once the tests run), and the second-factor calls.
 */
export function secondFactorSuite(withRival = false) {
  const ctx = sharedTestContext();
  const acme = {} as Tenant;
  const globex = {} as Tenant;
  beforeAll(async () => {
    Object.assign(acme, await tenant(ctx, 'Acme'));
    if (withRival) Object.assign(globex, await tenant(ctx, 'Globex'));
  });
  return { ctx, calls: secondFactorCalls(ctx), acme, globex };
}
