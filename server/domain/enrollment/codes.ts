import { randomBytes } from 'node:crypto';
import {
  ACTIVATION_CODE_PATTERN,
  ACTIVATION_CODE_TTL_DAYS,
  type ActivationCodeStatus,
} from '../../../contract/activationCode.ts';

/**
 * Activation codes as text: 80 random bits from the system's cryptographic generator, written as 16
 * characters of Crockford's base32 (no I, L, O or U) in groups of four, `7KQ2-M9XD-4FHT-0BWE`. Unguessable
 * (2^80 codes, and the activation call is rate-limited), short enough to type from an email.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BYTES = 10;

/** The code of 10 random bytes (two halves of 40 bits, 8 characters each: exact in a Number). */
export function formatCode(bytes: Uint8Array): string {
  let text = '';
  for (const start of [0, 5]) {
    let value = 0;
    for (let index = start; index < start + 5; index++) value = value * 256 + bytes[index]!;
    let half = '';
    for (let index = 0; index < 8; index++) {
      half = CROCKFORD[value % 32] + half;
      value = Math.floor(value / 32);
    }
    text += half;
  }
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}-${text.slice(12)}`;
}

/** `count` new codes (one call to the generator for all of them). */
export function newCodes(count: number): string[] {
  const bytes = randomBytes(count * BYTES);
  return Array.from({ length: count }, (_, index) =>
    formatCode(bytes.subarray(index * BYTES, (index + 1) * BYTES)),
  );
}

/**
 * A code as typed or read back: case, spaces and dashes do not matter, and the letters Crockford's
 * alphabet leaves out read as the digits they look like (O as 0, I and L as 1). Undefined when it cannot
 * be a code.
 */
export function normalizeCode(input: string): string | undefined {
  const plain = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (plain.length !== 16) return undefined;
  const code = `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8, 12)}-${plain.slice(12)}`;
  return ACTIVATION_CODE_PATTERN.test(code) ? code : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a code made at `now` stops activating. */
export const expiryFrom = (now: Date): Date => new Date(now.getTime() + ACTIVATION_CODE_TTL_DAYS * DAY_MS);

/** The status a code shows: a NEW code past its expiry date is EXPIRED (no job writes it). */
export const statusOf = (
  row: { status: 'NEW' | 'ACTIVATED'; expireDate: Date },
  now: Date = new Date(),
): ActivationCodeStatus =>
  row.status === 'NEW' && row.expireDate.getTime() < now.getTime() ? 'EXPIRED' : row.status;
