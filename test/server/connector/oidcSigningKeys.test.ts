import { createPrivateKey, createPublicKey, type JsonWebKey, sign, verify } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gatewayKeys } from '../../../server/db/schema.ts';
import { createSealer } from '../../../server/domain/secrets.ts';
import {
  oidcSigningKeys,
  publicJwk,
  rotateOidcSigningKey,
} from '../../../server/features/connector/gateway.ts';
import { sharedTestContext } from '../helpers.ts';

/**
 * The gateway's OpenID Connect signing keys (server/features/connector/gateway.ts): one made on first use and
 * kept, sealed, for every process; a rotation makes a new current key and keeps the one before it, so that
 * what it signed still verifies; the public set has no private member.
 */

const ctx = sharedTestContext();
const sealer = () => createSealer(ctx.config.secretsKey);
const data = Buffer.from('header.payload');
const signedBy = (key: JsonWebKey) => sign('sha256', data, createPrivateKey({ key, format: 'jwk' }));
const verifiedBy = (key: JsonWebKey, signature: Buffer) =>
  verify('sha256', data, createPublicKey({ key, format: 'jwk' }), signature);

describe('OpenID Connect signing keys', () => {
  it('makes one RS256 key on first use and answers the same one after, sealed at rest', async () => {
    const first = await oidcSigningKeys(ctx.db, sealer());
    const again = await oidcSigningKeys(ctx.db, sealer());
    expect(first.current).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(again.current.kid).toBe(first.current.kid);
    expect(again.previous).toBeUndefined();
    const rows = await ctx.db
      .select()
      .from(gatewayKeys)
      .where(inArray(gatewayKeys.name, ['oidc-signing', 'oidc-signing-previous']));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.privateKey).not.toContain(first.current.d as string);
    expect(JSON.parse(rows[0]!.certificate)).toEqual(publicJwk(first.current));
  });

  it('rotates: a new current key signs, and what the one before signed still verifies', async () => {
    const before = await oidcSigningKeys(ctx.db, sealer());
    const signature = signedBy(before.current);
    const rotated = await rotateOidcSigningKey(ctx.db, sealer());
    expect(rotated.current.kid).not.toBe(before.current.kid);
    expect(rotated.previous?.kid).toBe(before.current.kid);
    const read = await oidcSigningKeys(ctx.db, sealer());
    expect(read.current.kid).toBe(rotated.current.kid);
    expect(verifiedBy(publicJwk(read.previous!), signature)).toBe(true);
    expect(verifiedBy(publicJwk(read.current), signature)).toBe(false);
    expect(verifiedBy(publicJwk(read.current), signedBy(read.current))).toBe(true);

    // A second rotation forgets the oldest key.
    const twice = await rotateOidcSigningKey(ctx.db, sealer());
    expect(twice.previous?.kid).toBe(rotated.current.kid);
    expect([twice.current.kid, twice.previous?.kid]).not.toContain(before.current.kid);
  });

  it('makes two rotations at once one after the other', async () => {
    const before = await oidcSigningKeys(ctx.db, sealer());
    const [a, b] = await Promise.all([
      rotateOidcSigningKey(ctx.db, sealer()),
      rotateOidcSigningKey(ctx.db, sealer()),
    ]);
    const after = await oidcSigningKeys(ctx.db, sealer());
    const kids = [a.current.kid, b.current.kid];
    expect(kids).toContain(after.current.kid);
    // The later rotation kept the earlier one's key as the previous: no key was lost in between.
    expect(after.previous?.kid).toBe(kids.find((kid) => kid !== after.current.kid));
    expect([a.previous?.kid, b.previous?.kid]).toContain(before.current.kid);
  });

  it('publishes no private member', async () => {
    const { current } = await oidcSigningKeys(ctx.db, sealer());
    const open = publicJwk(current);
    for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(open).not.toHaveProperty(member);
    expect(open).toMatchObject({ kid: current.kid, n: current.n, e: current.e });
  });
});
