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

/** A code as an authenticator app shows it: 6 digits (spaces allowed, as in `123 456`). */
const TOKEN = /^\d{6}$/;
const tokenOf = (input: string): string | undefined => {
  const token = input.replace(/\s+/g, '');
  return TOKEN.test(token) ? token : undefined;
};

/**
 * The time step (unix time / 30) whose code `token` is, among the period of `at` and the ones before and
 * after it; undefined when it is none of them, or not a code at all. Steps up to `afterStep` are refused:
 * pass the step of the last code accepted, so that a code works once.
 */
export async function matchedTotpStep(
  seed: string,
  token: string,
  at: Date = new Date(),
  afterStep?: number | null,
): Promise<number | undefined> {
  const digits = tokenOf(token);
  if (digits === undefined) return undefined;
  const epoch = Math.floor(at.getTime() / 1000);
  const result = await verify({
    ...options,
    secret: seed,
    token: digits,
    epoch,
    epochTolerance: TOTP_SETTINGS.period,
  });
  if (!result.valid) return undefined;
  const step = Math.floor(epoch / TOTP_SETTINGS.period) + result.delta;
  return afterStep !== undefined && afterStep !== null && step <= afterStep ? undefined : step;
}

/** Whether `token` is the code of `seed` at `at`, or of the period before or after it. */
export async function verifyTotp(seed: string, token: string, at: Date = new Date()): Promise<boolean> {
  return (await matchedTotpStep(seed, token, at)) !== undefined;
}
