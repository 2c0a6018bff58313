import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  brokenPasswordRule,
  meetsPasswordRules,
  NEW_PASSWORD_MAX_LENGTH,
  PASSWORD_HISTORY,
} from '../../contract/rules.ts';
import { PASSWORD_ERRORS } from '../../contract/session.ts';
import { type AppError, fail, type MessageParams } from '../errors.ts';
import { fromRoot } from '../paths.ts';

/** Cost parameters for new hashes; verification reads them back from each stored hash. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function deriveKey(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const memoryFor = (N: number, r: number) => 256 * N * r;

/** Returns a self-describing hash: `scrypt$N$r$p$saltBase64$hashBase64`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, KEY_LENGTH, { ...COST, maxmem: memoryFor(COST.N, COST.r) });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32) return false;
  if (!Number.isInteger(p) || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await deriveKey(password, salt, expected.length, { N, r, p, maxmem: memoryFor(N, r) });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for logins that match no account,
 * so that the answer time does not tell which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(password, await dummyHash);
}

/** The spec's rule: at least 8 characters, with an uppercase letter, a lowercase letter and a digit. */
export const checkPasswordPolicy = (password: string): boolean => meetsPasswordRules(password);

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Whether `password` is one of the 10,000 most common passwords, ignoring case (commonPasswords.txt, read
 * once, under 1 MB in memory; never sent to the portal).
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(fromRoot('server', 'domain', 'commonPasswords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The first rule a new password breaks, as the error that says so (its params filled), or undefined: at
 * most 128 characters, the spec's rule, not the email's name (contract/rules.ts), not a common password.
 * The account's last passwords are the caller's to check (isRecentPassword). `field` names the form's field
 * in the answer, for the portal to say it there.
 */
export function passwordRefusal(
  password: string,
  context: { email?: string | null; field: string },
): AppError | undefined {
  const params: MessageParams = { field: context.field };
  const broken = brokenPasswordRule(password, context.email);
  if (broken === 'tooLong')
    return fail(PASSWORD_ERRORS.tooLong, { ...params, maxLength: NEW_PASSWORD_MAX_LENGTH });
  if (broken) return fail(PASSWORD_ERRORS[broken], params);
  if (isCommonPassword(password)) return fail(PASSWORD_ERRORS.common, params);
  return undefined;
}

/** Throws passwordRefusal's error when there is one. */
export function assertNewPassword(password: string, context: { email?: string | null; field: string }): void {
  const refusal = passwordRefusal(password, context);
  if (refusal) throw refusal;
}

/**
 * Whether `password` is one of an account's previous passwords (`previousHashes`, newest first: those kept
 * beside the current one, PASSWORD_HISTORY - 1 of them), compared with verifyPassword.
 */
export async function isRecentPassword(
  password: string,
  previousHashes: readonly string[],
): Promise<boolean> {
  for (const hash of previousHashes.slice(0, PASSWORD_HISTORY - 1)) {
    if (await verifyPassword(password, hash)) return true;
  }
  return false;
}

/**
 * The previous hashes an account keeps once its password `currentHash` is replaced: that one, then the
 * newest of the others, PASSWORD_HISTORY - 1 in all (with the new current one, the last PASSWORD_HISTORY).
 */
export const previousHashesAfter = (currentHash: string, previousHashes: readonly string[]): string[] =>
  [currentHash, ...previousHashes].slice(0, PASSWORD_HISTORY - 1);

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** A random 16-character password that satisfies the policy (no look-alike characters). */
export function generatePassword(length = 16): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * A first password for the account of `email`: random (generatePassword), and one the password rules take
 * (it could hold a short email's name).
 */
export function generatePasswordFor(email: string, generate: () => string = generatePassword): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const password = generate();
    if (!passwordRefusal(password, { email, field: 'password' })) return password;
  }
  throw new Error('no generated password met the password rules');
}
