import { API_KEY_HINT_LENGTH, API_KEY_PREFIX } from '../../../contract/https.ts';
import { OIDC_SECRET_BYTES } from '../../../contract/oidc.ts';
import { RADIUS_SECRET_LENGTH } from '../../../contract/radius.ts';
import { SAML_PROTOCOLS, type SamlDefaults } from '../../../contract/saml.ts';
import { SAML2_ERRORS } from '../../../contract/saml2.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { saml2Connectors, samlSettings } from '../../db/schema.ts';
import { claimUniqueText } from '../../db/uniqueText.ts';
import { randomAlphanumeric, randomToken, type Sealer, sha256Hex } from '../../domain/secrets.ts';
import { fail } from '../../errors.ts';
import { samlSigningKey } from './gateway.ts';

/**
 * What the gateway generates for a new connector, and the defaults a new one starts from: used by the
 * connector routes and by the service launch, which makes a connector from its name alone.
 */

/** A RADIUS shared secret, sealed (letters and digits). */
export const newRadiusSecret = (sealer: Sealer): string =>
  sealer.seal(randomAlphanumeric(RADIUS_SECRET_LENGTH));

/** A new API key and what is stored of it (its SHA-256 hash and its first characters). */
export const newApiKey = () => {
  const apiKey = `${API_KEY_PREFIX}${randomAlphanumeric(40)}`;
  return { apiKey, apiKeyHash: sha256Hex(apiKey), apiKeyHint: `${apiKey.slice(0, API_KEY_HINT_LENGTH)}…` };
};

/** An OIDC client id of the customer: `oidc-<customer>-<random>`, so that its realm is the customer's. */
export const newOidcClientId = (customerId: string): string =>
  `oidc-${customerId.replaceAll('-', '')}-${randomAlphanumeric(16).toLowerCase()}`;

/** An OIDC client secret, sealed. */
export const newOidcSecret = (sealer: Sealer): string => sealer.seal(randomToken(OIDC_SECRET_BYTES));

/**
 * The SAML 2.0 URL suffix, refused (409) when a connector has it: in a customer's transaction the others'
 * connectors are out of sight, and the unique index answers for them (the rows' `translate`).
 */
export const claimSaml2Uname = (tx: Database, uname: string, exceptId?: string) =>
  claimUniqueText(
    tx,
    {
      lock: 727_321,
      table: saml2Connectors,
      column: saml2Connectors.uname,
      id: saml2Connectors.id,
      taken: () => fail(SAML2_ERRORS.nameExisted),
    },
    uname,
    exceptId,
  );

/** The paths a new Office 365 connector starts from when the provider's SAML setting has none. */
const GATEWAY_PATHS = {
  signInPath: '/saml/o365/sso',
  signOutPath: '/saml/o365/slo',
  metaPath: '/saml/o365/metadata',
};

/**
 * What a new Office 365 connector starts from: the provider's SAML setting, else this gateway (`origin`) and
 * its signing certificate (made on first use).
 */
export async function samlDefaults(
  tx: Database,
  sealer: Sealer,
  config: Pick<Config, 'productName'>,
  origin: string,
): Promise<SamlDefaults> {
  const [setting] = await tx.select().from(samlSettings).limit(1);
  const pick = (value: string | undefined, fallback: string) => (value ? value : fallback);
  const protocol = SAML_PROTOCOLS.find((known) => known.toLowerCase() === setting?.protocol.toLowerCase());
  return {
    url: pick(setting?.url, origin),
    protocol: protocol ?? 'saml',
    signInPath: pick(setting?.signInPath, GATEWAY_PATHS.signInPath),
    signOutPath: pick(setting?.signOutPath, GATEWAY_PATHS.signOutPath),
    metaPath: pick(setting?.metaPath, GATEWAY_PATHS.metaPath),
    cert: setting?.cert ? setting.cert : (await samlSigningKey(tx, sealer, config.productName)).certificate,
  };
}
