import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/**
 * Secrets at rest. A secret the gateway must present again (a RADIUS shared secret, an OIDC client secret, a
 * private key) is sealed with AES-256-GCM under a key derived from the secrets key (SECRETS_KEY, or the file
 * kept beside the JWT secret): a reader of the database alone cannot use it, and a changed byte is refused.
 * A secret the gateway only checks (an API key) is kept as its SHA-256 hash instead.
 */

export interface Sealer {
  seal(plain: string): string;
  /** Throws when the text was not sealed with this key or was changed. */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSealer(secretsKey: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'gateway-portal', 'sealed secrets v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag, extra] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag || extra !== undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` letters and digits, each drawn uniformly with the system's cryptographic generator. */
export const randomAlphanumeric = (length: number): string =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** `bytes` random bytes as base64url text. */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
