import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gatewayKeys } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { selfSignedCertificate } from './certificate.ts';

/**
 * The gateway as others see it: its public address (PUBLIC_URL, else the address a request was made to), its
 * SAML signing keys (one per customer, each made on first use: a self-signed RSA certificate valid ten
 * years), and its OpenID Connect signing keys (the current one and the one before it, made on first use and
 * rotated), kept in the database with the private keys sealed, so that every process of one installation
 * signs with the same key.
 */

export interface SigningKey {
  certificate: string;
  privateKey: string;
}

const SAML_SIGNING = 'saml-signing';
const VALID_DAYS = 3650;

/**
 * A SAML signing certificate and key, read in the call's transaction (one row by its name), or made on first
 * use. With a customer, that customer's own: the certificate its SAML 2.0 connectors' metadata publishes, so
 * that a service provider trusting it trusts no Response another customer's connector can make the gateway
 * sign. Without, the installation's (the Office 365 connectors' default certificate).
 */
export async function samlSigningKey(
  tx: Database,
  sealer: Sealer,
  productName: string,
  customerId?: string,
): Promise<SigningKey> {
  const name = customerId ? `${SAML_SIGNING}:${customerId}` : SAML_SIGNING;
  const read = async () => {
    const [row] = await tx.select().from(gatewayKeys).where(eq(gatewayKeys.name, name));
    return row ? { certificate: row.certificate, privateKey: sealer.open(row.privateKey) } : undefined;
  };
  const found = await read();
  if (found) return found;
  const made = selfSignedCertificate({
    commonName: `${productName} SAML signing`,
    organization: productName,
    days: VALID_DAYS,
  });
  // Two calls may make one at once: the first insert wins and both read it back.
  await tx
    .insert(gatewayKeys)
    .values({ name, certificate: made.certificate, privateKey: sealer.seal(made.privateKey) })
    .onConflictDoNothing();
  return (await read()) as SigningKey;
}

const OIDC_SIGNING = 'oidc-signing';
const OIDC_SIGNING_PREVIOUS = 'oidc-signing-previous';
/** The private members of an RSA JWK (RFC 7518 §6.3.2): never in a public key set. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** An OpenID Connect signing key as a private JWK, with its key id, algorithm and use. */
export interface OidcSigningKey extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/** The key ids and JWKs of the gateway's OpenID Connect signing keys: the current one signs. */
export interface OidcSigningKeys {
  current: OidcSigningKey;
  /** The key before the current one: tokens it signed still verify until they expire. */
  previous?: OidcSigningKey;
}

/** The RFC 7638 thumbprint of an RSA JWK (SHA-256, base64url): its key id. */
const thumbprint = (jwk: JsonWebKey) =>
  createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');

/** A new RSA 2048 signing key (RS256, what every OpenID Connect client supports). */
function newOidcSigningKey(): OidcSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/** The public part of a signing key, as a JWKS publishes it. */
export function publicJwk(key: OidcSigningKey): OidcSigningKey {
  const open: JsonWebKey = { ...key };
  for (const member of PRIVATE_MEMBERS) delete open[member];
  return open as OidcSigningKey;
}

/** A key row: the public JWK (as JSON) where a SAML key keeps its certificate, the private JWK sealed. */
const oidcKeyRow = (name: string, sealer: Sealer, key: OidcSigningKey) => ({
  name,
  certificate: JSON.stringify(publicJwk(key)),
  privateKey: sealer.seal(JSON.stringify(key)),
});

async function readOidcKeys(tx: Database, sealer: Sealer): Promise<Partial<OidcSigningKeys>> {
  const rows = await tx
    .select()
    .from(gatewayKeys)
    .where(inArray(gatewayKeys.name, [OIDC_SIGNING, OIDC_SIGNING_PREVIOUS]));
  const keyOf = (name: string) => {
    const row = rows.find((one) => one.name === name);
    return row ? (JSON.parse(sealer.open(row.privateKey)) as OidcSigningKey) : undefined;
  };
  return { current: keyOf(OIDC_SIGNING), previous: keyOf(OIDC_SIGNING_PREVIOUS) };
}

/** The gateway's OpenID Connect signing keys, read in the call's transaction, or the first made now. */
export async function oidcSigningKeys(tx: Database, sealer: Sealer): Promise<OidcSigningKeys> {
  const found = await readOidcKeys(tx, sealer);
  if (found.current) return { current: found.current, previous: found.previous };
  // Two calls may make one at once: the first insert wins and both read it back.
  await tx
    .insert(gatewayKeys)
    .values(oidcKeyRow(OIDC_SIGNING, sealer, newOidcSigningKey()))
    .onConflictDoNothing();
  const made = await readOidcKeys(tx, sealer);
  return { current: made.current as OidcSigningKey, previous: made.previous };
}

/**
 * Makes a new current signing key; the current one becomes the previous (the one before it is forgotten:
 * what it signed no longer verifies). In one transaction, the current row locked, so that two rotations at
 * once make two keys one after the other.
 */
export function rotateOidcSigningKey(db: Database, sealer: Sealer): Promise<OidcSigningKeys> {
  return db.transaction(async (tx) => {
    const { current } = await oidcSigningKeys(tx, sealer);
    const [currentRow] = await tx
      .select({ createdDate: gatewayKeys.createdDate })
      .from(gatewayKeys)
      .where(eq(gatewayKeys.name, OIDC_SIGNING))
      .for('update');
    const locked = (await readOidcKeys(tx, sealer)).current ?? current;
    const next = newOidcSigningKey();
    // The previous key keeps the date it was made.
    const madeAt = currentRow?.createdDate ?? new Date();
    await tx
      .insert(gatewayKeys)
      .values({ ...oidcKeyRow(OIDC_SIGNING_PREVIOUS, sealer, locked), createdDate: madeAt })
      .onConflictDoUpdate({
        target: gatewayKeys.name,
        set: {
          certificate: JSON.stringify(publicJwk(locked)),
          privateKey: sealer.seal(JSON.stringify(locked)),
          createdDate: madeAt,
        },
      });
    const row = oidcKeyRow(OIDC_SIGNING, sealer, next);
    await tx
      .update(gatewayKeys)
      .set({ certificate: row.certificate, privateKey: row.privateKey, createdDate: new Date() })
      .where(eq(gatewayKeys.name, OIDC_SIGNING));
    return { current: next, previous: locked };
  });
}

/** The gateway's OpenID Connect signing keys as the operator sees them: key ids and dates (made if none). */
export async function oidcSigningKeyInfo(tx: Database, sealer: Sealer) {
  await oidcSigningKeys(tx, sealer);
  const rows = await tx
    .select({
      name: gatewayKeys.name,
      certificate: gatewayKeys.certificate,
      createdDate: gatewayKeys.createdDate,
    })
    .from(gatewayKeys)
    .where(inArray(gatewayKeys.name, [OIDC_SIGNING, OIDC_SIGNING_PREVIOUS]));
  const infoOf = (name: string) => {
    const row = rows.find((one) => one.name === name);
    if (!row) return null;
    return {
      kid: (JSON.parse(row.certificate) as { kid: string }).kid,
      createdDate: row.createdDate.toISOString(),
    };
  };
  return { current: infoOf(OIDC_SIGNING)!, previous: infoOf(OIDC_SIGNING_PREVIOUS) };
}
