import { createHmac } from 'node:crypto';
import { InvalidTokenError, signToken, verifyToken } from '../../../server/auth/tokens.ts';
import {
  checkPasswordPolicy,
  generatePassword,
  hashPassword,
  verifyPassword,
} from '../../../server/domain/passwords.ts';

describe('password hashes', () => {
  it('keeps the algorithm and its costs in the stored hash and verifies only the right password', async () => {
    const stored = await hashPassword('Correct-Horse-9');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Correct-Horse-9', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-9', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Same-Password-1')).not.toBe(await hashPassword('Same-Password-1'));
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$3$8$1$c2FsdA==$aGFzaA==', 'bcrypt$x', 'scrypt$16384$8$1$$']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('password policy', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
  ])('judges %s as %s', (password, expected) => {
    expect(checkPasswordPolicy(password)).toBe(expected);
  });

  it('generates 16-character passwords that always meet it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(checkPasswordPolicy(password)).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('tokens', () => {
  const SECRET = 'a-secret-for-token-tests-0123456789abcdef';
  const now = 1_800_000_000;
  const claims = { sub: 'account', jti: 'session', iat: now, exp: now + 60 };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('reads back what it signed, as a standard HS256 JWT', () => {
    const token = signToken(claims, SECRET);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
    expect(verifyToken(token, SECRET, now)).toEqual(claims);
  });

  it('refuses an expired token', () => {
    expect(() => verifyToken(signToken(claims, SECRET), SECRET, now + 60)).toThrow(InvalidTokenError);
  });

  it('refuses another algorithm, even with a valid signature', () => {
    for (const alg of ['none', 'HS512', 'RS256']) {
      const input = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
      const token = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
      expect(() => verifyToken(token, SECRET, now)).toThrow(/unsupported algorithm/);
    }
  });

  it('refuses a bad signature, missing claims and malformed tokens', () => {
    const token = signToken(claims, SECRET);
    expect(() => verifyToken(token, `${SECRET}x`, now)).toThrow(/bad signature/);
    const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'account', iat: now, exp: now + 60 })}`;
    const noJti = `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    expect(() => verifyToken(noJti, SECRET, now)).toThrow(/missing claims/);
    for (const malformed of ['', 'a.b', 'a.b.c.d', '!!.??.**', `${token}.`]) {
      expect(() => verifyToken(malformed, SECRET, now)).toThrow(InvalidTokenError);
    }
  });
});
