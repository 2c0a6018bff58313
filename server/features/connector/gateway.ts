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

/**
 * The gateway's SAML signing certificate and key, read in the call's transaction (one row by its key), or
 * made on first use.
 */
export async function samlSigningKey(tx: Database, sealer: Sealer, productName: string): Promise<SigningKey> {
  const read = async () => {
    const [row] = await tx.select().from(gatewayKeys).where(eq(gatewayKeys.name, SAML_SIGNING));
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
    .values({ name: SAML_SIGNING, certificate: made.certificate, privateKey: sealer.seal(made.privateKey) })
    .onConflictDoNothing();
  return (await read()) as SigningKey;
}
