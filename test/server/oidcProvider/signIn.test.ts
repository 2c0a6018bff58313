import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { CONNECTOR_TYPE_IDS } from '../../../contract/connector.ts';
import { gateway as texts } from '../../../contract/gatewayTexts.ts';
import { realmOf } from '../../../contract/oidc.ts';
import { buildApp } from '../../../server/app.ts';
import {
  oidcClients,
  oidcPayloads,
  serviceConnectors,
  serviceInstances,
  serviceUsers,
  signInEvents,
} from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import { SLAPD_USER_PASSWORD, type Slapd, startSlapd } from '../../support/slapd.ts';
import { sharedTestContext } from '../helpers.ts';
import {
  withApp as appFor,
  currentCode,
  customerAdminToken,
  heard,
  lastLogOf as lastLogIn,
  type RadiusWorld,
  radiusWorld,
  withSeed as seedFor,
  syncedUser,
} from '../radius/gatewayFixtures.ts';
import { webBrowser } from '../webSignIn/browser.ts';

/**
 * Signing in to an application through the gateway's OpenID Connect provider, as the application and the
 * browser do it: openid-client (a certified relying party) makes the authorization request and redeems
 * the code; the browser (fetch with its cookies) follows the redirects and fills in the gateway's sign-in
 * page; the ID token is verified with jose against the provider's published keys.
 */

const ctx = sharedTestContext();
let slapd: Slapd;
let origin: string;

