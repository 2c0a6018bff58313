import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateway } from '../../../contract/gatewayTexts.ts';
import * as connector from '../connector/fixtures.ts';
import { auditOf, tokenWithRole } from '../fixtures/admin.ts';

/**
 * The gateway's OpenID Connect provider (server/features/oidcProvider), asked by a certified relying party
 * library (openid-client) over HTTP: the issuer of the customer's realm at the addresses its OIDC connector
 * page lists, its signing keys, and the redirect URIs registered on the connector.
 */

const base = '/idm-config/connectors/oidc';
const { world, acmeBase, created } = connector.connectorSuite(base);
let origin: string;

beforeAll(async () => {
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = world.ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await world.ctx.app.close();
});

async function registered() {
  const body = await created({
    clientName: connector.unique('Shop'),
    redirectUrls: ['https://shop.example.test/cb'],
  });
  const read = await world.call('GET', `${acmeBase()}/${body.id}`);
  const secret = await world.call('GET', `${base}/get-client-secret/${body.id}?customerId=${world.acme.id}`);
  const issuer = (read.body.endpoints.issuer as string).replace(/^http:\/\/[^/]+/, origin);
  return { clientId: read.body.clientId as string, secret: secret.body.clientSecret as string, issuer };
}

const discover = ({ issuer, clientId, secret }: Awaited<ReturnType<typeof registered>>) =>
  client.discovery(new URL(issuer), clientId, secret, undefined, { execute: [client.allowInsecureRequests] });

describe('the OpenID Connect provider of a realm', () => {
  it('publishes its discovery document at the addresses the connector page lists, with the signing keys', async () => {
    const rp = await registered();
    const config = await discover(rp);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(rp.issuer);
    expect(meta.authorization_endpoint).toBe(`${rp.issuer}/protocol/openid-connect/auth`);
    expect(meta.token_endpoint).toBe(`${rp.issuer}/protocol/openid-connect/token`);
    expect(meta.userinfo_endpoint).toBe(`${rp.issuer}/protocol/openid-connect/userinfo`);
    expect(meta.jwks_uri).toBe(`${rp.issuer}/protocol/openid-connect/certs`);
    expect(meta.end_session_endpoint).toBe(`${rp.issuer}/protocol/openid-connect/logout`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await (await fetch(meta.jwks_uri!)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('sends a sign-in to the interaction, and refuses an unregistered redirect URI without redirecting', async () => {
    const rp = await registered();
    const config = await discover(rp);
    const challenge = await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier());
    const ask = (redirect: string) =>
      fetch(
        client.buildAuthorizationUrl(config, {
          redirect_uri: redirect,
          scope: 'openid',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual' },
      );
    const good = await ask('https://shop.example.test/cb');
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toMatch(/^\/realms\/r-[0-9a-f]{32}\/interaction\/[\w-]+$/);
    const bad = await ask('https://evil.example.test/cb');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('location')).toBeNull();
    const page = await bad.text();
    expect(page).toContain(gateway.oidc.errorTitle);
    expect(page).toContain('invalid_redirect_uri');
  });

  it('answers malformed requests with a 4xx, never a 5xx', async () => {
    const { issuer } = await registered();
    const protocol = `${issuer}/protocol/openid-connect`;
    const asks: [string, RequestInit][] = [
      [`${protocol}/auth?response_type=code&client_id=nobody&scope=openid`, {}],
      [`${protocol}/auth?%zz=1`, {}],
      [
        `${protocol}/token`,
        {
          method: 'POST',
          body: 'grant_type=authorization_code&code=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [
        `${protocol}/token`,
        { method: 'POST', body: '{"not": "a form"', headers: { 'content-type': 'application/json' } },
      ],
      [
        `${protocol}/token`,
        {
          method: 'POST',
          body: Buffer.alloc(70_000, 0x61),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      [`${protocol}/userinfo`, { headers: { authorization: 'Bearer not-a-token' } }],
      [`${protocol}/logout?id_token_hint=garbage`, {}],
      [`${issuer}/interaction/nothing-here`, {}],
      [`${origin}/realms/r-not-a-realm/.well-known/openid-configuration`, {}],
    ];
    for (const [url, init] of asks) {
      const answer = await fetch(url, { ...init, redirect: 'manual' });
      expect(answer.status, `${init.method ?? 'GET'} ${url}`).toBeGreaterThanOrEqual(300);
      expect(answer.status, `${init.method ?? 'GET'} ${url}`).toBeLessThan(500);
    }
  });

  it('answers 404 for a realm no customer has', async () => {
    const answer = await fetch(`${origin}/realms/r-${'0'.repeat(32)}/.well-known/openid-configuration`);
    expect(answer.status).toBe(404);
  });
});

describe("the gateway's signing keys", () => {
  it('are rotated by an operator: the JWKS then serves the new key and the previous one, at once', async () => {
    const { issuer } = await registered();
    const keysOf = async () =>
      (
        (await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json()) as { keys: { kid: string }[] }
      ).keys.map((key) => key.kid);
    const viewer = await tokenWithRole(world.ctx, 'oidc-key-viewers', ['vos-cloud-configuration:view']);
    const operator = await tokenWithRole(world.ctx, 'oidc-key-rotators', [
      'vos-cloud-configuration:view',
      'vos-cloud-configuration:modify',
    ]);
    const read = await world.call('GET', '/idm-config/vos-cloud-config/oidc-signing-keys', undefined, viewer);
    expect(read.status).toBe(200);
    const before = read.body.current.kid as string;
    expect(await keysOf()).toContain(before);

    // Neither a viewer nor a customer's administrator may rotate it.
    expect(
      (await world.call('POST', '/idm-config/vos-cloud-config/oidc-signing-keys/rotate', undefined, viewer))
        .status,
    ).toBe(403);
    expect((await world.call('POST', '/idm-config/vos-cloud-config/oidc-signing-keys/rotate')).status).toBe(
      403,
    );

    const rotated = await world.call(
      'POST',
      '/idm-config/vos-cloud-config/oidc-signing-keys/rotate',
      undefined,
      operator,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.previous.kid).toBe(before);
    const after = rotated.body.current.kid as string;
    expect(after).not.toBe(before);
    expect(await keysOf()).toEqual([after, before]);
    const audited = await auditOf(world.ctx, after);
    expect(audited[0]).toMatchObject({ tableName: 'CloudConfig', action: 'UPDATE' });
  });
});
