import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gatewayKeys } from '../../db/schema.ts';
import type { Sealer } from '../../domain/secrets.ts';
import { selfSignedCertificate } from './certificate.ts';

/**
 * The gateway as others see it: its public address (PUBLIC_URL, else the address a request was made to) and
 * its SAML signing key, made on first use (a self-signed RSA certificate valid ten years) and kept in the
 * database with the private key sealed, so that every process of one installation signs with the same key.
 */

export interface SigningKey {
  certificate: string;
  privateKey: string;
}

const SAML_SIGNING = 'saml-signing';
const VALID_DAYS = 3650;
const loaded = new WeakMap<Database, Promise<SigningKey>>();

async function loadOrMake(db: Database, sealer: Sealer, productName: string): Promise<SigningKey> {
  const read = async () => {
    const [row] = await db.select().from(gatewayKeys).where(eq(gatewayKeys.name, SAML_SIGNING));
    return row ? { certificate: row.certificate, privateKey: sealer.open(row.privateKey) } : undefined;
  };
  const found = await read();
  if (found) return found;
  const made = selfSignedCertificate({
    commonName: `${productName} SAML signing`,
    organization: productName,
    days: VALID_DAYS,
  });
  // Two processes may make one at once: the first insert wins and both read it back.
  await db
    .insert(gatewayKeys)
    .values({ name: SAML_SIGNING, certificate: made.certificate, privateKey: sealer.seal(made.privateKey) })
    .onConflictDoNothing();
  return (await read()) as SigningKey;
}

/** The gateway's SAML signing certificate and key (made on first use). */
export function samlSigningKey(db: Database, sealer: Sealer, productName: string): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrMake(db, sealer, productName);
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}