beforeAll(async () => {
  slapd = await startSlapd({ users: 20 });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

const REDIRECT = 'https://app.example.test/callback';
const sealer = () => createSealer(ctx.config.secretsKey);

interface OidcWorld extends RadiusWorld {
  clientId: string;
  clientSecret: string;
  issuer: string;
  oidcId: string;
}

/** A customer's started service with a RADIUS and an OIDC connector (REDIRECT registered). */
async function oidcWorld(): Promise<OidcWorld> {
  const world = await radiusWorld(ctx, slapd, {
    address: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const clientId = `oidc-${world.customerId.replaceAll('-', '')}-${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const [row] = await ctx.db
    .insert(oidcClients)
    .values({
      customerId: world.customerId,
      clientId,
      clientName: 'Expense reports',
      redirectUrls: [REDIRECT],
      clientSecret: sealer().seal(clientSecret),
    })
    .returning();
  await ctx.db.insert(serviceConnectors).values({
    serviceInstanceId: world.serviceId,
    customerId: world.customerId,
    typeId: CONNECTOR_TYPE_IDS.oidc,
    connectorId: row!.id,
    kind: 'oidc',
  });
  await heard(ctx.app);
  return {
    ...world,
    clientId,
    clientSecret,
    oidcId: row!.id,
    issuer: `${origin}/realms/${realmOf(world.customerId)}`,
  };
}

let uids = 0;
async function nextUser(world: OidcWorld, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  uids += 1;
  const uid = `user${String(uids).padStart(5, '0')}`;
  const id = await syncedUser(ctx, world, slapd, uid, status);
  return { uid, id };
}

const withSeed = (world: OidcWorld, userId: string) => seedFor(ctx, world, userId);
const withApp = (world: OidcWorld, userId: string) => appFor(ctx, world, userId);

/** Puts the user on the service's 2FA bypass list. */
async function onBypassList(world: OidcWorld, userId: string) {
  await ctx.db.insert(serviceUsers).values({ serviceInstanceId: world.serviceId, userId, list: 'BYPASS' });
  await heard(ctx.app);
}

const browser = () => webBrowser(origin, REDIRECT);

/** openid-client's configuration of the world's application, and a fresh authorization request. */
async function application(
  world: OidcWorld,
  auth?: client.ClientAuth,
  scope = 'openid email profile offline_access',
) {
  const config = await client.discovery(new URL(world.issuer), world.clientId, world.clientSecret, auth, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const redeem = (callback: string) =>
    client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
  return { config, url: url.toString(), redeem, verifier, state };
}

/** The page's form posts to its own address; `fields` with the action. */
const submit = (page: { url: string }, b: ReturnType<typeof browser>, fields: Record<string, string>) =>
  b.go(page.url, fields);

const lastLogOf = (userId: string) => lastLogIn(ctx, userId);

describe('signing in to an application through the OpenID Connect provider', () => {
  it('takes the password and an OTP code on the sign-in page, and gives the application a verified ID token', async () => {
    const world = await oidcWorld();
    const { uid, id } = await nextUser(world);
    const seed = await withSeed(world, id);
    const app = await application(world);
    const b = browser();

    const page = await b.go(app.url);
    expect(page.answer.status).toBe(200);
    expect(page.url).toMatch(/\/interaction\/[\w-]+$/);
    expect(page.body).toContain(texts.web.title);
    // Titled as the portal's pages are (portal.pageTitle).
    expect(page.body).toContain(`<title>${texts.web.title} | ${ctx.config.productName}</title>`);
    expect(page.body).toContain('Expense reports');
    expect(page.body).toContain('name="password"');

    const second = await submit(page, b, {
      action: 'password',
      username: uid,
      password: SLAPD_USER_PASSWORD,
    });
    expect(second.answer.status).toBe(200);
    expect(second.body).toContain(texts.web.secondTitle);
    expect(second.body).toContain(texts.web.codeOnly);

    const wrong = await submit(page, b, {
      action: 'code',
      code: '000000' === (await currentCode(seed)) ? '111111' : '000000',
    });
    expect(wrong.answer.status).toBe(401);
    expect(wrong.body).toContain(texts.web.wrongCode);

    const back = await submit(page, b, { action: 'code', code: await currentCode(seed) });
    expect(back.url.startsWith(REDIRECT)).toBe(true);
    const tokens = await app.redeem(back.url);
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: world.issuer,
      aud: world.clientId,
      sub: id,
      email: `${uid}@example.test`,
      preferred_username: uid,
      name: uid,
      amr: ['pwd', 'otp'],
    });
    expect(typeof claims.auth_time).toBe('number');
    expect(typeof claims.nonce).toBe('string');

    // The signature, with the keys the provider publishes.
    const meta = app.config.serverMetadata();
    const verified = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(meta.jwks_uri!)), {
      issuer: world.issuer,
      audience: world.clientId,
      algorithms: ['RS256'],
    });
    expect(verified.payload.sub).toBe(id);

    const info = await client.fetchUserInfo(app.config, tokens.access_token, id);
    expect(info).toMatchObject({ sub: id, email: `${uid}@example.test`, preferred_username: uid });

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(app.config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.claims()?.sub).toBe(id);

    // The sign-in is in the user's log, through the OIDC connector, and counted by the dashboard.
    const logged = await lastLogOf(id);
    expect(logged).toMatchObject({
      protocol: 'OIDC',
      connectorId: world.oidcId,
      result: 'ACCEPT',
      reason: 'secondFactor',
    });
    const events = await ctx.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.userId, id), eq(signInEvents.kind, 'sign-in')));
    expect(events.some((event) => event.outcome === 'success')).toBe(true);
    // The connector's page shows its last sign-in.
    const admin = { token: await customerAdminToken(ctx, world.customerId) };
    const record = await ctx.call(
      'GET',
      `/api/idm-config/connectors/oidc/${world.customerId}/${world.oidcId}`,
      {
        token: admin.token,
      },
    );
    expect(record.body.lastSignIn).toMatchObject({ protocol: 'OIDC', userName: uid, result: 'ACCEPT' });
  });

  /** A user on the bypass list signed in through the application: where the browser came back with a code. */
  async function codeGiven(auth?: (world: OidcWorld) => client.ClientAuth, scope?: string) {
    const world = await oidcWorld();
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const app = await application(world, auth?.(world), scope);
    const b = browser();
    const page = await b.go(app.url);
    const back = await submit(page, b, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    return { world, id, app, back };
  }

  it('refuses a code used twice, and revokes what the first use gave', async () => {
    const { id, app, back } = await codeGiven((world) => client.ClientSecretPost(world.clientSecret));
    // On the 2FA bypass list: the password alone, and the ID token says so.
    expect(back.url.startsWith(REDIRECT)).toBe(true);
    const tokens = await app.redeem(back.url);
    expect(tokens.claims()?.amr).toEqual(['pwd']);
    await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(app.config, tokens.access_token, id)).rejects.toBeTruthy();
    await expect(client.refreshTokenGrant(app.config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  // Repeated: the race it covers (revocations of one grant while the code is spent) shows once in dozens.
  it('gives a code sent four times at once to one exchange only, and revokes what it gave', {
    repeats: 5,
  }, async () => {
    const { world, id, app, back } = await codeGiven();
    const code = new URL(back.url).searchParams.get('code')!;
    const basic = Buffer.from(`${world.clientId}:${world.clientSecret}`).toString('base64');
    // Each on a connection of its own (node:http without an agent), all sent before any is answered.
    const exchange = () =>
      new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
        const payload = new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: app.verifier,
        }).toString();
        const sent = httpRequest(
          `${world.issuer}/protocol/openid-connect/token`,
          {
            method: 'POST',
            agent: false,
            headers: {
              authorization: `Basic ${basic}`,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (answer) => {
            let text = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => {
              text += chunk;
            });
            answer.on('end', () => {
              try {
                resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) });
              } catch {
                reject(new Error(`${answer.statusCode}: ${text}`));
              }
            });
          },
        );
        sent.on('error', reject);
        sent.end(payload);
      });
    const both = await Promise.all([exchange(), exchange(), exchange(), exchange()]);
    const given = both.filter((one) => one.status === 200);
    expect(given).toHaveLength(1);
    expect(both.filter((one) => one.status === 400).map((one) => one.body.error)).toEqual(
      Array(3).fill('invalid_grant'),
    );
    await expect(client.fetchUserInfo(app.config, given[0]!.body.access_token!, id)).rejects.toBeTruthy();
    await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('redeems a code at another instance than the one that made it', async () => {
    const { id, app, back } = await codeGiven();
    // Another server on the same database, as behind a load balancer (the same public address).
    const second = buildApp({ db: ctx.db, config: { ...ctx.config, publicUrl: origin } });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      const secondOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const calls: string[] = [];
      app.config[client.customFetch] = (url, options) => {
        const there = url.replace(origin, secondOrigin);
        calls.push(there);
        return fetch(there, options as RequestInit);
      };
      const tokens = await app.redeem(back.url);
      expect(calls).toEqual([
        `${secondOrigin}${new URL(app.config.serverMetadata().token_endpoint!).pathname}`,
      ]);
      expect(tokens.claims()?.sub).toBe(id);
      await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await second.close();
    }
  });

  it('gives nothing for a code whose sign-in session ended after it was made (on any instance)', async () => {
    // Without offline_access, the code and its tokens live with the browser's session at the gateway.
    const { world, app, back } = await codeGiven(undefined, 'openid email');
    const ended = await ctx.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.customerId, world.customerId), eq(oidcPayloads.model, 'Session')))
      .returning();
    expect(ended).toHaveLength(1);
    await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'invalid_grant' });
    const left = await ctx.db
      .select({ model: oidcPayloads.model })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.customerId, world.customerId),
          inArray(oidcPayloads.model, ['AccessToken', 'RefreshToken', 'Grant']),
        ),
      );
    expect(left).toEqual([]);
  });

  it('spends a code whose exchange fails (a wrong PKCE verifier): the right verifier then gets nothing', async () => {
    const { app, back } = await codeGiven();
    await expect(
      client.authorizationCodeGrant(app.config, new URL(back.url), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: app.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('takes an authorization request without redirect_uri from a client with one registered (Try does not count)', async () => {
    const world = await oidcWorld();
    const config = await client.discovery(
      new URL(world.issuer),
      world.clientId,
      world.clientSecret,
      undefined,
      {
        execute: [client.allowInsecureRequests],
      },
    );
    const url = client.buildAuthorizationUrl(config, {
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.has('redirect_uri')).toBe(false);
    const page = await browser().go(url.toString());
    expect(page.answer.status).toBe(200);
    expect(page.body).toContain('name="password"');
  });

  it('refuses a wrong client secret at the token endpoint', async () => {
    const { world, app, back } = await codeGiven();
    const impostor = await client.discovery(
      new URL(world.issuer),
      world.clientId,
      'not-the-secret',
      undefined,
      {
        execute: [client.allowInsecureRequests],
      },
    );
    await expect(
      client.authorizationCodeGrant(impostor, new URL(back.url), {
        pkceCodeVerifier: app.verifier,
        expectedState: app.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_client' });
  });

  it('tells a wrong password and an unknown user alike, and ends the sign-in after five', async () => {
    const world = await oidcWorld();
    const { uid, id } = await nextUser(world);
    await withSeed(world, id);
    const app = await application(world);
    const b = browser();
    const page = await b.go(app.url);
    const wrong = await submit(page, b, { action: 'password', username: uid, password: 'not it' });
    const unknown = await submit(page, b, {
      action: 'password',
      username: 'nobody-here',
      password: 'not it',
    });
    expect(wrong.answer.status).toBe(401);
    expect(unknown.answer.status).toBe(401);
    const message = (body: string) => /<p class="alert" role="alert">([^<]*)<\/p>/.exec(body)?.[1];
    expect(message(wrong.body)).toBe(texts.web.wrongCredentials);
    expect(message(unknown.body)).toBe(message(wrong.body));
    for (let attempt = 0; attempt < 3; attempt++) {
      await submit(page, b, { action: 'password', username: uid, password: 'not it' });
    }
    const ended = await submit(page, b, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    expect(ended.answer.status).toBe(403);
    expect(ended.body).toContain(texts.web.tooManyAttempts);
    const refused = await submit(page, b, { action: 'cancel' });
    const callback = new URL(refused.url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('says so before the form when the service is stopped, and sends the application access_denied', async () => {
    const world = await oidcWorld();
    await ctx.db
      .update(serviceInstances)
      .set({ status: 'STOPPED' })
      .where(eq(serviceInstances.id, world.serviceId));
    await heard(ctx.app);
    const app = await application(world);
    const b = browser();
    const page = await b.go(app.url);
    expect(page.answer.status).toBe(200);
    expect(page.body).toContain(texts.web.refused.serviceStopped);
    expect(page.body).not.toContain('name="password"');
    const back = await submit(page, b, { action: 'cancel' });
    const callback = new URL(back.url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBeTruthy();
    await expect(app.redeem(back.url)).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('waits for the app to approve, and says the app was used', async () => {
    const world = await oidcWorld();
    const { uid, id } = await nextUser(world);
    const seed = await withApp(world, id);
    const app = await application(world);
    const b = browser();
    const page = await b.go(app.url);
    const second = await submit(page, b, {
      action: 'password',
      username: uid,
      password: SLAPD_USER_PASSWORD,
    });
    expect(second.body).toContain(texts.web.appAsked);
    expect(second.body).toContain(texts.web.orCode);
    const status = async () =>
      (await (await fetch(`${page.url}/status`)).json()) as { state: string; location?: string };
    expect((await status()).state).toBe('waiting');
    const approved = await ctx.call('POST', '/api/v-key-app/gateway/decision', {
      json: { tokenPackId: world.packId, username: uid, decision: 'APPROVE', code: await currentCode(seed) },
    });
    expect(approved.status).toBe(200);
    // The page's script asks the status; without it, "I have approved it" does the same.
    const back = await submit(page, b, { action: 'push' });
    expect(back.url.startsWith(REDIRECT)).toBe(true);
    const tokens = await app.redeem(back.url);
    expect(tokens.claims()).toMatchObject({ sub: id, amr: ['pwd', 'mfa'] });
  });
});

describe("the sign-in page's forms", () => {
  it('answers malformed forms with a 4xx or the page again, never a 5xx', async () => {
    const world = await oidcWorld();
    const app = await application(world);
    const b = browser();
    const page = await b.go(app.url);
    const posts: [string, RequestInit][] = [
      [
        page.url,
        { method: 'POST', body: '{"action":"password"}', headers: { 'content-type': 'application/json' } },
      ],
      [
        page.url,
        {
          method: 'POST',
          body: `action=password&username=${'a'.repeat(10_000)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        page.url,
        {
          method: 'POST',
          body: 'action=password&username=a&username=b&password[x]=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        page.url,
        {
          method: 'POST',
          body: 'action=%zz',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        page.url,
        {
          method: 'POST',
          body: 'action=code&code=123456',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        page.url,
        {
          method: 'POST',
          body: 'action=push',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [page.url, { method: 'POST' }],
      [`${page.url}/status`, {}],
      [page.url.replace(/interaction\/[\w-]+$/, 'interaction/nobody'), {}],
      [
        page.url.replace(/interaction\/[\w-]+$/, 'interaction/nobody'),
        {
          method: 'POST',
          body: 'action=cancel',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
    ];
    for (const [url, init] of posts) {
      const answer = await fetch(url, { ...init, redirect: 'manual' });
      expect(answer.status, `${init.method ?? 'GET'} ${url} ${String(init.body).slice(0, 40)}`).toBeLessThan(
        500,
      );
    }
    // The sign-in still goes on.
    const again = await b.go(page.url);
    expect(again.answer.status).toBe(200);
    expect(again.body).toContain('name="password"');
  });

  it("tries a client from its connector page: the gateway's own code flow shows the ID token's claims", async () => {
    const world = await oidcWorld();
    const { uid, id } = await nextUser(world);
    await onBypassList(world, id);
    const admin = { token: await customerAdminToken(ctx, world.customerId) };
    const record = await ctx.call(
      'GET',
      `/api/idm-config/connectors/oidc/${world.customerId}/${world.oidcId}`,
      {
        token: admin.token,
      },
    );
    const tryUrl = new URL(record.body.trySignIn as string);
    expect(tryUrl.pathname).toBe(`/realms/${realmOf(world.customerId)}/try/${world.oidcId}`);
    const b = browser();
    const page = await b.go(tryUrl.pathname);
    expect(page.body).toContain('name="password"');
    expect(page.body).toContain('Expense reports');
    const tried = await b.go(page.url, { action: 'password', username: uid, password: SLAPD_USER_PASSWORD });
    expect(tried.answer.status).toBe(200);
    expect(tried.url).toContain('/try/callback?');
    expect(tried.body).toContain(texts.web.tryTitle);
    expect(tried.body).toContain(`<th scope="row">sub</th><td>${id}</td>`);
    expect(tried.body).toContain(`<th scope="row">email</th><td>${uid}@example.test</td>`);
    expect(tried.body).toContain(`<th scope="row">iss</th><td>${world.issuer}</td>`);
    // The callback is the browser's that started it: elsewhere, or once more, it has expired.
    const again = await b.go(tried.url);
    expect(again.answer.status).toBe(410);
    // A stranger's client id in the address: not found.
    const unknown = await browser().go(`/realms/${realmOf(world.customerId)}/try/${randomUUID()}`);
    expect(unknown.answer.status).toBe(404);
  });

  it('refuses a client whose secret cannot be read (sealed with another key, or none) as unknown, never a 5xx', async () => {
    const world = await oidcWorld();
    const realm = realmOf(world.customerId);
    for (const unreadable of [
      createSealer(randomBytes(32).toString('base64')).seal('elsewhere'),
      'not sealed',
      '',
    ]) {
      // Written by hand, or sealed with another installation's SECRETS_KEY.
      await ctx.db
        .update(oidcClients)
        .set({ clientSecret: unreadable })
        .where(eq(oidcClients.id, world.oidcId));
      await heard(ctx.app);
      const tried = await browser().go(`/realms/${realm}/try/${world.oidcId}`);
      expect(tried.answer.status).toBe(400);
      expect(tried.body).toContain('invalid_client');
      const token = await ctx.app.inject({
        method: 'POST',
        url: `/realms/${realm}/protocol/openid-connect/token`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${world.clientId}:elsewhere`).toString('base64')}`,
        },
        payload: 'grant_type=authorization_code&code=abc&redirect_uri=https%3A%2F%2Fapp.example.test%2Fcb',
      });
      expect(token.statusCode).toBe(401);
      expect(token.json()).toMatchObject({ error: 'invalid_client' });
    }
  });
});
