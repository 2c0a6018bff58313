import { canonicalNetwork, isTrusted } from '../../../server/features/tokenPack/trustedNetworks.ts';

/**
 * A token pack's trusted networks as the server keeps them (one canonical text per network) and the rule the
 * sign-in will use: whether a client's address lies in one of them.
 */

describe('the canonical form of a network', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7/24', '203.0.113.0/24'],
    ['203.0.113.7/32', '203.0.113.7'],
    ['10.255.255.255/8', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['10.0.0.0/024', '10.0.0.0/24'],
    ['2001:0DB8:0:0::1', '2001:db8::1'],
    ['2001:DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['2001:db8:abcd:12::1/32', '2001:db8::/32'],
    ['2001:db8:1:2:3:4:5:6/64', '2001:db8:1:2::/64'],
    ['fe80::1/10', 'fe80::/10'],
    ['::', '::'],
    ['::1', '::1'],
    ['::/0', '::/0'],
    // RFC 5952: one zero group is not compressed; of two equal runs, the first is.
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['1:0:0:1:0:0:1:1', '1::1:0:0:1:1'],
    ['1:0:0:1:0:0:0:1', '1:0:0:1::1'],
    // IPv4-mapped IPv6 is the IPv4 network.
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['::ffff:203.0.113.9/120', '203.0.113.0/24'],
    ['0:0:0:0:0:ffff:198.51.100.1', '198.51.100.1'],
    // An IPv4 tail that is not a mapped address stays IPv6.
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('%s is kept as %s', (value, canonical) => {
    expect(canonicalNetwork(value)).toBe(canonical);
  });

  it.each([
    '300.1.1.1',
    '10.0.0.0/33',
    '::1/129',
    'abc',
    '',
    '1.2.3',
    '01.2.3.4',
    '10.0.0.0/',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '2001:db8::1::1',
    '2001:db8:0:0:0:0:0:0:1',
    'gggg::1',
    '[::1]',
    '203.0.113.0 /24',
  ])('%j is not a network', (value) => {
    expect(canonicalNetwork(value)).toBeUndefined();
  });
});

describe('isTrusted', () => {
  const networks = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32', '::1'];

  it.each([
    ['an address inside an IPv4 range', '203.0.113.200'],
    ['the first address of the range', '203.0.113.0'],
    ['a listed IPv4 address', '198.51.100.7'],
    ['an address inside an IPv6 range', '2001:db8:ffff::42'],
    ['an IPv6 address written otherwise', '2001:0DB8:0000::0042'],
    ['a listed IPv6 address', '0:0:0:0:0:0:0:1'],
    ['an IPv4-mapped IPv6 address inside an IPv4 range', '::ffff:203.0.113.9'],
    ['an IPv4-mapped address in hexadecimal', '::ffff:c633:6407'],
    ['an IPv6 address with a zone', '2001:db8::1%eth0'],
  ])('trusts %s', (_, address) => {
    expect(isTrusted(address, networks)).toBe(true);
  });

  it.each([
    ['an address outside the ranges', '203.0.114.1'],
    ['the neighbour of a listed address', '198.51.100.8'],
    ['an IPv6 address outside the range', '2001:db9::1'],
    ['an IPv4 address against IPv6 networks only', '203.0.113.9', ['2001:db8::/32']],
    ['an IPv6 address against IPv4 networks only', '2001:db8::1', ['0.0.0.0/0']],
    ['an IPv4-mapped address outside the ranges', '::ffff:192.0.2.1'],
    ['what is not an address', 'localhost'],
    ['a range instead of an address', '203.0.113.0/24'],
    ['an empty address', ''],
  ])('does not trust %s', (_, address, list = networks) => {
    expect(isTrusted(address, list)).toBe(false);
  });

  it('trusts nothing without networks, everything under /0, and skips networks that are not ones', () => {
    expect(isTrusted('203.0.113.9', [])).toBe(false);
    expect(isTrusted('203.0.113.9', ['0.0.0.0/0'])).toBe(true);
    expect(isTrusted('2001:db8::1', ['::/0'])).toBe(true);
    expect(isTrusted('203.0.113.9', ['garbage', '300.0.0.0/8', '203.0.113.9'])).toBe(true);
    expect(isTrusted('203.0.113.9', ['garbage'])).toBe(false);
  });

  it('reads a range with host bits set as its network', () => {
    expect(isTrusted('203.0.113.1', ['203.0.113.77/24'])).toBe(true);
    expect(isTrusted('203.0.112.1', ['203.0.113.77/23'])).toBe(true);
    expect(isTrusted('203.0.114.1', ['203.0.113.77/23'])).toBe(false);
  });
});
