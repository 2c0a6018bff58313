import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** The account id. */
  sub: string;
  /** The session id. */
  jti: string;
  /** Issued at, in seconds since the epoch. */
  iat: number;
  /** Expires at, in seconds since the epoch. */
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const signature = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

/** Signs the claims as an HS256 JSON Web Token. */
export function signToken(claims: TokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Returns the claims of a token signed with `secret` by HS256 that has not expired.
 * Throws InvalidTokenError for any other algorithm, a bad signature, missing claims or expiry.
 */
export function verifyToken(
  token: string,
  secret: string,
  nowSec = Math.floor(Date.now() / 1000),
): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
    throw new InvalidTokenError('malformed');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!isObject(header) || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) {
    throw new InvalidTokenError('unsupported algorithm');
  }
  const expected = signature(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidTokenError('bad signature');
  }
  const claims = decodeJson(payloadPart);
  if (
    !isObject(claims) ||
    typeof claims.sub !== 'string' ||
    typeof claims.jti !== 'string' ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number'
  ) {
    throw new InvalidTokenError('missing claims');
  }
  if (claims.exp <= nowSec) throw new InvalidTokenError('expired');
  return { sub: claims.sub, jti: claims.jti, iat: claims.iat, exp: claims.exp };
}
