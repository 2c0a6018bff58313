import { generate, generateSecret, verify } from 'otplib';

/**
 * The TOTP seeds of activated devices (RFC 6238): 160 random bits (otplib's generator, the platform's
 * cryptographic one), written in base32 as authenticator apps take them; codes of 6 digits, HMAC-SHA1,
 * every 30 seconds, what every authenticator app supports.
 */

export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const options = { algorithm: 'sha1', digits: TOTP_SETTINGS.digits, period: TOTP_SETTINGS.period } as const;

/** A new seed, base32. */
export const newTotpSeed = (): string => generateSecret({ length: 20 });

/** The code of `seed` at `at` (now by default). */
export const totpCode = (seed: string, at: Date = new Date()): Promise<string> =>
  generate({ ...options, secret: seed, epoch: Math.floor(at.getTime() / 1000) });

/** Whether `token` is the code of `seed` at `at`, or of the period before or after it. */
export async function verifyTotp(seed: string, token: string, at: Date = new Date()): Promise<boolean> {
  const result = await verify({
    ...options,
    secret: seed,
    token,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_SETTINGS.period,
  });
  return result.valid;
}
