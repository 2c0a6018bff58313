import { describe, expect, it } from 'vitest';
import { tokenExpiry } from '../../../src/authProvider';
import { isAllowedOrigin, tokenMessageOf } from '../../../src/pages/iframe/embedding';
import { frameTwinOf } from '../../../src/pages/iframe/FrameScreen';
import { jwt } from './frames';

const SELF = 'https://portal.example';

describe('who may pass an embeddable screen its token', () => {
  it("takes 'self' as the portal's own origin only", () => {
    expect(isAllowedOrigin(SELF, ["'self'"], SELF)).toBe(true);
    expect(isAllowedOrigin('https://other.example', ["'self'"], SELF)).toBe(false);
    expect(isAllowedOrigin(SELF, ["'none'"], SELF)).toBe(false);
  });

  it('matches origins by scheme, host (with a wildcard for subdomains) and port', () => {
    const sources = ['https://app.example.com', 'https://*.partner.example:8443', 'http://127.0.0.1:*'];
    expect(isAllowedOrigin('https://app.example.com', sources, SELF)).toBe(true);
    expect(isAllowedOrigin('https://app.example.com:443', sources, SELF)).toBe(true);
    expect(isAllowedOrigin('http://app.example.com', sources, SELF)).toBe(false);
    expect(isAllowedOrigin('https://app.example.com:8443', sources, SELF)).toBe(false);
    expect(isAllowedOrigin('https://evil-app.example.com', sources, SELF)).toBe(false);
    expect(isAllowedOrigin('https://a.b.partner.example:8443', sources, SELF)).toBe(true);
    expect(isAllowedOrigin('https://partner.example:8443', sources, SELF)).toBe(false);
    expect(isAllowedOrigin('https://x.partner.example', sources, SELF)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:5123', sources, SELF)).toBe(true);
    expect(isAllowedOrigin('null', sources, SELF)).toBe(false);
  });

  it('takes a scheme source as every origin of that scheme', () => {
    expect(isAllowedOrigin('https://anything.example', ['https:'], SELF)).toBe(true);
    expect(isAllowedOrigin('http://anything.example', ['https:'], SELF)).toBe(false);
  });

  it('reads the token message, and nothing else', () => {
    expect(tokenMessageOf({ type: 'gateway-portal:token', token: 't', customerId: 'c1' })).toEqual({
      type: 'gateway-portal:token',
      token: 't',
      customerId: 'c1',
    });
    expect(tokenMessageOf({ type: 'gateway-portal:token', token: '' })).toBeUndefined();
    expect(tokenMessageOf({ type: 'gateway-portal:token', token: 't', customerId: 3 })).toBeUndefined();
    expect(tokenMessageOf('gateway-portal:token')).toBeUndefined();
  });

  it('reads the expiry of a token from its exp claim', () => {
    expect(tokenExpiry(jwt(2_000_000_000))).toBe(2_000_000_000_000);
    expect(tokenExpiry('not-a-token')).toBeUndefined();
  });

  it('keeps links to a screen with an /iframe/ twin in the frame', () => {
    expect(frameTwinOf('/users')).toBe('/iframe/user-list');
    expect(frameTwinOf('/account')).toBe('/iframe/account-list');
    expect(frameTwinOf('/ldap/d1')).toBe('/iframe/ldap-edit/d1');
    expect(frameTwinOf('/ldap/create')).toBeUndefined();
    expect(frameTwinOf('/users/u1/show')).toBeUndefined();
  });
});
