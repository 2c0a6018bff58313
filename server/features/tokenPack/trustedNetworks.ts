import { isNetwork } from '../../../contract/tokenPack.ts';

/**
 * A token pack's trusted networks (docs/requirements/billing-services-entities.md White-list IP): IPv4 and IPv6 addresses and CIDR ranges, kept
 * in one canonical form so that the same network is the same text (the unique index of white_list_ips):
 * - IPv4 as dotted decimal ('203.0.113.7'); IPv6 lower-case, without leading zeros, its longest run of two
 *   or more zero groups written '::' (RFC 5952: '2001:0DB8:0:0::1' is '2001:db8::1');
 * - a range as its network address, host bits zeroed ('203.0.113.7/24' is '203.0.113.0/24'); a prefix as
 *   long as the address (/32, /128) is the address itself;
 * - an IPv4-mapped IPv6 address or range (::ffff:203.0.113.9, ::ffff:203.0.113.0/120) is the IPv4 one.
 *
 * `isTrusted` is the sign-in's rule: whether a client address lies in one of a pack's networks.
 */

export interface Network {
  version: 4 | 6;
  /** The address as a number (32 or 128 bits). */
  address: bigint;
  /** The prefix length: 32 or 128 for one address. */
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

/** The ::ffff:0:0/96 prefix of IPv4-mapped IPv6 addresses. */
const MAPPED_PREFIX = 0xffffn << 32n;

function ipv4Number(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

/** An IPv6 address (checked by isNetwork already) as a number: `::` expanded, an IPv4 tail read. */
function ipv6Number(text: string): bigint {
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string): bigint[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [BigInt(`0x${group}`)];
          const v4 = ipv4Number(group);
          return [v4 >> 16n, v4 & 0xffffn];
        });
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** The network address of `address` under `prefix`: the host bits zeroed. */
const masked = (address: bigint, prefix: number, bits: number): bigint => {
  const hostBits = BigInt(bits - prefix);
  return (address >> hostBits) << hostBits;
};

/** An IPv4-mapped IPv6 network as the IPv4 one; any other as it is. */
function unmapped(network: Network): Network {
  if (network.version !== 6 || network.prefix < 96) return network;
  if (network.address >> 32n !== MAPPED_PREFIX >> 32n) return network;
  return { version: 4, address: network.address & 0xffffffffn, prefix: network.prefix - 96 };
}

/**
 * A network (an address, or an address and a prefix) as numbers, or undefined when `text` is not one
 * (isNetwork of the contract). Mapped IPv6 is read as IPv4; the host bits are kept (see `canonicalNetwork`).
 */
export function parseNetwork(text: string): Network | undefined {
  if (!isNetwork(text)) return undefined;
  const [address = '', prefix] = text.split('/');
  const version = address.includes(':') ? 6 : 4;
  const network: Network = {
    version,
    address: version === 4 ? ipv4Number(address) : ipv6Number(address),
    prefix: prefix === undefined ? BITS[version] : Number(prefix),
  };
  return unmapped(network);
}

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952: lower case, no leading zeros, the first longest run of at least two zero groups as '::'. */
function ipv6Text(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, index) =>
    Number((value >> BigInt(112 - 16 * index)) & 0xffffn),
  );
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = end;
  }
  const hex = (part: number[]) => part.map((group) => group.toString(16)).join(':');
  if (best.length < 2) return hex(groups);
  return `${hex(groups.slice(0, best.start))}::${hex(groups.slice(best.start + best.length))}`;
}

/** The canonical text of a network (see the module's comment), or undefined when `text` is not one. */
export function canonicalNetwork(text: string): string | undefined {
  const network = parseNetwork(text);
  if (!network) return undefined;
  const bits = BITS[network.version];
  const address = masked(network.address, network.prefix, bits);
  const written = network.version === 4 ? ipv4Text(address) : ipv6Text(address);
  return network.prefix === bits ? written : `${written}/${network.prefix}`;
}

/** A client address as the server sees it: IPv4, IPv6 (a zone such as %eth0 is dropped), or mapped. */
function parseAddress(text: string): Network | undefined {
  const address = text.trim().replace(/%[^%]*$/, '');
  if (address.includes('/')) return undefined;
  return parseNetwork(address);
}

/**
 * Whether `address` (a client's address: IPv4, IPv6, or IPv4-mapped IPv6 such as ::ffff:203.0.113.9)
 * lies in one of `networks` (addresses or CIDR ranges, canonical or not). A value that is not an address
 * or a network matches nothing; IPv4 and IPv6 never match each other, except through the mapped form.
 */
export function isTrusted(address: string, networks: readonly string[]): boolean {
  const client = parseAddress(address);
  if (!client) return false;
  return networks.some((text) => {
    const network = parseNetwork(text.trim());
    if (!network || network.version !== client.version) return false;
    const bits = BITS[network.version];
    return masked(client.address, network.prefix, bits) === masked(network.address, network.prefix, bits);
  });
}
